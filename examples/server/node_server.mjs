/**
 * The users API on Node's node:http, reading with litejit (or, for comparison,
 * better-sqlite3): the shape of the usual Fastify + better-sqlite3 read API.
 *
 *   node examples/server/node_server.mjs --db users.db [--port 3000] [--engine litejit]
 *        [--backend js|wasm|interpreter] [--workers N]
 *
 * `--engine better-sqlite3` serves the same API with better-sqlite3 (install it with
 * `npm install` in this folder). With `--workers N` (N > 1) node:cluster forks N
 * processes that share the port, each with its own connection to the same file: reads
 * scale across cores, and litejit takes no locks, so a writer is never blocked by them.
 * Prints `listening on http://host:port` once every worker accepts requests.
 *
 * @module
 */
import cluster from "node:cluster";
import http from "node:http";
import { parseArgs } from "node:util";
import { prepareUsers, route, SERVER_OPTIONS } from "./users_api.mjs";

const { values: args } = parseArgs({
  options: { ...SERVER_OPTIONS, workers: { type: "string", default: "1" } },
});
if (!args.db) throw new Error("--db <file> is required");
const workers = Number(args.workers);

/**
 * Opens the database with the chosen engine; both have the same prepare/all/get API.
 *
 * @returns {Promise<import("./users_api.mjs").Connection>}
 */
async function openDatabase() {
  if (args.engine === "better-sqlite3") {
    const { default: BetterSqlite3 } = await import("better-sqlite3");
    return new BetterSqlite3(args.db, { readonly: true });
  }
  if (args.engine !== "litejit") throw new Error(`unknown --engine ${args.engine}`);
  const { Database } = await import("litejit");
  return new Database(args.db, args.backend ? { backend: args.backend } : {});
}

/** Serves the API in this process; resolves once the port accepts connections. */
async function serve() {
  const statements = prepareUsers(await openDatabase()); // prepared once, at start
  const server = http.createServer((req, res) => {
    const { status, body } = req.method === "GET"
      ? route(statements, req.url ?? "/")
      : { status: 405, body: '{"error":"method not allowed"}' };
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(Number(args.port), args.host, () => resolve()));
}

if (workers > 1 && cluster.isPrimary) {
  let ready = 0;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on("listening", () => {
    if (++ready === workers) console.log(`listening on http://${args.host}:${args.port}`);
  });
  cluster.on("exit", (_worker, code) => {
    if (code !== 0) process.exit(code ?? 1); // a crashed worker fails the whole server
  });
  process.on("SIGTERM", () => {
    cluster.removeAllListeners("exit");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  await serve();
  if (workers <= 1) console.log(`listening on http://${args.host}:${args.port}`);
}
