/**
 * The affinity of a compound subquery's column (SQLite's selectAddColumnTypeAndCollation):
 * the first SELECT of the compound (from the left) whose expression has an affinity gives
 * it, unless another SELECT may produce a value that affinity would mangle — a TEXT column
 * that may receive numbers, or a numeric column that may receive text, gets BLOB affinity
 * (no conversion) instead; a numeric affinity with a CAST in the left-most SELECT is
 * SQLite's FLEXNUM, which acts as NUMERIC (a REAL column then reads integers as such).
 * Which storage classes an expression may produce is SQLite's sqlite3ExprDataType.
 */
import { Affinity, isNumericAffinity, StorageClass } from "../value/types.ts";
import type { BoundExpr } from "./bound.ts";

/**
 * Bits of {@link mayProduce}: the storage classes an expression may produce (a const enum,
 * so the bundle holds the numbers).
 */
const enum May {
  NUMERIC = 0x01,
  TEXT = 0x02,
  BLOB = 0x04,
  ANY = NUMERIC | TEXT | BLOB,
}

/** The storage classes `e` may produce, as SQLite's sqlite3ExprDataType bit mask. */
function mayProduce(e: BoundExpr): number {
  switch (e.kind) {
    case "collate":
      return mayProduce(e.operand);
    case "unary":
      return e.op === "+" ? mayProduce(e.operand) : May.NUMERIC;
    case "literal":
      switch (e.cls) {
        case StorageClass.Null:
          return 0;
        case StorageClass.Text:
          return May.TEXT;
        case StorageClass.Blob:
          return May.BLOB;
        default:
          return May.NUMERIC;
      }
    case "binary":
      return e.op === "||"
        ? May.TEXT | May.BLOB
        : e.op === "->" || e.op === "->>"
        ? May.ANY
        : May.NUMERIC;
    case "like":
      // A call of like(), glob(), … to SQLite's parser; NOT LIKE is a NOT around it.
      return e.not ? May.NUMERIC : May.ANY;
    case "variable":
    case "function":
    case "currentTime":
      return May.ANY;
    case "column":
    case "subquery":
    case "cast":
    case "row":
      // What their affinity lets them produce.
      return isNumericAffinity(e.affinity)
        ? May.NUMERIC | May.BLOB
        : e.affinity === Affinity.Text
        ? May.TEXT | May.BLOB
        : May.ANY;
    case "case": {
      let m = e.otherwise ? mayProduce(e.otherwise) : 0;
      for (const w of e.whens) m |= mayProduce(w.then);
      return m;
    }
    default:
      return May.NUMERIC;
  }
}

/**
 * The affinity of one column of a compound SELECT whose parts (left-most first; each VALUES
 * row counts as a part) give `parts`. The first part with an affinity gives it; the parts
 * skipped on the way and every part after it decide whether it must turn into BLOB.
 */
export function compoundColumnAffinity(parts: readonly BoundExpr[]): Affinity | null {
  let m = 0;
  let k = 0;
  while (parts[k].affinity === null && k + 1 < parts.length) m |= mayProduce(parts[k++]);
  const aff = parts[k].affinity;
  if (aff === null || aff === Affinity.Blob || parts.length === 1) return aff;
  for (let j = k + 1; j < parts.length; j++) m |= mayProduce(parts[j]);
  if (aff === Affinity.Text && (m & May.NUMERIC) !== 0) return Affinity.Blob;
  if (isNumericAffinity(aff) && (m & May.TEXT) !== 0) return Affinity.Blob;
  // SQLite's FLEXNUM: numeric, but no REAL conversion on read (compares as NUMERIC).
  if (isNumericAffinity(aff) && parts[0].kind === "cast") return Affinity.Numeric;
  return aff;
}
