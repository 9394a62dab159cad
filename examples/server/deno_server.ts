/**
 * The users API on Deno's `Deno.serve`, reading with litejit (or, for comparison,
 * node:sqlite, which Deno ships):
 *
 *   deno run --allow-read --allow-net --allow-env examples/server/deno_server.ts \
 *        --db users.db [--port 3000] [--engine litejit|node:sqlite] [--backend js]
 *
 * The routes and SQL are users_api.mjs's, the same code the Node server runs.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { type BackendName, Database } from "../../mod.ts";
import { type Connection, prepareUsers, route, SERVER_OPTIONS } from "./users_api.mjs";

/** What `startDenoServer` needs. */
export interface DenoServerOptions {
  /** The database file. */
  path: string;
  /** `"litejit"` (default) or `"node:sqlite"`. */
  engine?: string;
  /** litejit's backend (`"js"`, `"wasm"`, `"interpreter"`); the default one if omitted. */
  backend?: BackendName;
  /** 0 (default) picks a free port. */
  port?: number;
  hostname?: string;
  /** Several processes may listen on one port (Linux), one connection each. */
  reusePort?: boolean;
}

/** A running server. */
export interface RunningServer {
  /** `http://host:port`, without a trailing slash. */
  url: string;
  /** Stops accepting, waits for open requests, closes the database. */
  shutdown(): Promise<void>;
}

function openDatabase(options: DenoServerOptions): Connection & { close(): void } {
  const engine = options.engine ?? "litejit";
  if (engine === "node:sqlite") return new DatabaseSync(options.path, { readOnly: true });
  if (engine !== "litejit") throw new Error(`unknown engine ${engine}`);
  return new Database(options.path, options.backend ? { backend: options.backend } : {});
}

/**
 * Opens the database, prepares the API's statements once and serves them.
 *
 * @example
 * ```ts
 * const server = startDenoServer({ path: "users.db", port: 3000 });
 * console.log(await (await fetch(`${server.url}/users/1`)).json());
 * await server.shutdown();
 * ```
 */
export function startDenoServer(options: DenoServerOptions): RunningServer {
  const db = openDatabase(options);
  const statements = prepareUsers(db);
  const server = Deno.serve({
    port: options.port ?? 0,
    hostname: options.hostname ?? "127.0.0.1",
    reusePort: options.reusePort ?? false,
    onListen: () => {},
  }, (request) => {
    if (request.method !== "GET") return json(405, '{"error":"method not allowed"}');
    const url = new URL(request.url);
    const { status, body } = route(statements, url.pathname + url.search);
    return json(status, body);
  });
  const { hostname, port } = server.addr as Deno.NetAddr;
  return {
    url: `http://${hostname}:${port}`,
    async shutdown() {
      await server.shutdown();
      db.close();
    },
  };
}

function json(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { ...SERVER_OPTIONS, "reuse-port": { type: "boolean", default: false } },
  });
  if (!values.db) throw new Error("--db <file> is required");
  const server = startDenoServer({
    path: values.db,
    engine: values.engine,
    backend: values.backend as BackendName | undefined,
    port: Number(values.port),
    hostname: values.host,
    reusePort: values["reuse-port"],
  });
  console.log(`listening on ${server.url}`);
}
