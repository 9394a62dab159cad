// What every comparison case file shares. A case is a function (D, path, write) run once on
// the real better-sqlite3 (under Node, node_side.mjs) and once per backend on litejit's
// drop-in (under Deno, compare.ts); both results are normalized to JSON and must be equal.
// - D: the Database class under test.
// - path: a fresh copy of the comparison database (fixture.ts) for this case and side; the
//   case may create other files in its folder.
// - write(sql, file = path): runs SQL on the file with a real SQLite connection opened for
//   the call (better-sqlite3 under Node, node:sqlite under Deno), as a second process would.
// Plain JavaScript, so both runtimes load the same files.
import { Buffer } from "node:buffer";

export { Buffer };

/** Runs f, turning a thrown error into a value both sides can compare. */
export function run(f) {
  try {
    return f();
  } catch (e) {
    return { error: e?.name, code: e?.code, message: e?.message, type: e?.constructor?.name };
  }
}

/** Turns a result into JSON both sides print identically (bigint, Buffer, errors). */
export function normalize(value) {
  return JSON.parse(
    JSON.stringify(value, (_k, v) => {
      if (typeof v === "bigint") return `${v}n`;
      if (typeof v === "function") return `function ${v.name}`;
      if (v === undefined) return "undefined";
      if (v && v.type === "Buffer" && Array.isArray(v.data)) return { blob: v.data };
      return v;
    }) ?? "undefined",
  );
}
