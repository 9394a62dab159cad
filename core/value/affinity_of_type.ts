/**
 * Column affinity from a declared type, by SQLite's rules (datatype3.html section 3.1,
 * implemented in build.c's sqlite3AffinityType):
 *
 * 1. contains "INT" → INTEGER
 * 2. contains "CHAR", "CLOB" or "TEXT" → TEXT
 * 3. contains "BLOB", or no type at all → BLOB
 * 4. contains "REAL", "FLOA" or "DOUB" → REAL
 * 5. otherwise → NUMERIC
 *
 * Matching is by substring, ASCII case-insensitive, and earlier rules win ("CHARINT" is
 * INTEGER, "FLOATING POINT" is INTEGER because of "INT" in "POINT").
 */
import { Affinity } from "./types.ts";
import { asciiLower } from "./ascii_case.ts";

/**
 * sqlite3AffinityType on a non-empty type text. Unlike {@link affinityOfDeclaredType}
 * an empty text gives NUMERIC: SQLite only reaches this for a type that was declared,
 * e.g. `a ""` (which dequotes to "" yet has NUMERIC affinity).
 */
export function affinityOfTypeText(typeText: string): Affinity {
  const t = asciiLower(typeText);
  if (t.includes("int")) return Affinity.Integer;
  if (t.includes("char") || t.includes("clob") || t.includes("text")) return Affinity.Text;
  if (t.includes("blob")) return Affinity.Blob;
  if (t.includes("real") || t.includes("floa") || t.includes("doub")) return Affinity.Real;
  return Affinity.Numeric;
}

/**
 * The affinity of a column with this declared type, as `PRAGMA table_info` reports the
 * type ("" for none). In a STRICT table (`strict`), ANY means BLOB affinity; the other
 * STRICT type names (INT, INTEGER, REAL, TEXT, BLOB) follow the ordinary rules.
 */
export function affinityOfDeclaredType(declaredType: string, strict = false): Affinity {
  if (declaredType === "") return Affinity.Blob;
  if (strict && asciiLower(declaredType) === "any") return Affinity.Blob;
  return affinityOfTypeText(declaredType);
}
