/**
 * The servers the benchmark loads: the same users API (examples/server) on each engine,
 * litejit and better-sqlite3 on Node's node:http, litejit and node:sqlite on Deno.serve.
 */
const EXAMPLE = new URL("../../examples/server/", import.meta.url).pathname;

/** One server setup. */
export interface ServerCase {
  /** The table's engine column (`litejit js`, `better-sqlite3`, …). */
  engine: string;
  runtime: "Node" | "Deno";
  workers: number;
  /** The command that serves the API on `port` from `db`. */
  command(db: string, port: number): { cmd: string; args: string[] };
}

/** The engine every ratio is taken against. */
export const BASELINE = "better-sqlite3";

function nodeCase(engine: string, flags: string[], workers: number): ServerCase {
  return {
    engine,
    runtime: "Node",
    workers,
    command: (db, port) => ({
      cmd: "node",
      args: [
        `${EXAMPLE}node_server.mjs`,
        "--db",
        db,
        "--port",
        `${port}`,
        ...flags,
        "--workers",
        `${workers}`,
      ],
    }),
  };
}

function denoCase(engine: string, flags: string[]): ServerCase {
  return {
    engine,
    runtime: "Deno",
    workers: 1,
    command: (db, port) => ({
      cmd: Deno.execPath(),
      args: ["run", "-A", `${EXAMPLE}deno_server.ts`, "--db", db, "--port", `${port}`, ...flags],
    }),
  };
}

/** Every setup, in table order. */
export const SERVER_CASES: readonly ServerCase[] = [
  nodeCase("better-sqlite3", ["--engine", "better-sqlite3"], 1),
  nodeCase("litejit interpreter", ["--backend", "interpreter"], 1),
  nodeCase("litejit js", ["--backend", "js"], 1),
  nodeCase("litejit wasm", ["--backend", "wasm"], 1),
  nodeCase("better-sqlite3", ["--engine", "better-sqlite3"], 2),
  nodeCase("litejit js", ["--backend", "js"], 2),
  denoCase("node:sqlite", ["--engine", "node:sqlite"]),
  denoCase("litejit js", ["--backend", "js"]),
];

/** The two endpoints, as load.mjs names them and as the table shows them. */
export const ENDPOINTS = [
  { name: "list", label: "`/users` (200 rows)" },
  { name: "point", label: "`/users/:id`" },
] as const;
