/**
 * Front-end cost: parsing alone (throughput in statements per second), and prepare latency
 * (parse + bind against the schema) for a typical 3-table join, litejit against
 * node:sqlite's `prepare` of the same SQL on the same file, in the same process.
 *
 *   npx -y deno task bench
 */
import { DatabaseSync } from "node:sqlite";
import { Database } from "../mod.ts";
import { parseStatement } from "../core/sql/parser.ts";

const path = new URL("../examples/sample.db", import.meta.url).pathname;

/** A typical join: three tables, aliases, a filter, grouping, ordering and a limit. */
const JOIN = `
  SELECT c.name AS city, s.name AS station, count(*) AS trips, avg(t.duration) AS mean
  FROM trips AS t
  JOIN stations AS s ON s.id = t.start_station
  JOIN cities AS c ON c.id = s.city_id
  WHERE t.duration BETWEEN 60 AND 3600 AND c.country IN ('FR', 'DE', 'NL')
  GROUP BY c.name, s.name
  HAVING count(*) > 1
  ORDER BY trips DESC, city
  LIMIT 20`;

/** Statements of assorted shapes for parser throughput. */
const MIX = [
  JOIN,
  "SELECT * FROM cities WHERE id = ?",
  "SELECT name FROM cities WHERE population > 100000 ORDER BY population DESC LIMIT 5",
  "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10) SELECT i FROM n",
  "SELECT CASE WHEN lat > 0 THEN 'N' ELSE 'S' END AS hemi, count(*) FROM stations GROUP BY 1",
  "SELECT id, sum(duration) OVER (PARTITION BY start_station ORDER BY id) FROM trips",
];

const litejit = new Database(path);
const sqlite = new DatabaseSync(path, { readOnly: true });

Deno.bench("prepare 3-table join: litejit", { group: "prepare", baseline: true }, () => {
  litejit.prepare(JOIN);
});
Deno.bench("prepare 3-table join: node:sqlite", { group: "prepare" }, () => {
  sqlite.prepare(JOIN);
});
Deno.bench("parse only: 6 statements of assorted shapes", { group: "parse" }, () => {
  for (const sql of MIX) parseStatement(sql);
});
