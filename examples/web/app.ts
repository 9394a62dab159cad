/// <reference lib="dom" />
/**
 * The browser example: open a SQLite file (file input, drop, the sample, or a URL read
 * lazily with HTTP range requests), run SQL on the chosen backend, and show the rows, the
 * query plan, the generated program, the backend used, how long each step took and, for a
 * URL, the requests and bytes fetched. Served and bundled by scripts/web.ts.
 */
import { Database, type DatabaseOptions, type SqlValue } from "../../browser.ts";
import { AsyncDatabase } from "../../remote.ts";
// The page shows the wasm backend's module as WAT: the printer is an entry of its own.
import "../../wasm_text.ts";
import {
  describeError,
  describeFetched,
  type Fetched,
  formatMs,
  MAX_ROWS_SHOWN,
  type PlanRow,
  renderPlan,
  renderTable,
} from "./render.ts";

type BackendChoice = "" | "interpreter" | "js" | "wasm";

const DEFAULT_SQL = `-- Trips longer than average, by city, with "bicycle" in the city's language
SELECT c.name AS city, count(*) AS long_trips,
       round(avg(t.duration) / 60.0, 1) AS avg_minutes,
       w.text AS bicycle
FROM trips t
JOIN stations s ON s.id = t.start_station
JOIN cities c ON c.id = s.city_id
LEFT JOIN translations w ON w.lang = c.lang AND w.word = 'bicycle'
WHERE t.duration > (SELECT avg(duration) FROM trips)
GROUP BY c.id
ORDER BY long_trips DESC;`;

function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

const ui = {
  file: byId<HTMLInputElement>("file"),
  loadSample: byId<HTMLButtonElement>("load-sample"),
  url: byId<HTMLInputElement>("url"),
  openUrl: byId<HTMLButtonElement>("open-url"),
  fetched: byId<HTMLOutputElement>("fetched"),
  dbStatus: byId<HTMLSpanElement>("db-status"),
  sql: byId<HTMLTextAreaElement>("sql"),
  backend: byId<HTMLSelectElement>("backend"),
  run: byId<HTMLButtonElement>("run"),
  backendUsed: byId<HTMLOutputElement>("backend-used"),
  timings: byId<HTMLOutputElement>("timings"),
  error: byId<HTMLPreElement>("error"),
  rowCount: byId<HTMLOutputElement>("row-count"),
  result: byId<HTMLDivElement>("result"),
  plan: byId<HTMLDivElement>("plan"),
  program: byId<HTMLPreElement>("program"),
};

/**
 * The open database and the backend choice it was opened with: from bytes in memory (a
 * picked, dropped or loaded file) or from a URL read lazily (an `AsyncDatabase`).
 */
type Opened =
  | { kind: "bytes"; db: Database; bytes: Uint8Array; choice: BackendChoice }
  | { kind: "url"; db: AsyncDatabase; url: string; choice: BackendChoice };

let current: Opened | null = null;
/** How long the most recent open took: shown with the next run's timings. */
let lastOpenMs = 0;
/** What the most recent open of a URL fetched: shown with the next run's fetches. */
let lastOpenFetched: Fetched = { requests: 0, bytes: 0 };

function chosenBackend(): BackendChoice {
  return ui.backend.value as BackendChoice;
}

function options(choice: BackendChoice): DatabaseOptions {
  // bigint keeps every INTEGER exact and tells INTEGER 2 from REAL 2.0 in the table.
  return choice ? { backend: choice, readBigInts: true } : { readBigInts: true };
}

function showError(e: unknown): void {
  ui.error.textContent = describeError(e);
  ui.error.hidden = false;
}

function clearOutputs(): void {
  ui.error.hidden = true;
  ui.error.textContent = "";
  ui.result.replaceChildren();
  ui.plan.replaceChildren();
  ui.program.textContent = "";
  ui.rowCount.textContent = "";
  ui.timings.textContent = "–";
  ui.backendUsed.textContent = "–";
  ui.fetched.textContent = "–";
}

/** Makes `next` the open database, closing the one it replaces. */
function replaceCurrent(next: Opened): void {
  if (current && current.db !== next.db) current.db.close();
  current = next;
  ui.backendUsed.textContent = next.db.backend;
  ui.run.disabled = false;
}

/** Opens a picked, dropped or fetched file with `Database.open`, which reads a Blob. */
async function openFile(file: Blob, name: string): Promise<void> {
  clearOutputs();
  const choice = chosenBackend();
  try {
    const start = performance.now();
    const db = await Database.open(file, options(choice));
    lastOpenMs = performance.now() - start;
    replaceCurrent({ kind: "bytes", db, bytes: new Uint8Array(await file.arrayBuffer()), choice });
    ui.dbStatus.textContent = `${name}: ${file.size.toLocaleString("en")} bytes, opened in ${
      formatMs(lastOpenMs)
    }.`;
  } catch (e) {
    showError(e);
  }
}

/**
 * A fetch that counts requests and response bytes. `db.stats` counts what the lazy reader
 * fetches once open; the request that opens the file (and gives its size) comes before.
 */
function countingFetch(counts: Fetched): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    counts.requests++;
    counts.bytes += Number(response.headers.get("content-length") ?? 0);
    return response;
  };
}

/** Opens `url` with `AsyncDatabase.open`: only the pages queries touch are fetched. */
async function openRemote(url: string, choice: BackendChoice): Promise<AsyncDatabase> {
  const counts: Fetched = { requests: 0, bytes: 0 };
  const start = performance.now();
  const db = await AsyncDatabase.open(url, {
    ...options(choice),
    http: { fetch: countingFetch(counts) },
  });
  lastOpenMs = performance.now() - start;
  // A snapshot: the same fetch goes on counting the runs' requests.
  lastOpenFetched = { ...counts };
  return db;
}

async function openUrl(text: string): Promise<void> {
  clearOutputs();
  const choice = chosenBackend();
  ui.openUrl.disabled = true;
  try {
    // Relative URLs ("sample.db") are the page's own files.
    const url = new URL(text.trim(), document.baseURI).href;
    const db = await openRemote(url, choice);
    replaceCurrent({ kind: "url", db, url, choice });
    ui.dbStatus.textContent = `${url}: ${
      (db.pageCount * db.pageSize).toLocaleString("en")
    } bytes, opened in ${formatMs(lastOpenMs)}, fetched ${describeFetched(lastOpenFetched)}.`;
  } catch (e) {
    showError(e);
  } finally {
    ui.openUrl.disabled = false;
  }
}

/** The open database, reopened (from its bytes or its URL) when another backend was chosen. */
async function databaseForChoice(): Promise<Database | AsyncDatabase> {
  const open = current!;
  const choice = chosenBackend();
  if (open.choice === choice) return open.db;
  if (open.kind === "bytes") {
    const start = performance.now();
    const db = new Database(open.bytes, options(choice));
    lastOpenMs = performance.now() - start;
    replaceCurrent({ ...open, db, choice });
  } else {
    replaceCurrent({ ...open, db: await openRemote(open.url, choice), choice });
  }
  return current!.db;
}

/** Requests and bytes fetched so far; null for a database held in memory. */
function fetchedSoFar(db: Database | AsyncDatabase): Fetched | null {
  if (!(db instanceof AsyncDatabase)) return null;
  const { fetches, bytes } = db.stats;
  return { requests: fetches, bytes };
}

/**
 * Runs the SQL on the open database: one path for both kinds, as awaiting a synchronous
 * statement's rows costs nothing.
 */
async function runQuery(): Promise<void> {
  if (!current || document.body.dataset.running) return;
  document.body.dataset.running = "true";
  ui.run.disabled = true;
  clearOutputs();
  const sql = ui.sql.value;
  try {
    const db = await databaseForChoice();
    ui.backendUsed.textContent = db.backend;
    const before = fetchedSoFar(db);
    let start = performance.now();
    const stmt = db.prepare(sql);
    const prepareMs = performance.now() - start;
    start = performance.now();
    const rows = await stmt.values() as SqlValue[][];
    const runMs = performance.now() - start;
    const after = fetchedSoFar(db);
    ui.timings.textContent = `open ${formatMs(lastOpenMs)} · prepare ${formatMs(prepareMs)} · ` +
      `run ${formatMs(runMs)}`;
    ui.fetched.textContent = before && after
      ? `open ${describeFetched(lastOpenFetched)} · run ${
        describeFetched({
          requests: after.requests - before.requests,
          bytes: after.bytes - before.bytes,
        })
      }`
      : "nothing (the whole file is in memory)";
    ui.result.append(renderTable(stmt.columns().map((c) => c.name), rows));
    ui.rowCount.textContent = rows.length > MAX_ROWS_SHOWN
      ? `(${rows.length} rows, first ${MAX_ROWS_SHOWN} shown)`
      : `(${rows.length} row${rows.length === 1 ? "" : "s"})`;
    ui.program.textContent = stmt.explain();
    await showPlan(db, sql);
  } catch (e) {
    showError(e);
  } finally {
    ui.run.disabled = !current;
    delete document.body.dataset.running;
  }
}

async function showPlan(db: Database | AsyncDatabase, sql: string): Promise<void> {
  if (/^\s*explain\b/i.test(sql)) {
    ui.plan.append(note("The statement is already an EXPLAIN."));
    return;
  }
  try {
    const rows = (await db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all()).map((r) => ({
      id: Number(r.id),
      parent: Number(r.parent),
      detail: String(r.detail),
    } satisfies PlanRow));
    ui.plan.append(rows.length ? renderPlan(rows) : note("(no plan rows)"));
  } catch (e) {
    ui.plan.append(note(describeError(e)));
  }
}

function note(text: string): HTMLParagraphElement {
  const p = document.createElement("p");
  p.className = "note";
  p.textContent = text;
  return p;
}

async function loadSample(): Promise<void> {
  try {
    const response = await fetch("sample.db");
    if (!response.ok) throw new Error(`fetching sample.db: HTTP ${response.status}`);
    await openFile(await response.blob(), "sample.db");
  } catch (e) {
    showError(e);
  }
}

ui.sql.value = DEFAULT_SQL;
ui.file.addEventListener("change", () => {
  const file = ui.file.files?.[0];
  if (file) void openFile(file, file.name);
});
ui.loadSample.addEventListener("click", () => void loadSample());
ui.openUrl.addEventListener("click", () => void openUrl(ui.url.value));
ui.url.addEventListener("keydown", (e) => {
  if (e.key === "Enter") void openUrl(ui.url.value);
});
ui.run.addEventListener("click", () => void runQuery());
ui.sql.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) void runQuery();
});

// Drop a file anywhere on the page.
document.body.addEventListener("dragover", (e) => {
  e.preventDefault();
  document.body.classList.add("dragging");
});
document.body.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
document.body.addEventListener("drop", (e) => {
  e.preventDefault();
  document.body.classList.remove("dragging");
  const file = e.dataTransfer?.files[0];
  if (file) void openFile(file, file.name);
});
document.body.dataset.ready = "true";
