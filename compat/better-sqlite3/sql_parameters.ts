/**
 * A statement's parameters as SQLite numbers them (src/vdbe's `sqlite3_bind_parameter_*`):
 * `?` takes the next index, `?NNN` index NNN, a name (`:a`, `@a`, `$a`) the index of its
 * first use or the next one. A slot's name is its text (`"?3"`, `":a"`); `?` slots and
 * the gaps `?NNN` leaves have none. better-sqlite3's binding rules work on these names.
 */
import { tokenize, TokenKind } from "../../core/sql/tokenize.ts";

/** One parameter in the SQL text: its span and its slot (1-based). */
export interface ParameterUse {
  start: number;
  end: number;
  index: number;
}

/** The slots and the parameter uses of a statement's SQL. */
export interface ParameterScan {
  /** Slot i + 1's name, or null (`sqlite3_bind_parameter_name`). */
  names: (string | null)[];
  uses: ParameterUse[];
}

/** Scans `sql` (one statement) for its parameters. */
export function scanParameters(sql: string): ParameterScan {
  const byName = new Map<string, number>();
  const names: (string | null)[] = [];
  const uses: ParameterUse[] = [];
  for (const t of tokenize(sql)) {
    if (t.kind !== TokenKind.Variable) continue;
    const text = sql.slice(t.start, t.end);
    let index: number;
    if (text === "?") index = names.length + 1;
    else index = byName.get(text) ?? (text[0] === "?" ? Number(text.slice(1)) : names.length + 1);
    while (names.length < index) names.push(null);
    if (text !== "?" && !byName.has(text)) {
      byName.set(text, index);
      names[index - 1] ??= text;
    }
    uses.push({ start: t.start, end: t.end, index });
  }
  return { names, uses };
}
