/**
 * Where the CLI reads and writes: the process's stdin/stdout/stderr, or (in tests) strings.
 */
import { type ProcessHost, runtimeProcess } from "./runtime_process.ts";

/** The CLI's input and output. */
export interface CliIo {
  /** Writes to stdout. */
  out(text: string): void;
  /** Writes to stderr. */
  err(text: string): void;
  /** The lines of stdin, without their line ends. */
  lines(): AsyncIterable<string>;
  /** Whether stdin is a terminal (then prompts are shown). */
  readonly interactive: boolean;
  /** Whether stdout is a terminal that may get ANSI colours. */
  readonly color: boolean;
}

/** Lines of a stream of text chunks (`\n` or `\r\n` line ends; a last line without one too). */
export async function* splitLines(chunks: AsyncIterable<string>): AsyncIterable<string> {
  let pending = "";
  for await (const chunk of chunks) {
    pending += chunk;
    let nl: number;
    while ((nl = pending.indexOf("\n")) >= 0) {
      yield pending.slice(0, nl).replace(/\r$/, "");
      pending = pending.slice(nl + 1);
    }
  }
  if (pending !== "") yield pending.replace(/\r$/, "");
}

/**
 * The process's standard streams, through the runtime's own API (Deno's, or Node's
 * `process`; cli/runtime_process.ts), so that the same code runs under Deno (`deno task cli`)
 * and Node (the npm package's `litejit` command).
 */
export function processIo(host: ProcessHost = runtimeProcess()): CliIo {
  return {
    out: (text) => host.stdout.write(text),
    err: (text) => host.stderr.write(text),
    lines: () => splitLines(textChunks(host.stdin())),
    interactive: host.stdinIsTerminal,
    color: host.stdout.isTerminal && !host.noColor,
  };
}

async function* textChunks(stream: AsyncIterable<Uint8Array | string>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  for await (const chunk of stream) {
    yield typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  }
  const rest = decoder.decode();
  if (rest !== "") yield rest;
}

/** An in-memory CliIo: stdin from `input`, stdout and stderr collected. */
export interface CapturedIo extends CliIo {
  readonly stdout: string;
  readonly stderr: string;
}

/** A CliIo over strings, for tests and for embedding. */
export function stringIo(input = "", options: { interactive?: boolean } = {}): CapturedIo {
  let stdout = "", stderr = "";
  return {
    out: (text) => void (stdout += text),
    err: (text) => void (stderr += text),
    lines: () =>
      splitLines((async function* () {
        yield input;
      })()),
    interactive: options.interactive ?? false,
    color: false,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
  };
}
