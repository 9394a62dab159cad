/**
 * Requests and bytes litejit's AsyncDatabase and sql.js-httpvfs fetch for the same
 * queries over the same file, measured in headless Chromium. The database (a few MB,
 * 4 KB pages, journal_mode=delete as sql.js-httpvfs requires) is built with node:sqlite
 * into bench/data/ (reused when present) and served with Range support by a local server
 * that counts the requests and body bytes it sends for it. Each query runs on a fresh page
 * load (a cold cache) for each engine; opening is counted apart from the query. Both
 * engines' rows must equal node:sqlite's, or the script fails.
 *
 *   npx -y deno task compare:httpvfs
 *
 * Needs Chromium at /usr/bin/chromium (Debian's `chromium` package).
 */
import { DatabaseSync } from "node:sqlite";
import { CHROMIUM_PATH, chromiumInstalled, launchChromium } from "../tests/support/chromium.ts";
import { type Counts, startCompareServer } from "./compare_httpvfs_server.ts";

/** The database; a new schema gets a new name so an old file is never reused. */
const DB_PATH = new URL("../bench/data/httpvfs_compare_v2.db", import.meta.url).pathname;
const PAGE_SIZE = 4096;

/** The queries compared, each with the access pattern it exercises. */
export const QUERIES: readonly { name: string; sql: string }[] = [
  { name: "rowid lookup", sql: "SELECT * FROM orders WHERE id = 31337" },
  {
    name: "index range query",
    sql: "SELECT id, amount, status FROM orders " +
      "WHERE created BETWEEN '2024-03-01' AND '2024-03-01 06:00' ORDER BY created",
  },
  {
    // SQLite searches the index and sorts; litejit's planner scans the table in rowid order.
    name: "index range query, ORDER BY rowid",
    sql: "SELECT id, amount, status FROM orders " +
      "WHERE created BETWEEN '2024-03-01' AND '2024-03-01 06:00' ORDER BY id",
  },
  {
    name: "index-only count",
    sql: "SELECT count(*) FROM orders WHERE customer_id BETWEEN 1000 AND 1200",
  },
  {
    name: "full-scan aggregate",
    sql: "SELECT status, count(*), round(sum(amount), 2) FROM orders GROUP BY status " +
      "ORDER BY status",
  },
  {
    name: "join",
    sql: "SELECT c.id, c.name, count(*), round(sum(o.amount), 2) FROM customers c " +
      "JOIN orders o ON o.customer_id = c.id WHERE c.country = 'IS' GROUP BY c.id ORDER BY c.id",
  },
  {
    name: "ORDER BY … LIMIT",
    sql: "SELECT id, created, amount FROM orders ORDER BY created DESC LIMIT 10",
  },
];

const COUNTRIES = ["US", "JP", "EG", "RU", "BR", "IN", "GR", "KR", "CH", "IS"];
const STATUSES = ["new", "paid", "shipped", "returned", "cancelled"];

/** Builds the database with node:sqlite (deterministic rows), unless it is there already. */
export function buildDatabase(path = DB_PATH): Uint8Array {
  try {
    return Deno.readFileSync(path);
  } catch { /* build it */ }
  Deno.mkdirSync(new URL(".", `file://${path}`), { recursive: true });
  const tmp = `${path}.tmp`;
  try {
    Deno.removeSync(tmp);
  } catch { /* none */ }
  const db = new DatabaseSync(tmp);
  db.exec(`
    PRAGMA journal_mode = delete;
    PRAGMA page_size = ${PAGE_SIZE};
    CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, country TEXT, since TEXT);
    CREATE TABLE orders (
      id INTEGER PRIMARY KEY, customer_id INTEGER, amount REAL, status TEXT,
      created TEXT, note TEXT
    );
  `);
  let seed = 16;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  db.exec("BEGIN");
  const customer = db.prepare("INSERT INTO customers VALUES (?, ?, ?, ?)");
  for (let id = 1; id <= 5000; id++) {
    customer.run(id, `customer ${id}`, COUNTRIES[rand(COUNTRIES.length)], `20${10 + rand(14)}`);
  }
  const order = db.prepare("INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?)");
  const start = Date.UTC(2024, 0, 1);
  for (let id = 1; id <= 40000; id++) {
    // One order every 10 minutes: `created` is unique, so ORDER BY created has no ties.
    const created = new Date(start + id * 600_000).toISOString().slice(0, 19).replace("T", " ");
    order.run(
      id,
      1 + rand(5000),
      rand(100_000) / 100,
      STATUSES[rand(STATUSES.length)],
      created,
      `note ${id} `.padEnd(40 + rand(60), "·"),
    );
  }
  db.exec(`
    COMMIT;
    CREATE INDEX orders_customer ON orders(customer_id);
    CREATE INDEX orders_created ON orders(created);
    CREATE INDEX customers_country ON customers(country);
  `); // no VACUUM: it ATTACHes, which Deno's node:sqlite forbids without --allow-all
  db.close();
  Deno.renameSync(tmp, path);
  return Deno.readFileSync(path);
}

/** node:sqlite's rows, as arrays of numbers, strings and nulls. */
function expectedRows(path: string, sql: string): unknown[][] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare(sql).all().map((row) => Object.values(row));
  } finally {
    db.close();
  }
}

/** One engine's measurement of one query. */
export interface Measured {
  open: Counts;
  query: Counts;
}

type Engine = "litejit" | "httpvfs";

/** Runs every query on a fresh page load per engine and returns the counts. */
export async function measure(
  file: Uint8Array,
  path: string,
  queries: readonly { name: string; sql: string }[] = QUERIES,
): Promise<Map<string, Record<Engine, Measured>>> {
  const server = await startCompareServer(file);
  const chromium = await launchChromium();
  const out = new Map<string, Record<Engine, Measured>>();
  try {
    const { page } = chromium;
    for (const { name, sql } of queries) {
      const expected = JSON.stringify(expectedRows(path, sql));
      const row = {} as Record<Engine, Measured>;
      for (const engine of ["litejit", "httpvfs"] as const) {
        await page.goto(`${server.url}index.html`);
        await page.waitForFunction(`typeof globalThis.compare === "object"`);
        server.reset();
        await page.evaluate(`compare.open(${JSON.stringify(engine)}, "db.sqlite", ${PAGE_SIZE})`);
        const open = { ...server.counts };
        server.reset();
        const rows = await page.evaluate(`compare.query(${JSON.stringify(sql)})`);
        const query = { ...server.counts };
        if (JSON.stringify(rows) !== expected) {
          throw new Error(
            `${engine} returned other rows than node:sqlite for ${name}:\n  ${sql}\n` +
              `  got      ${JSON.stringify(rows).slice(0, 500)}\n` +
              `  expected ${expected.slice(0, 500)}`,
          );
        }
        row[engine] = { open, query };
      }
      out.set(name, row);
    }
  } catch (e) {
    console.error(chromium.log.join("\n"));
    throw e;
  } finally {
    await chromium.close();
    await server.shutdown();
  }
  return out;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The markdown table of `results`, and a line on what opening fetched. */
export function formatResults(results: Map<string, Record<Engine, Measured>>): string {
  const lines = [
    "| query | litejit requests | litejit KB | sql.js-httpvfs requests | sql.js-httpvfs KB |",
    "| --- | ---: | ---: | ---: | ---: |",
  ];
  for (const [name, { litejit, httpvfs }] of results) {
    lines.push(
      `| ${name} | ${litejit.query.requests} | ${kb(litejit.query.bytes)} | ` +
        `${httpvfs.query.requests} | ${kb(httpvfs.query.bytes)} |`,
    );
  }
  const opens = (engine: Engine) => {
    const all = [...results.values()].map((r) => r[engine].open);
    const distinct = new Set(
      all.map((o) => `${o.requests} request${o.requests === 1 ? "" : "s"}, ${kb(o.bytes)} KB`),
    );
    return [...distinct].join(" or ");
  };
  lines.push(
    "",
    `Opening (each page load, counted apart): litejit ${opens("litejit")}; ` +
      `sql.js-httpvfs ${opens("httpvfs")} (its HEAD request included).`,
  );
  return lines.join("\n");
}

if (import.meta.main) {
  if (!chromiumInstalled()) {
    console.error(`no chromium at ${CHROMIUM_PATH}: apt-get install -y chromium`);
    Deno.exit(1);
  }
  const file = buildDatabase();
  console.log(
    `database: ${DB_PATH} (${(file.length / 1048576).toFixed(2)} MB, ` +
      `${file.length / PAGE_SIZE} pages of ${PAGE_SIZE} bytes)\n`,
  );
  console.log(formatResults(await measure(file, DB_PATH)));
}
