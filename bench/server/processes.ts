/**
 * The child processes of the server benchmark: a server (ready once it prints its
 * `listening on` line), the writer, and one autocannon load (bench/server/load.mjs on Node).
 */
import type { ServerCase } from "./cases.ts";

const LOAD = new URL("./load.mjs", import.meta.url).pathname;
const WRITER = new URL("./writer.ts", import.meta.url).pathname;

/** A port nothing listens on right now. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Reads `stream` until a line contains `text`; fails if the stream ends first. */
async function waitForLine(stream: ReadableStream<Uint8Array>, text: string): Promise<void> {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (!seen.includes(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the server exited before "${text}":\n${seen}`);
    seen += value;
  }
  // Keep draining, so the child never blocks writing to a full pipe.
  (async () => {
    while (!(await reader.read()).done) { /* discard */ }
  })();
}

/** A running server of one case. */
export interface Server {
  url: string;
  stop(): Promise<void>;
}

/** Starts one case's server on a free port and waits until it accepts requests. */
export async function startServer(serverCase: ServerCase, db: string): Promise<Server> {
  const port = freePort();
  const { cmd, args } = serverCase.command(db, port);
  const child = new Deno.Command(cmd, { args, stdout: "piped", stderr: "inherit" }).spawn();
  const ready = waitForLine(child.stdout, "listening on");
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`${serverCase.engine}: not listening after 30 s`)), 30000)
  );
  try {
    await Promise.race([ready, timeout]);
  } catch (e) {
    child.kill("SIGKILL");
    throw e;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}

/** A running writer; `stop` returns how many commits it made per second. */
export interface Writer {
  stop(): Promise<{ commits: number; seconds: number }>;
}

/** Starts bench/server/writer.ts on `db`. */
export function startWriter(db: string, intervalMs: number): Writer {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", WRITER, db, "--interval-ms", `${intervalMs}`],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const output = child.output();
  return {
    async stop() {
      await child.stdin.close(); // the writer stops at the end of its stdin
      const out = await output;
      if (!out.success) throw new Error(`the writer failed (exit ${out.code})`);
      return JSON.parse(new TextDecoder().decode(out.stdout));
    },
  };
}

/** What one load measured (load.mjs's JSON line). */
export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

/** The options of one load. */
export interface LoadSpec {
  url: string;
  endpoint: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  rows: number;
}

/** Runs one autocannon load (with its warm-up) and returns what it measured. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const out = await new Deno.Command("node", {
    args: [LOAD, JSON.stringify(spec)],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!out.success) throw new Error(`autocannon failed (exit ${out.code})`);
  return JSON.parse(new TextDecoder().decode(out.stdout));
}
