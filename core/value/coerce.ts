/**
 * SQLite's implicit value conversions (vdbemem.c), on registers:
 *
 * - {@link toInt}: a value as a 64-bit integer (sqlite3VdbeIntValue). REAL truncates toward
 *   zero and saturates at ±2^63; TEXT and BLOB give their leading integer prefix
 *   (`'12.9abc'` → 12, `'1e3'` → 1, `'abc'` → 0), saturated; NULL gives 0.
 * - {@link toReal}: a value as a double (sqlite3VdbeRealValue). TEXT and BLOB give the
 *   value of their longest numeric prefix (`'1e3x'` → 1000), NULL gives 0.
 * - {@link numericType}: how arithmetic reads an operand (computeNumericType): a TEXT or
 *   BLOB whose numeric prefix has no point or exponent is an INTEGER (`'12abc'` → 12,
 *   `'abc'` → 0), unless the digits overflow 64 bits; anything else is a REAL.
 * - {@link numerify}: CAST(x AS NUMERIC) (sqlite3VdbeMemNumerify), like numericType except
 *   that a REAL prefix with an exact small integer value becomes an INTEGER.
 * - {@link toText} / {@link toBlob}: numbers as their text, text as its bytes in the
 *   database encoding, blob bytes read as text in the database encoding. Both are exact:
 *   bytes that are not valid text survive as escapes (core/format/text.ts), so
 *   `CAST(CAST(x'ff' AS TEXT) AS BLOB)` is `x'ff'` again.
 * - {@link truthValue}: the truth of a value in WHERE, AND/OR/NOT, CASE
 *   (sqlite3VdbeBooleanValue): INTEGER ≠ 0, otherwise {@link toReal} ≠ 0.
 *
 * A BLOB read as a number is scanned as text in the database encoding `enc` (every
 * function here takes it, UTF-8 by default): in UTF-8 byte by byte, in UTF-16 as code
 * units (`x'3100' + 0` is the INTEGER 1 in a UTF-16le database, but the REAL 1.0 in a
 * UTF-8 one, where the NUL byte is junk after the digits).
 */
import { decodeText, decodeUnits, encodeText } from "../format/text.ts";
import {
  atoi64,
  atoiValue,
  intToText,
  numericTextKind,
  realToText,
  textToReal,
  TRUSTED_DOUBLE_INT,
} from "./number_text.ts";
import { type Reg, setBlob, setInt, setNull, setReal, setText } from "./reg.ts";
import { INT64_MAX, INT64_MIN, MAX_SAFE_INT, StorageClass, TextEncoding } from "./types.ts";

/** Beyond ±this, SQLite's REAL → INTEGER conversion saturates (sqlite3RealToI64). */
const REAL_TO_I64_LIMIT = 9223372036854774784;

/**
 * A blob's bytes as a string of code units 0–255, so that the text scanners read it byte
 * by byte (every non-ASCII byte is then junk to them, as it is to SQLite).
 */
export function blobAsByteString(b: Uint8Array): string {
  // In chunks: a character at a time, the truth of a zeroblob(7e7) (SQLite reads none of it)
  // took half a minute, most of it collecting garbage.
  let s = "";
  for (let i = 0; i < b.length; i += 8192) {
    s += String.fromCharCode.apply(null, b.subarray(i, i + 8192) as unknown as number[]);
  }
  return s;
}

/** The string a TEXT or BLOB register is scanned as, for number conversions. */
function scanString(r: Reg, enc: TextEncoding): string {
  if (r.c === StorageClass.Text) return r.v as string;
  let b = r.v as Uint8Array;
  // The scanners read nothing past a NUL but that junk follows: a zeroblob(6e8) is read
  // as its first byte, not made a string longer than a JS string may be.
  const utf8 = enc === TextEncoding.Utf8;
  let end = b.length;
  if (utf8) end = b.indexOf(0) + 1 || end;
  else for (let i = 0; i + 1 < end; i += 2) if (!b[i] && !b[i + 1]) end = i + 2;
  b = b.subarray(0, end);
  // In UTF-16, the code units the bytes hold (an odd trailing byte dropped), without any
  // surrogate processing: only ASCII matters to the scanners.
  return utf8 ? blobAsByteString(b) : decodeUnits(b, 0, b.length, enc === TextEncoding.Utf16le);
}

/** REAL → INTEGER by truncation, saturating at the 64-bit limits (sqlite3RealToI64). */
export function realToInt(r: number): number | bigint {
  if (r < -REAL_TO_I64_LIMIT) return INT64_MIN;
  if (r > REAL_TO_I64_LIMIT) return INT64_MAX;
  if (r !== r) return 0;
  const t = Math.trunc(r) + 0;
  return t >= -MAX_SAFE_INT && t <= MAX_SAFE_INT ? t : BigInt(t);
}

/** INTEGER → REAL, rounding to nearest as C's `(double)` cast does. */
export function intToReal(v: number | bigint): number {
  return typeof v === "number" ? v : Number(v);
}

/** sqlite3VdbeIntValue: the register's value as an INTEGER (see the module notes). */
export function toInt(r: Reg, enc: TextEncoding = TextEncoding.Utf8): number | bigint {
  switch (r.c) {
    case StorageClass.Integer:
      return r.v as number | bigint;
    case StorageClass.Real:
      return realToInt(r.v as number);
    case StorageClass.Null:
      return 0;
    default:
      atoi64(scanString(r, enc));
      return atoiValue;
  }
}

/** sqlite3VdbeRealValue: the register's value as a REAL (see the module notes). */
export function toReal(r: Reg, enc: TextEncoding = TextEncoding.Utf8): number {
  switch (r.c) {
    case StorageClass.Real:
      return r.v as number;
    case StorageClass.Integer:
      return intToReal(r.v as number | bigint);
    case StorageClass.Null:
      return 0;
    default:
      return textToReal(scanString(r, enc));
  }
}

/** INTEGER value found by the last {@link numericType} call that returned INTEGER. */
export let numericInt: number | bigint = 0;

/**
 * How arithmetic reads an operand (SQLite's numericType/computeNumericType). Returns
 * `StorageClass.Null`, `StorageClass.Integer` (value in {@link numericInt}) or
 * `StorageClass.Real` (value: {@link toReal} of the register). A TEXT or BLOB is an
 * INTEGER when its numeric prefix is an integer form that fits in 64 bits and is either
 * the whole text or followed by junk (`'12abc'`, `'abc'` → 0); otherwise a REAL (`'1.0'`,
 * `'1e3'`, `'1.5abc'`, `'9223372036854775808'`).
 */
export function numericType(r: Reg, enc: TextEncoding = TextEncoding.Utf8): StorageClass {
  const c = r.c;
  if (c === StorageClass.Integer) {
    numericInt = r.v as number | bigint;
    return c;
  }
  if (c === StorageClass.Real || c === StorageClass.Null) return c;
  const s = scanString(r, enc);
  const kind = numericTextKind(s);
  // No number or an integer prefix before junk (kind 0): INTEGER when the prefix fits in
  // 64 bits ('abc' is 0); a whole integer form (kind 1): when it fits exactly.
  if (kind === 0 ? atoi64(s) <= 1 : kind === 1 && atoi64(s) === 0) {
    numericInt = atoiValue;
    return StorageClass.Integer;
  }
  return StorageClass.Real;
}

/**
 * CAST(x AS NUMERIC) (sqlite3VdbeMemNumerify) into `out`: NULL, INTEGER and REAL are
 * unchanged; a TEXT or BLOB becomes an INTEGER when its numeric prefix is an integer form
 * that fits in 64 bits (`'12abc'` → 12, `'abc'` → 0) or when its REAL value is a whole
 * number below 2^51 in magnitude (`'2.0abc'` → 2, `'-0.0'` → 0), and a REAL otherwise.
 */
export function numerify(r: Reg, out: Reg, enc: TextEncoding = TextEncoding.Utf8): void {
  const c = r.c;
  if (c !== StorageClass.Text && c !== StorageClass.Blob) {
    out.v = r.v;
    out.c = c;
    return;
  }
  const s = scanString(r, enc);
  const kind = numericTextKind(s);
  if ((kind === 0 || kind === 1) && atoi64(s) <= 1) {
    setInt(out, atoiValue);
    return;
  }
  const real = textToReal(s);
  const int = realToInt(real);
  // sqlite3RealSameAsInt: `real` came from `int` without loss, and |int| < 2^51 (or zero).
  if (
    real === 0 ||
    (typeof int === "number" && real === int && int >= -TRUSTED_DOUBLE_INT &&
      int < TRUSTED_DOUBLE_INT)
  ) setInt(out, int);
  else setReal(out, real);
}

/** sqlite3VdbeBooleanValue: 1 if true, 0 if false, `ifNull` for NULL. */
export function truthValue(
  r: Reg,
  ifNull: number,
  enc: TextEncoding = TextEncoding.Utf8,
): number {
  const c = r.c;
  if (c === StorageClass.Integer) return r.v === 0 ? 0 : 1;
  if (c === StorageClass.Null) return ifNull;
  return toReal(r, enc) !== 0 ? 1 : 0;
}

/** The text SQLite renders a number as: INTEGER digits, REAL per {@link realToText}. */
export function numberToText(r: Reg): string {
  return r.c === StorageClass.Integer
    ? intToText(r.v as number | bigint)
    : realToText(r.v as number);
}

/** A text's bytes in a database encoding, exactly (see core/format/text.ts). */
export { encodeText };

/**
 * The register as TEXT into `out` (sqlite3_value_text; CAST(x AS TEXT)): numbers are
 * rendered, a BLOB's bytes are read as text in `enc`, TEXT and NULL are unchanged.
 */
export function toText(r: Reg, out: Reg, enc: TextEncoding): void {
  switch (r.c) {
    case StorageClass.Null:
      setNull(out);
      return;
    case StorageClass.Text:
      setText(out, r.v as string);
      return;
    case StorageClass.Blob: {
      // The bytes read as text in `enc` (an odd trailing byte dropped in UTF-16).
      const b = r.v as Uint8Array;
      setText(out, decodeText(b, 0, b.length, enc));
      return;
    }
    default:
      setText(out, numberToText(r));
  }
}

/**
 * The register as a BLOB into `out` (CAST(x AS BLOB)): a TEXT becomes its bytes in `enc`,
 * a number the bytes of its text, BLOB and NULL are unchanged.
 */
export function toBlob(r: Reg, out: Reg, enc: TextEncoding): void {
  switch (r.c) {
    case StorageClass.Null:
      setNull(out);
      return;
    case StorageClass.Blob:
      setBlob(out, r.v as Uint8Array);
      return;
    case StorageClass.Text:
      setBlob(out, encodeText(r.v as string, enc));
      return;
    default:
      setBlob(out, encodeText(numberToText(r), enc));
  }
}
