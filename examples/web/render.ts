/// <reference lib="dom" />
/**
 * Draws query results, the query plan and errors into the page. Everything the user or the
 * database supplies goes in through textContent, never innerHTML.
 */
import { SqliteError, type SqlValue } from "../../browser.ts";

/** At most this many rows are drawn; the count above the table says how many there were. */
export const MAX_ROWS_SHOWN = 1000;

/** A value's storage class as the table cell's data-type says it. */
export function valueType(v: SqlValue): "null" | "integer" | "real" | "text" | "blob" {
  if (v === null) return "null";
  if (typeof v === "bigint") return "integer";
  if (typeof v === "number") return "real";
  if (typeof v === "string") return "text";
  return "blob";
}

/** A value as the table shows it: NULL, blobs as x'hex', REALs with a decimal point. */
export function formatValue(v: SqlValue): string {
  if (v === null) return "NULL";
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") {
    return Number.isInteger(v) && Math.abs(v) < 1e15 ? v.toFixed(1) : String(v);
  }
  if (typeof v === "string") return v;
  return `x'${Array.from(v, (b) => b.toString(16).padStart(2, "0")).join("")}'`;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The result table: a header per column, a row per result row (integers as bigint). */
export function renderTable(columns: string[], rows: SqlValue[][]): HTMLTableElement {
  const table = element("table");
  const head = table.createTHead().insertRow();
  for (const name of columns) head.append(element("th", name));
  const body = table.createTBody();
  for (const row of rows.slice(0, MAX_ROWS_SHOWN)) {
    const tr = body.insertRow();
    for (const v of row) {
      const td = element("td", formatValue(v));
      td.dataset.type = valueType(v);
      tr.append(td);
    }
  }
  return table;
}

/** One row of `EXPLAIN QUERY PLAN`. */
export interface PlanRow {
  id: number;
  parent: number;
  detail: string;
}

/** The plan as nested lists: each row under the row whose id is its parent (0 is the root). */
export function renderPlan(rows: PlanRow[]): HTMLUListElement {
  const children = new Map<number, PlanRow[]>();
  for (const r of rows) {
    const siblings = children.get(r.parent) ?? [];
    siblings.push(r);
    children.set(r.parent, siblings);
  }
  const seen = new Set<number>();
  const list = (parent: number): HTMLUListElement => {
    const ul = element("ul");
    for (const r of children.get(parent) ?? []) {
      const li = element("li", r.detail);
      // A malformed plan could name itself as an ancestor; draw each node once.
      if (!seen.has(r.id) && r.id !== parent) {
        seen.add(r.id);
        if (children.has(r.id)) li.append(list(r.id));
      }
      ul.append(li);
    }
    return ul;
  };
  return list(0);
}

/** An error as text: SQLite's code and message for SqliteError, the message otherwise. */
export function describeError(e: unknown): string {
  if (e instanceof SqliteError) return `${e.code}: ${e.message}`;
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

/** "12.3 ms", or "0.05 ms" for short steps. */
export function formatMs(ms: number): string {
  return `${ms < 1 ? ms.toFixed(2) : ms.toFixed(1)} ms`;
}

/** Requests and bytes fetched over the network. */
export interface Fetched {
  requests: number;
  bytes: number;
}

/** "3 requests, 12,288 bytes". */
export function describeFetched(f: Fetched): string {
  return `${f.requests} request${f.requests === 1 ? "" : "s"}, ${
    f.bytes.toLocaleString("en")
  } bytes`;
}
