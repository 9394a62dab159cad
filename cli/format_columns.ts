/**
 * The columnar output modes — box (sqlite3 `-box`), table (`-table`) and markdown — with
 * widths measured in terminal columns (see width.ts). As in the sqlite3 shell: headers are
 * centred, values left-aligned, a value with line breaks spans several lines, and then
 * every row is followed by a separator line so rows stay apart.
 */
import type { SqlValue } from "../mod.ts";
import { cellLines, valueText } from "./value_text.ts";
import { displayWidth } from "./width.ts";

/** The columnar modes. */
export type ColumnarMode = "box" | "table" | "markdown";

/** How NULL appears in a cell. */
export interface NullStyle {
  /** The text shown for NULL. */
  text: string;
  /** Dim it with ANSI escapes (for a terminal). */
  dim: boolean;
}

interface Borders {
  top: [string, string, string] | null;
  middle: [string, string, string];
  bottom: [string, string, string] | null;
  horizontal: string;
  vertical: string;
}

const BORDERS: Record<ColumnarMode, Borders> = {
  box: {
    top: ["┌", "┬", "┐"],
    middle: ["├", "┼", "┤"],
    bottom: ["└", "┴", "┘"],
    horizontal: "─",
    vertical: "│",
  },
  table: {
    top: ["+", "+", "+"],
    middle: ["+", "+", "+"],
    bottom: ["+", "+", "+"],
    horizontal: "-",
    vertical: "|",
  },
  markdown: { top: null, middle: ["|", "|", "|"], bottom: null, horizontal: "-", vertical: "|" },
};

const DIM_ON = "\x1b[2m";
const DIM_OFF = "\x1b[22m";

/** One cell: its lines and their widths. */
interface Cell {
  lines: string[];
  widths: number[];
  isNull: boolean;
}

function makeCell(lines: string[], isNull: boolean): Cell {
  return { lines, widths: lines.map(displayWidth), isNull };
}

function rule(b: [string, string, string], horizontal: string, widths: number[]): string {
  return b[0] + widths.map((w) => horizontal.repeat(w + 2)).join(b[1]) + b[2] + "\n";
}

/**
 * The rows as a table in `mode`; "" when there are no rows (the sqlite3 shell prints
 * nothing for an empty result).
 */
export function formatColumns(
  mode: ColumnarMode,
  names: readonly string[],
  rows: readonly SqlValue[][],
  nulls: NullStyle,
): string {
  if (rows.length === 0) return "";
  const nullLines = cellLines(nulls.text);
  const header = names.map((n) => makeCell(cellLines(n), false));
  const body = rows.map((row) =>
    row.map((v) =>
      v === null ? makeCell(nullLines, true) : makeCell(cellLines(valueText(v)), false)
    )
  );
  const widths = header.map((c) => Math.max(...c.widths));
  let multiLine = false;
  for (const row of body) {
    for (let i = 0; i < row.length; i++) {
      const cell = row[i];
      if (cell.lines.length > 1) multiLine = true;
      for (const w of cell.widths) if (w > widths[i]) widths[i] = w;
    }
  }
  const b = BORDERS[mode];
  let out = b.top ? rule(b.top, b.horizontal, widths) : "";
  out += rowText(header, widths, b.vertical, true, false);
  out += rule(b.middle, mode === "markdown" ? "-" : b.horizontal, widths);
  for (let r = 0; r < body.length; r++) {
    out += rowText(body[r], widths, b.vertical, false, nulls.dim);
    if (multiLine && mode !== "markdown" && r < body.length - 1) {
      out += rule(b.middle, b.horizontal, widths);
    }
  }
  if (b.bottom) out += rule(b.bottom, b.horizontal, widths);
  return out;
}

function rowText(
  cells: Cell[],
  widths: number[],
  vertical: string,
  centred: boolean,
  dimNulls: boolean,
): string {
  const height = Math.max(...cells.map((c) => c.lines.length));
  let out = "";
  for (let l = 0; l < height; l++) {
    out += vertical;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      const text = cell.lines[l] ?? "";
      const gap = widths[i] - (cell.widths[l] ?? 0);
      const left = centred ? gap >> 1 : 0;
      const shown = cell.isNull && dimNulls && text !== "" ? DIM_ON + text + DIM_OFF : text;
      out += " " + " ".repeat(left) + shown + " ".repeat(gap - left) + " " + vertical;
    }
    out += "\n";
  }
  return out;
}
