/// <reference lib="dom" />
/**
 * The browser example: open a SQLite file (file input, drop, or the sample), run SQL on the
 * chosen backend, and show the rows, the query plan, the generated program, the backend
 * used and how long each step took. Served and bundled by scripts/web.ts.
 */
import { Database, type DatabaseOptions, type SqlValue } from "../../browser.ts";
import {
  describeError,
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

/** The open database, the bytes it was opened from and the backend choice it was opened with. */
let current: { db: Database; bytes: Uint8Array; choice: BackendChoice } | null = null;
/** How long the most recent open took: shown with the next run's timings. */
let lastOpenMs = 0;

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
}

/** Opens a picked, dropped or fetched file with `Database.open`, which reads a Blob. */
async function openFile(file: Blob, name: string): Promise<void> {
  clearOutputs();
  const choice = chosenBackend();
  try {
    const start = performance.now();
    const db = await Database.open(file, options(choice));
    lastOpenMs = performance.now() - start;
    current?.db.close();
    current = { db, bytes: new Uint8Array(await file.arrayBuffer()), choice };
    ui.dbStatus.textContent = `${name}: ${file.size.toLocaleString("en")} bytes, opened in ${
      formatMs(lastOpenMs)
    }.`;
    ui.backendUsed.textContent = db.backend;
    ui.run.disabled = false;
  } catch (e) {
    showError(e);
  }
}

/** The open database, reopened from its bytes when another backend was chosen. */
function databaseForChoice(): Database {
  const open = current!;
  const choice = chosenBackend();
  if (open.choice !== choice) {
    const start = performance.now();
    const db = new Database(open.bytes, options(choice));
    lastOpenMs = performance.now() - start;
    open.db.close();
    current = { db, bytes: open.bytes, choice };
  }
  return current!.db;
}

function run(): void {
  if (!current) return;
  clearOutputs();
  const sql = ui.sql.value;
  try {
    const db = databaseForChoice();
    ui.backendUsed.textContent = db.backend;
    let start = performance.now();
    const stmt = db.prepare(sql);
    const prepareMs = performance.now() - start;
    start = performance.now();
    const rows = stmt.values() as SqlValue[][];
    const runMs = performance.now() - start;
    ui.timings.textContent = `open ${formatMs(lastOpenMs)} · prepare ${formatMs(prepareMs)} · ` +
      `run ${formatMs(runMs)}`;
    ui.result.append(renderTable(stmt.columns().map((c) => c.name), rows));
    ui.rowCount.textContent = rows.length > MAX_ROWS_SHOWN
      ? `(${rows.length} rows, first ${MAX_ROWS_SHOWN} shown)`
      : `(${rows.length} row${rows.length === 1 ? "" : "s"})`;
    ui.program.textContent = stmt.explain();
    showPlan(db, sql);
  } catch (e) {
    showError(e);
  }
}

function showPlan(db: Database, sql: string): void {
  if (/^\s*explain\b/i.test(sql)) {
    ui.plan.append(note("The statement is already an EXPLAIN."));
    return;
  }
  try {
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all().map((r) => ({
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
    const response = await fetch("/sample.db");
    if (!response.ok) throw new Error(`fetching /sample.db: HTTP ${response.status}`);
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
ui.run.addEventListener("click", run);
ui.sql.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) run();
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
