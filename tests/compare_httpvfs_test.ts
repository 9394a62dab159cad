/**
 * scripts/compare_httpvfs.ts on two of its queries, in Chromium: litejit and
 * sql.js-httpvfs both return node:sqlite's rows over the same served file (measure throws
 * otherwise), the server counted what each fetched, and a rowid lookup fetches a few pages
 * of the multi-megabyte file with either engine.
 */
import assert from "node:assert/strict";
import { buildDatabase, measure, QUERIES } from "../scripts/compare_httpvfs.ts";
import { CHROMIUM_PATH, chromiumInstalled } from "./support/chromium.ts";

Deno.test({
  name: chromiumInstalled()
    ? "compare:httpvfs: both engines return node:sqlite's rows; a rowid lookup fetches a few pages"
    : `compare:httpvfs (skipped: no chromium at ${CHROMIUM_PATH})`,
  ignore: !chromiumInstalled(),
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "litejit-httpvfs-" });
    try {
      const path = `${dir}/compare.db`;
      const file = buildDatabase(path);
      const queries = QUERIES.filter((q) => q.name === "rowid lookup" || q.name === "join");
      assert.equal(queries.length, 2);
      const results = await measure(file, path, queries);
      assert.deepEqual([...results.keys()], ["rowid lookup", "join"]);
      for (const [name, engines] of results) {
        for (const [engine, { open, query }] of Object.entries(engines)) {
          assert.ok(
            open.requests >= 1 && open.bytes >= 4096,
            `${engine} open: ${JSON.stringify(open)}`,
          );
          assert.ok(query.requests >= 1, `${engine} fetched nothing for ${name}`);
          if (name === "rowid lookup") {
            assert.ok(query.bytes <= 8 * 4096, `${engine}: ${query.bytes} bytes for one row`);
          }
        }
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
