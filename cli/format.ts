/**
 * One entry point for every output mode: a statement's result as the text to print.
 */
import type { SqlValue } from "../mod.ts";
import { formatColumns } from "./format_columns.ts";
import { formatCsv, formatJson, formatLine, formatList } from "./format_flat.ts";
import type { Settings } from "./settings.ts";

/** The default NULL marker of the text modes (csv's is the empty field). */
export const NULL_MARKER = "NULL";

/** The result rows `rows` with columns `names`, formatted as `settings.mode` says. */
export function formatResult(
  names: readonly string[],
  rows: readonly SqlValue[][],
  settings: Settings,
): string {
  const nullText = settings.nullValue ?? (settings.mode === "csv" ? "" : NULL_MARKER);
  switch (settings.mode) {
    case "box":
    case "table":
    case "markdown":
      return formatColumns(settings.mode, names, rows, {
        text: nullText,
        dim: settings.color && settings.nullValue === null,
      });
    case "csv":
      return formatCsv(names, rows, settings.headers, nullText);
    case "json":
      return formatJson(names, rows, settings.bigints);
    case "list":
      return formatList(names, rows, settings.headers, nullText);
    case "line":
      return formatLine(names, rows, nullText);
  }
}
