/**
 * The page scripts/compare_httpvfs.ts loads in Chromium: opens the served database with
 * litejit's AsyncDatabase or with sql.js-httpvfs and runs one query, each step called by
 * the driver (page.evaluate), which reads the server's request counts between steps.
 * Bundled by esbuild; the sql.js-httpvfs worker and wasm are served next to it. (No DOM
 * types: this file is type-checked with scripts/, which run in Deno.)
 */
import "../browser.ts"; // the backends
import { AsyncDatabase } from "../remote.ts";
// @deno-types="./sql_js_httpvfs.d.ts"
import { createDbWorker } from "sql.js-httpvfs";

/** A value as both engines' rows are compared (integers and reals as numbers). */
type Value = number | string | null | number[];

/** The steps the driver calls; one engine is opened per page load. */
interface CompareApi {
  open(engine: "litejit" | "httpvfs", url: string, chunkSize: number): Promise<void>;
  query(sql: string): Promise<Value[][]>;
}

let run: ((sql: string) => Promise<Value[][]>) | null = null;

function plain(v: unknown): Value {
  // Blobs as byte arrays, so both engines' rows compare as JSON.
  return v instanceof Uint8Array ? [...v] : v as Value;
}

const api: CompareApi = {
  async open(engine, url, chunkSize) {
    const absolute = new URL(url, location.href).href;
    if (engine === "litejit") {
      const db = await AsyncDatabase.open(absolute);
      run = async (sql) => (await db.prepare(sql).values()).map((row) => row.map(plain));
      return;
    }
    const worker = await createDbWorker(
      [{
        from: "inline",
        config: { serverMode: "full", url: absolute, requestChunkSize: chunkSize },
      }],
      new URL("sqlite.worker.js", location.href).href,
      new URL("sql-wasm.wasm", location.href).href,
    );
    run = async (sql) => {
      const results = await worker.db.exec(sql);
      const values = results.length === 0 ? [] : results[0].values;
      return values.map((row) => row.map(plain));
    };
  },
  query(sql) {
    if (!run) throw new Error("open a database first");
    return run(sql);
  },
};

// The driver waits for this global before its first call.
(globalThis as unknown as { compare: CompareApi }).compare = api;
