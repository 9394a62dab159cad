/// <reference lib="dom" />
/**
 * Drives the browser example's page (examples/web/index.html) the way a user would: pick a
 * file, choose a backend, type SQL, click Run; then reads back what the page shows.
 */
import type { Page } from "playwright-core";

/** A table cell as the page draws it: its storage class (data-type) and its text. */
export type Cell = [type: string, text: string];

/** Picks `path` in the page's file input and waits until the database is open. */
export async function pickDatabaseFile(page: Page, path: string): Promise<void> {
  await page.setInputFiles("#file", path);
  await page.waitForSelector("#run:not([disabled])");
}

/** Chooses `backend` ("" is the default), types `sql` (unless null) and clicks Run. */
export async function runQuery(page: Page, backend: string, sql: string | null): Promise<void> {
  await page.selectOption("#backend", backend);
  if (sql !== null) await page.fill("#sql", sql);
  await page.click("#run");
  // Run is synchronous in the page, so the outputs are drawn once the click returns.
  await page.waitForFunction(() =>
    !document.getElementById("error")!.hidden ||
    document.querySelector("#result table") !== null
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

/** Reads the outputs of the last run from the page. */
export function readShown(page: Page): Promise<Shown> {
  return page.evaluate(() => {
    const text = (id: string) => document.getElementById(id)!.textContent ?? "";
    const error = document.getElementById("error")!;
    // A node's details from the root down, e.g. "SCALAR SUBQUERY 1 > SCAN trips".
    const path = (li: Element) => {
      const details: string[] = [];
      for (let e: Element | null = li; e && e.id !== "plan"; e = e.parentElement) {
        if (e.tagName === "LI") details.unshift(e.firstChild?.textContent ?? "");
      }
      return details.join(" > ");
    };
    return {
      error: error.hidden ? null : error.textContent,
      backendUsed: text("backend-used"),
      timings: text("timings"),
      columns: [...document.querySelectorAll("#result th")].map((th) => th.textContent ?? ""),
      rows: [...document.querySelectorAll("#result tbody tr")].map((tr) =>
        [...tr.querySelectorAll("td")].map((td) =>
          [td.dataset.type ?? "", td.textContent ?? ""] as [string, string]
        )
      ),
      plan: [...document.querySelectorAll("#plan li")].map(path),
      program: text("program"),
    };
  });
}
