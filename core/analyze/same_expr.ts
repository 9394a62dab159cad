/**
 * Structural equality of bound expressions, ignoring spans (SQLite's sqlite3ExprCompare
 * returning 0): used to match ORDER BY / GROUP BY terms to result columns.
 */
import type * as B from "./bound.ts";

const IGNORED = new Set(["start", "end", "affinity", "collation", "hasCollate"]);

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    // Most pairs differ in kind: told without looking further.
    if (ao.kind !== bo.kind) return false;
    // Subqueries are never equal (SQLite compares them by identity).
    if (ao.kind === "core" || ao.kind === "values" || "compounds" in ao) return false;
    if ("minArgs" in ao) return ao.name === bo.name;
    // Each property that counts equal, and as many on both sides (for-in: no key arrays,
    // as planning compares many terms).
    let counted = 0;
    for (const k in ao) {
      if (IGNORED.has(k)) continue;
      counted++;
      // Function and collation names compare without case.
      if (k === "name" && (ao.kind === "function" || ao.kind === "collate")) {
        if (String(ao.name).toLowerCase() !== String(bo.name).toLowerCase()) return false;
      } else if (!sameValue(ao[k], bo[k])) return false;
    }
    for (const k in bo) if (!IGNORED.has(k)) counted--;
    return counted === 0;
  }
  return false;
}

/** Do `a` and `b` compute the same thing, written the same way? */
export const sameExpr: (a: B.BoundExpr, b: B.BoundExpr) => boolean = sameValue;
