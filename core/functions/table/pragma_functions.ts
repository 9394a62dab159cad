/**
 * `pragma_<name>(...)`: the table-valued form of a PRAGMA, as SQLite's pragma virtual
 * table (pragma.c) answers it, checked against node:sqlite:
 *
 * - Arguments fill the pragma's real hidden columns in order (core/pragma
 *   `pragmaHiddenColumns`): `arg` when the pragma takes an argument, then `schema` when it
 *   takes a schema qualifier. More arguments than that is SQLite's "too many arguments on
 *   pragma_x() - max N".
 * - Argument values are used as text (`x'74'` names table `t`); a NULL argument is no
 *   argument (`pragma_table_info(NULL)` has no rows, `pragma_table_list(NULL)` lists all).
 * - An unknown schema is "unknown database 'x'".
 * - The hidden columns read back: `arg` the argument's text; `schema` the schema's text
 *   when the pragma also takes an argument, else NULL (SQLite reads the wrong slot there).
 *   The binder gives every pragma both columns; the one SQLite lacks reads NULL.
 */
import { sqlError } from "../../errors.ts";
import type { DatabaseFile } from "../../database_file.ts";
import { pragmaHiddenColumns, pragmaSpec, runPragma } from "../../pragma/pragma.ts";
import { pragmaOptionsFor } from "../../api/pragma_options.ts";
import { nameKey } from "../../format/schema_types.ts";
import { newReg, type Reg, setInt, setReal, setText } from "../../value/reg.ts";
import { toText } from "../../value/coerce.ts";
import type { SqlValue } from "../../value/types.ts";

/** The rows of `pragma_<name>(...args)`: pragma columns, then `arg`, then `schema`. */
export function pragmaRows(name: string, args: readonly Reg[], file: DatabaseFile): Reg[][] {
  const spec = pragmaSpec(name);
  if (!spec) throw sqlError(`no such table: pragma_${name}`);
  const hidden = pragmaHiddenColumns(name);
  if (args.length > hidden.length) {
    throw sqlError(`too many arguments on pragma_${name}() - max ${hidden.length}`);
  }
  const textOf = (column: string): string | null => {
    const at = hidden.indexOf(column);
    return at >= 0 && at < args.length ? argText(args[at], file) : null;
  };
  const arg = textOf("arg");
  const schema = textOf("schema");
  if (schema !== null && nameKey(schema) !== "main" && nameKey(schema) !== "temp") {
    throw sqlError(`unknown database '${schema}'`);
  }
  const rows = runPragma(file, spec.name, arg, schema, pragmaOptionsFor(file));
  const argColumn = spec.result1 ? arg : null;
  const schemaColumn = spec.result1 && spec.schema ? schema : null;
  return rows.map((row) => {
    const regs = row.map(regOf);
    regs.push(regOf(argColumn), regOf(schemaColumn));
    return regs;
  });
}

/** The text of `r`; null for NULL (toText leaves a NULL). */
function argText(r: Reg, file: DatabaseFile): string | null {
  const out = newReg();
  toText(r, out, file.encoding);
  return out.v as string;
}

/** A pragma value as a register (pragmas return numbers, text and NULL, never a BLOB). */
function regOf(v: SqlValue): Reg {
  // A new register is NULL; null is no string, bigint or integer.
  const r = newReg();
  if (typeof v === "string") setText(r, v);
  else if (typeof v === "bigint" || Number.isInteger(v)) setInt(r, v as number | bigint);
  else if (v !== null) setReal(r, v as number);
  return r;
}
