/**
 * Result values as text for the text output modes, and text made safe to draw in a
 * terminal cell.
 *
 * Values arrive as the public API gives them with `readBigInts`: INTEGER → bigint, REAL →
 * number, so `1` and `1.0` stay apart. REALs are written as SQLite writes them
 * (`1.0`, `1.0e+300`), BLOBs as SQL literals (`X'00FF'`).
 */
import type { SqlValue } from "../mod.ts";
import { realToText } from "../core/value/real_to_text.ts";
import { displayWidth } from "./width.ts";

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).toUpperCase().padStart(2, "0"));

/** A BLOB as an SQL literal: `X'00FF'`. */
export function blobLiteral(b: Uint8Array): string {
  let s = "X'";
  for (let i = 0; i < b.length; i++) s += HEX[b[i]];
  return s + "'";
}

/** A non-NULL value as the text modes print it. */
export function valueText(v: Exclude<SqlValue, null>): string {
  if (typeof v === "string") return v;
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") return realToText(v);
  return blobLiteral(v);
}

const TAB_STOP = 8;
// C0 controls other than tab/newline, DEL, and C1 controls: shown in caret notation so
// that data can never move the cursor or change the terminal's state.
// deno-lint-ignore no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

function caretNotation(c: string): string {
  const code = c.charCodeAt(0);
  if (code === 0x7f) return "^?";
  if (code < 0x20) return "^" + String.fromCharCode(code + 0x40);
  return `<U+${code.toString(16).toUpperCase().padStart(4, "0")}>`;
}

function expandTabs(line: string): string {
  if (!line.includes("\t")) return line;
  let out = "";
  for (const part of line.split("\t").entries()) {
    if (part[0] > 0) out += " ".repeat(TAB_STOP - (displayWidth(out) % TAB_STOP));
    out += part[1];
  }
  return out;
}

/**
 * The lines a text occupies in a table cell: split at line breaks, tabs expanded to
 * 8-column stops, control characters in caret notation (`^A`).
 */
export function cellLines(text: string): string[] {
  const lines = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    lines[i] = expandTabs(lines[i].replace(CONTROL, caretNotation));
  }
  return lines;
}
