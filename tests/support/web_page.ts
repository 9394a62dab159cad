/**
 * Drives the browser example's page (examples/web/index.html) as a user would: pick a
 * file, choose a backend, type SQL, click Run; then reads back what the page shows.
 */
import type { CdpPage } from "./cdp.ts";

/** A table cell as the page draws it: its storage class (data-type) and its text. */
export type Cell = [type: string, text: string];

/** Loads the page at `url` and waits until its script has wired it up. */
export async function openPage(page: CdpPage, url: string): Promise<void> {
  await page.goto(url);
  await page.waitFor(`document.body.dataset.ready === "true"`);
}

/** Picks `path` in the page's file input and waits until the database is open. */
export async function pickDatabaseFile(page: CdpPage, path: string): Promise<void> {
  await page.evaluate(`document.getElementById("run").disabled = true`);
  await page.setInputFiles("#file", path);
  await page.waitFor(`!document.getElementById("run").disabled`);
}

// Runs in the page (plain JavaScript: this module is type-checked without the DOM).
const PAGE_ACTION = `(backend, sql) => {
  const select = document.getElementById("backend");
  select.value = backend;
  select.dispatchEvent(new Event("change", { bubbles: true }));
  if (sql !== null) {
    const textarea = document.getElementById("sql");
    textarea.value = sql;
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
  }
  document.getElementById("run").click();
}`;

/** Chooses `backend` ("" is the default), types `sql` (unless null) and clicks Run. */
export async function runQuery(page: CdpPage, backend: string, sql: string | null): Promise<void> {
  await page.evaluate(`(${PAGE_ACTION})(${JSON.stringify(backend)}, ${JSON.stringify(sql)})`);
  // Run is synchronous in the page: the outputs are drawn when the click returns.
  await page.waitFor(
    `!document.getElementById("error").hidden || document.querySelector("#result table")`,
  );
}

/** What the page shows after a run. */
export interface Shown {
  error: string | null;
  backendUsed: string;
  timings: string;
  columns: string[];
  rows: Cell[][];
  /** The plan tree, each node as its path from the root ("A > B"), in document order. */
  plan: string[];
  program: string;
}

// Runs in the page; a plan node is read as its details from the root down ("A > B").
const PAGE_OUTPUTS = `() => {
  const text = (id) => document.getElementById(id).textContent ?? "";
  const error = document.getElementById("error");
  const path = (li) => {
    const details = [];
    for (let e = li; e && e.id !== "plan"; e = e.parentElement) {
      if (e.tagName === "LI") details.unshift(e.firstChild?.textContent ?? "");
    }
    return details.join(" > ");
  };
  return {
    error: error.hidden ? null : error.textContent,
    backendUsed: text("backend-used"),
    timings: text("timings"),
    columns: [...document.querySelectorAll("#result th")].map((th) => th.textContent),
    rows: [...document.querySelectorAll("#result tbody tr")].map((tr) =>
      [...tr.querySelectorAll("td")].map((td) => [td.dataset.type ?? "", td.textContent])
    ),
    plan: [...document.querySelectorAll("#plan li")].map(path),
    program: text("program"),
  };
}`;

/** Reads the outputs of the last run from the page. */
export function readShown(page: CdpPage): Promise<Shown> {
  return page.evaluate<Shown>(`(${PAGE_OUTPUTS})()`);
}
