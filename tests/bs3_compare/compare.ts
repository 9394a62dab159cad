/**
 * Runs the comparison cases (all_cases.mjs) on the real better-sqlite3 (v12, under Node)
 * and on litejit's drop-in, on copies of one database file. better-sqlite3's own test
 * suite is not published with the package, so these cases stand in for it.
 */
import { DatabaseSync } from "node:sqlite";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import Database from "../../better_sqlite3.ts";
export { buildComparisonDb } from "./fixture.ts";
// @ts-types="./cases.d.mts"
import { cases } from "./all_cases.mjs";
// @ts-types="./cases.d.mts"
import { normalize } from "./harness.mjs";

/** The better-sqlite3 version the drop-in follows. */
export const VERSION = "12";

/**
 * A folder holding `node_modules/better-sqlite3` (v12), installed with npm on first use:
 * `LITEJIT_BS3_DIR`, or a folder in the system's temporary directory.
 */
export async function ensureBetterSqlite3(): Promise<string> {
  const dir = Deno.env.get("LITEJIT_BS3_DIR") ?? `${tmpdir()}/litejit-better-sqlite3-${VERSION}`;
  const addon = `${dir}/node_modules/better-sqlite3/build/Release/better_sqlite3.node`;
  if (existsSync(addon)) return dir;
  const out = await new Deno.Command("npm", {
    args: ["install", "--prefix", dir, "--no-audit", "--no-fund", `better-sqlite3@${VERSION}`],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success || !existsSync(addon)) {
    throw new Error(
      `npm could not install better-sqlite3@${VERSION} into ${dir}:\n` +
        new TextDecoder().decode(out.stderr),
    );
  }
  return dir;
}

/** Every case's result on the real better-sqlite3, by case name. */
export async function betterSqlite3Results(
  bs3Dir: string,
  fixture: string,
): Promise<Record<string, unknown>> {
  const work = await Deno.makeTempDir({ prefix: "litejit_bs3_node_" });
  const nodeSide = new URL("./node_side.mjs", import.meta.url).pathname;
  const out = await new Deno.Command("node", {
    args: [nodeSide, fixture, work, bs3Dir],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`node_side.mjs failed:\n${new TextDecoder().decode(out.stderr)}`);
  }
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

/** Writes SQL to a file with node:sqlite, a connection opened for the call. */
function write(sql: string, file: string): void {
  const db = new DatabaseSync(file);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

/**
 * The drop-in's Database on one backend: `Database` itself (its name, `db.constructor`,
 * a call without `new`), with `backend` added to the options.
 */
function dropinOn(backend: string): typeof Database {
  const withBackend = (args: unknown[]) => {
    const [f, o = {}] = args;
    return [f, o && typeof o === "object" ? { backend, ...o } : o] as never[];
  };
  return new Proxy(Database, {
    construct: (target, args) => new target(...withBackend(args)),
    apply: (target, _this, args) => new target(...withBackend(args)),
  });
}

/** One case's result on litejit's drop-in, on a fresh copy of the fixture. */
export function dropinResult(name: string, backend: string, fixture: string): unknown {
  const folder = Deno.makeTempDirSync({ prefix: "litejit_bs3_dropin_" });
  const path = `${folder}/t.db`;
  Deno.copyFileSync(fixture, path);
  return normalize(cases[name](dropinOn(backend), path, (sql, file = path) => write(sql, file)));
}

/** Every case name. */
export const CASE_NAMES: readonly string[] = Object.keys(cases);
