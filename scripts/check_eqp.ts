/**
 * `deno task check:eqp`: EXPLAIN QUERY PLAN over a generated corpus
 * (tests/support/eqp_generated.ts) — seeded schemas of 3-4 tables with skewed data and
 * 2-4-table joins with filters on indexed and unindexed columns, GROUP BY / DISTINCT /
 * ORDER BY / LIMIT — planned by node:sqlite and by litejit with no statistics, after
 * ANALYZE (sqlite_stat1 and sqlite_stat4), and after ANALYZE with sqlite_stat4 emptied.
 * Prints, per statistics variant, how many plans equal SQLite's; with `--show`, every
 * plan that differs. Exits 1 when any differs. (The statements bind no parameters: with
 * samples SQLite plans a statement again at its first step with the values bound, which
 * litejit does not.)
 *
 * Options: `--seeds=1,2,3` (default 1-8), `--count=N` statements per seed (default 200),
 * `--show`.
 */
import { join } from "node:path";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { bothPlans } from "../tests/support/eqp_compare.ts";
import {
  corpusDatabase,
  generateSchema,
  generateStatements,
  STAT_VARIANTS,
} from "../tests/support/eqp_generated.ts";

const arg = (name: string) =>
  Deno.args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const seeds = (arg("seeds") ?? "1,2,3,4,5,6,7,8").split(",").map(Number);
const count = Number(arg("count") ?? 200);
const show = Deno.args.includes("--show");

const equal = new Map<string, [number, number]>();
for (const seed of seeds) {
  const schema = generateSchema(seed);
  const statements = generateStatements(schema, seed, count);
  const dir = Deno.makeTempDirSync();
  try {
    for (const variant of STAT_VARIANTS) {
      const path = join(dir, `${variant.replace("+", "_")}.db`);
      const sqlite = corpusDatabase(path, schema, variant);
      const file = openDatabaseFile(path);
      const tally = equal.get(variant) ?? [0, 0];
      equal.set(variant, tally);
      try {
        for (const sql of statements) {
          tally[1]++;
          const { expected, actual } = bothPlans(sqlite, file, sql);
          if (expected === actual) tally[0]++;
          else if (show) {
            console.log(
              `[seed ${seed}, ${variant}] ${sql}\n--- node:sqlite\n${expected}\n--- litejit\n${actual}\n`,
            );
          }
        }
      } finally {
        file.close();
        sqlite.close();
      }
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}
let all = true;
for (const [variant, [same, n]] of equal) {
  console.log(`${variant}: ${same}/${n} plans equal (${(100 * same / n).toFixed(1)}%)`);
  all &&= same === n;
}
Deno.exit(all ? 0 : 1);
