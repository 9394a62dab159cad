/**
 * Drives the browser example's page (examples/web/index.html) as a user would: pick a
 * file or open a URL, choose a backend, type SQL, click Run; then reads back what the page
 * shows.
 */
import type { Page } from "puppeteer-core";

/** A table cell as the page draws it: its storage class (data-type) and its text. */
export type Cell = [type: string, text: string];

/** Loads the page at `url` and waits until its script has wired it up. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(`document.body.dataset.ready === "true"`);
}

/** Picks `path` in the page's file input and waits until the database is open. */
export async function pickDatabaseFile(page: Page, path: string): Promise<void> {
  await page.evaluate(`document.getElementById("run").disabled = true`);
  const input = await page.$("input#file");
  if (!input) throw new Error("the page has no file input #file");
  await input.uploadFile(path);
  await page.waitForFunction(`!document.getElementById("run").disabled`);
}

/** Chooses `backend`, types `url` in the URL field, clicks Open URL and waits for the open. */
export async function openDatabaseUrl(page: Page, backend: string, url: string): Promise<void> {
  await page.select("#backend", backend);
  await page.evaluate(`document.getElementById("run").disabled = true`);
  await page.evaluate(`document.getElementById("url").value = ${JSON.stringify(url)}`);
  await page.click("#open-url");
  await page.waitForFunction(
    `!document.getElementById("run").disabled || !document.getElementById("error").hidden`,
  );
}

// Runs in the page (plain JavaScript: this module is type-checked without the DOM). Sets the
// textarea's text at once: typing a long query key by key would only slow the test down.
const TYPE_SQL = `(sql) => {
  const textarea = document.getElementById("sql");
  textarea.value = sql;
  textarea.dispatchEvent(new Event("input", { bubbles: true }));
}`;

/** Chooses `backend` ("" is the default), types `sql` (unless null) and clicks Run. */
export async function runQuery(page: Page, backend: string, sql: string | null): Promise<void> {
  await page.select("#backend", backend);
  if (sql !== null) await page.evaluate(`(${TYPE_SQL})(${JSON.stringify(sql)})`);
  await page.click("#run");
  // The click marks the page as running at once; a run over a URL awaits its pages.
  await page.waitForFunction(
    `!document.body.dataset.running &&
      (!document.getElementById("error").hidden || document.querySelector("#result table"))`,
  );
}

/** What the page shows after a run. */
export interface Shown {
  error: string | null;
  backendUsed: string;
  timings: string;
  /** Requests and bytes fetched, for a database opened by URL. */
  fetched: string;
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
    fetched: text("fetched"),
    columns: [...document.querySelectorAll("#result th")].map((th) => th.textContent),
    rows: [...document.querySelectorAll("#result tbody tr")].map((tr) =>
      [...tr.querySelectorAll("td")].map((td) => [td.dataset.type ?? "", td.textContent])
    ),
    plan: [...document.querySelectorAll("#plan li")].map(path),
    program: text("program"),
  };
}`;

/** Reads the outputs of the last run from the page. */
export function readShown(page: Page): Promise<Shown> {
  return page.evaluate(`(${PAGE_OUTPUTS})()`) as Promise<Shown>;
}
