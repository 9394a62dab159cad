/**
 * litejit: a SQLite read engine in pure TypeScript.
 *
 * It opens SQLite database files — any page size and text encoding, rollback or WAL mode —
 * and answers `SELECT` queries with exactly SQLite's results, through three executors: a
 * bytecode interpreter, a JavaScript code generator and a WebAssembly code generator. This
 * entry point opens file paths (Deno's or node:fs's file API) and bytes, and registers every
 * backend; `./browser` is the same without the file system, `./lite` has no backend until
 * one of `./interpreter`, `./js`, `./wasm` is imported.
 *
 * @example
 * ```ts
 * import { Database } from "./mod.ts";
 * const db = new Database("examples/sample.db");
 * for (const t of db.tables) console.log(t.name, t.columns.map((c) => c.name));
 * console.log(db.prepare("SELECT name FROM cities ORDER BY population DESC LIMIT 3").all());
 * db.close();
 * ```
 *
 * @module
 */
import { installPathOpener } from "./core/api/database.ts";
import { openDatabaseFile } from "./core/io/open_path.ts";
import { installUtf16Decoder } from "./core/format/text.ts";
import { nodeUtf16Decode } from "./core/format/node_utf16.ts";
import "./backends/all.ts";
import "./wasm_text.ts";
import "./core/api/full_front_end.ts";

installPathOpener(openDatabaseFile);
installUtf16Decoder(nodeUtf16Decode);

export * from "./lite.ts";
export * from "./remote.ts";
