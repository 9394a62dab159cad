/**
 * A short tour of litejit on the bundled sample database: a few queries with their results
 * (drawn as the CLI draws them), a query plan, then one query run by every available
 * backend with its timings side by side.
 *
 *   npx -y deno task demo            # examples/sample.db
 *   npx -y deno task demo other.db   # the same queries on another file with these tables
 */
import { type BackendName, Database, SqliteError } from "../mod.ts";
import { AVAILABLE_BACKENDS } from "../backends/all.ts";
import { formatColumns } from "../cli/format_columns.ts";
import { drawQueryPlan } from "../cli/query_plan.ts";

/** The queries of the tour, each with a line saying what it shows. */
export const TOUR: readonly { title: string; sql: string }[] = [
  {
    title: "The five largest cities (text in any script; widths in terminal columns)",
    sql: "SELECT name, country, population FROM cities ORDER BY population DESC LIMIT 5",
  },
  {
    title: "A join with grouping: stations per city",
    sql: "SELECT c.name AS city, count(*) AS stations, round(avg(s.lat), 2) AS avg_lat\n" +
      "  FROM cities c JOIN stations s ON s.city_id = c.id\n" +
      "  GROUP BY c.id ORDER BY stations DESC, city LIMIT 5",
  },
  {
    title: "A CTE over 2,000 trips: the busiest start stations",
    sql: "WITH busy AS (SELECT start_station, count(*) AS trips, max(duration) AS longest\n" +
      "                FROM trips GROUP BY start_station)\n" +
      "SELECT s.name, b.trips, b.longest FROM busy b JOIN stations s ON s.id = b.start_station\n" +
      "  ORDER BY b.trips DESC, s.name LIMIT 3",
  },
  {
    title: "A LEFT JOIN on a WITHOUT ROWID table (NULL: no translation)",
    sql: "SELECT c.name AS city, t.text AS bicycle FROM cities c\n" +
      "  LEFT JOIN translations t ON t.lang = c.lang AND t.word = 'bicycle' ORDER BY c.id",
  },
];

/** The query of the plan section: a range seek through an index. */
export const PLAN_QUERY =
  "SELECT started_at, duration FROM trips WHERE started_at >= '2026-02-14' ORDER BY started_at";

/** The query every backend runs in the timing section. */
export const RACE_QUERY =
  "SELECT s.city_id, count(*) AS trips, sum(t.duration) AS total, avg(t.duration) AS mean\n" +
  "  FROM trips t JOIN stations s ON s.id = t.start_station\n" +
  "  WHERE t.note IS NOT NULL GROUP BY s.city_id ORDER BY total DESC";

const RUNS = 50;

function box(db: Database, sql: string): string {
  const st = db.prepare(sql);
  st.setReadBigInts(true); // INTEGER as bigint, so 1 and 1.0 print apart
  const names = st.columns().map((c) => c.name);
  return formatColumns("box", names, st.values(), { text: "NULL", dim: false });
}

function indent(sql: string): string {
  return sql.split("\n").map((l) => "  " + l).join("\n");
}

/** Median of a few timed runs of `f`, in milliseconds. */
function timeRuns(f: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

/** Prepare and run times of {@link RACE_QUERY} on each backend, results checked equal. */
function race(path: string, out: (text: string) => void): void {
  const rows: string[][] = [];
  let reference: string | null = null;
  for (const backend of AVAILABLE_BACKENDS) {
    const db = new Database(path, { backend: backend as BackendName, statementCache: 0 });
    try {
      const t0 = performance.now();
      const st = db.prepare(RACE_QUERY);
      const prepareMs = performance.now() - t0;
      const result = JSON.stringify(st.values());
      reference ??= result;
      const runMs = timeRuns(() => st.values());
      rows.push([
        backend,
        prepareMs.toFixed(3),
        runMs.toFixed(3),
        result === reference ? "same rows" : "DIFFERENT ROWS",
      ]);
    } finally {
      db.close();
    }
  }
  out(
    formatColumns("box", ["backend", "prepare ms", `run ms (median of ${RUNS})`, "result"], rows, {
      text: "NULL",
      dim: false,
    }),
  );
}

/** Prints the tour of the database at `path` through `out`. */
export function runDemo(path: string, out: (text: string) => void): void {
  const db = new Database(path);
  try {
    out(
      `${path}\npage size ${db.pageSize}, ${db.pageCount} pages, ${db.encoding}; ` +
        `tables ${db.tables.map((t) => t.name).join(", ")}; ` +
        `views ${db.views.map((v) => v.name).join(", ")}\n`,
    );
    for (const { title, sql } of TOUR) {
      out(`\n${title}:\n${indent(sql)}\n`);
      out(box(db, sql));
    }
    out(`\nHow litejit runs a range query (EXPLAIN QUERY PLAN):\n${indent(PLAN_QUERY)}\n`);
    out(drawQueryPlan(db.prepare("EXPLAIN QUERY PLAN " + PLAN_QUERY).values()));
  } finally {
    db.close();
  }
  out(`\nThe same query on each backend (${AVAILABLE_BACKENDS.join(", ")}):\n`);
  out(indent(RACE_QUERY) + "\n");
  race(path, out);
  out(
    "\nMore: npx -y deno task cli examples/sample.db   (an interactive prompt; .help lists " +
      "its commands)\n",
  );
}

if (import.meta.main) {
  const path = Deno.args[0] ?? new URL("./sample.db", import.meta.url).pathname;
  try {
    runDemo(path, (text) => Deno.stdout.writeSync(new TextEncoder().encode(text)));
  } catch (e) {
    if (!(e instanceof SqliteError)) throw e;
    console.error(`Error: ${e.message}`);
    Deno.exitCode = 1;
  }
}
