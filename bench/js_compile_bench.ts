/**
 * The JS backend's compile step alone, cold: `new Function` on a generated body never seen
 * before (a unique trailing comment defeats V8's and litejit's caches) and its first call,
 * for the bench queries' programs. `prepare` in the bench table reuses the compiled function
 * when the same SQL is prepared again; this is what the first prepare of a statement adds.
 *
 *   npx -y deno bench -A bench/js_compile_bench.ts
 */
import { Database } from "../mod.ts";
import { GENERATED_PARAMS } from "../backends/js-codegen/translate.ts";

const path = new URL("../examples/sample.db", import.meta.url).pathname;
const db = new Database(path, { backend: "js" });
const SQL = [
  "SELECT count(*) AS n FROM trips",
  "SELECT start_station, count(*) AS n, avg(duration) AS mean FROM trips " +
  "WHERE duration > 600 GROUP BY start_station",
  "SELECT c.name, count(*) AS n FROM cities c JOIN stations s ON s.city_id = c.id " +
  "WHERE c.population > 100000 GROUP BY 1 ORDER BY n DESC",
];
// The laid-out body without its wrapper line and closing brace.
const bodies = SQL.map((sql) => {
  const text = db.prepare(sql).explain();
  return text.slice(text.indexOf("\n") + 1, text.lastIndexOf("}"));
});

let unique = 0;
for (const [i, sql] of SQL.entries()) {
  Deno.bench(`js cold compile: ${sql.slice(0, 40)}…`, { group: "js compile" }, () => {
    const f = new Function(...GENERATED_PARAMS, `${bodies[i]}\n// ${unique++}`);
    if (typeof f !== "function") throw new Error("no function");
  });
}
