/**
 * SQLite's LIKE optimization as the WHERE clause analysis sees it (whereexpr.c
 * isLikeOrGlob): `x LIKE 'abc%'` (or `x GLOB 'abc*'`) with a literal pattern that does not
 * start with a wildcard also stands for `x >= 'ABC' AND x < 'abd'` (COLLATE NOCASE for
 * LIKE, BINARY for GLOB). Those two terms can prove `x IS NOT NULL` for a partial index.
 */
import type * as B from "../analyze/bound.ts";
import { skipCollate } from "../analyze/column_names.ts";
import { numericTextKind } from "../value/number_text.ts";
import { Affinity, StorageClass } from "../value/types.ts";
import { cText } from "../functions/scalar/coerce.ts";
import { asciiLower, asciiUpper } from "../value/ascii_case.ts";

/** The prefix range a LIKE / GLOB term stands for. */
export interface LikeRange {
  /** The operand matched against the pattern. */
  operand: B.BoundExpr;
  lower: string;
  upper: string;
  collation: "NOCASE" | "BINARY";
}

function textLiteral(e: B.BoundExpr | null): string | null {
  e &&= skipCollate(e);
  return e?.kind === "literal" && e.cls === StorageClass.Text ? String(e.value) : null;
}

const bump = (s: string) => s.slice(0, -1) + String.fromCharCode(s.charCodeAt(s.length - 1) + 1);

/** The range `e` stands for, or null when SQLite derives none. */
export function likeRange(e: B.BoundLike): LikeRange | null {
  if (e.not || (e.op !== "like" && e.op !== "glob")) return null;
  const noCase = e.op === "like";
  const [all, one, set] = noCase ? ["%", "_", ""] : ["*", "?", "["];
  let escape = "";
  if (e.escape) {
    const esc = textLiteral(e.escape);
    // One single-byte character, not a wildcard (sqlite3IsLikeFunction).
    if (esc === null || esc.length !== 1 || esc.charCodeAt(0) > 0x7f) return null;
    if (esc === all || esc === one) return null;
    escape = esc;
  }
  const pattern = textLiteral(e.right);
  if (pattern === null) return null;
  const z = cText(pattern);
  let cnt = 0;
  while (cnt < z.length && z[cnt] !== all && z[cnt] !== one && z[cnt] !== set) {
    cnt++;
    if (escape !== "" && z[cnt - 1] === escape && cnt < z.length) cnt++;
  }
  if (cnt === 0 || (cnt === 1 && z[0] === escape)) return null;
  let prefix = "";
  for (let i = 0; i < cnt; i++) prefix += z[i] === escape ? z[++i] ?? "" : z[i];
  // A prefix that reads as a number (sqlite3AtoF's verdict) could match numbers LIKE
  // compares as text.
  const textColumn = e.left.kind === "column" && e.left.affinity === Affinity.Text;
  if (
    !textColumn &&
    (numericTextKind(prefix) > 0 || prefix === "-" || numericTextKind(bump(prefix)) > 0)
  ) return null;
  const lower = noCase ? asciiUpper(prefix) : prefix;
  const upper = bump(noCase ? asciiLower(prefix) : prefix);
  return { operand: e.left, lower, upper, collation: noCase ? "NOCASE" : "BINARY" };
}
