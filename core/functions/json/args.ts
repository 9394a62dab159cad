/**
 * Turning SQL argument values into JSONB, SQL values into JSON text, and JSONB elements
 * back into SQL values: the argument and result conventions every JSON function shares.
 */
import { sqlError, type SqliteError } from "../../errors.ts";
import { numberToText, toText } from "../../value/coerce.ts";
import { atoi64, atoiValue, numericTextKind, textToReal } from "../../value/number_text.ts";
import { newReg, type Reg, setBlob, setInt, setNull, setReal, setText } from "../../value/reg.ts";
import { INT64_MAX, normalizeInt, StorageClass, type TextEncoding } from "../../value/types.ts";
import { isXDigit, utf8, utf8Padded, utf8Text } from "./chars.ts";
import { JB, JsonParse, looksLikeJsonb, payloadSize, payloadSz } from "./jsonb.ts";
import { appendQuoted, JsonOut, OutErr } from "./out.ts";
import { parseJsonText } from "./parse_text.ts";
import { renderText } from "./render.ts";
import { hasJsonSubtype, setJsonText } from "./subtype.ts";
import { unescapePayload } from "./unescape.ts";
import { quoteValue, sqlQuote } from "../scalar/blob.ts";

/** The "malformed JSON" error. */
export function malformed(): SqliteError {
  return sqlError("malformed JSON");
}

/** SQLite's `%Q` of a text: single-quoted with quotes doubled. */
export { sqlQuote };

/** The "bad JSON path: '...'" error. */
export function badPath(path: string): SqliteError {
  return sqlError(`bad JSON path: ${sqlQuote(path)}`);
}

const scratch = newReg();

/** The text of a non-NULL value (sqlite3_value_text), cut at a NUL as C code sees it. */
export function argText(r: Reg, enc: TextEncoding): string {
  if (r.c === StorageClass.Text) return r.v as string;
  if (r.c === StorageClass.Integer || r.c === StorageClass.Real) return numberToText(r);
  toText(r, scratch, enc);
  return scratch.v as string;
}

/** A parse of JSON text; `ok` false on a syntax error (the parse then has `iErr`). */
export function parseJson(text: string): { p: JsonParse; ok: boolean } {
  const z = utf8Padded(text);
  const p = new JsonParse(z.length + 16);
  p.z = z;
  p.nJson = z.length - 16;
  const ok = p.nJson > 0 && parseJsonText(p);
  return { p, ok };
}

/**
 * The JSON document an argument holds (SQLite's jsonParseFuncArg): a JSONB blob as is,
 * anything else read as JSON text. null for SQL NULL. Throws "malformed JSON".
 */
export function parseArg(r: Reg, enc: TextEncoding): JsonParse | null {
  if (r.c === StorageClass.Null) return null;
  if (r.c === StorageClass.Blob && looksLikeJsonb(r.v as Uint8Array)) {
    return JsonParse.of(r.v as Uint8Array);
  }
  const { p, ok } = parseJson(argText(r, enc));
  if (!ok) throw malformed();
  return p;
}

const NULL_BLOB = new Uint8Array([JB.Null]);

/**
 * The JSONB an SQL value stands for as a value to insert (jsonFunctionArgToBlob): NULL is
 * null, numbers keep their text, TEXT is a string unless it carries the JSON subtype,
 * a BLOB must be JSONB.
 */
export function valueToJsonb(r: Reg): Uint8Array {
  switch (r.c) {
    case StorageClass.Null:
      return NULL_BLOB;
    case StorageClass.Blob:
      if (looksLikeJsonb(r.v as Uint8Array)) return r.v as Uint8Array;
      throw sqlError("JSON cannot hold BLOB values");
    case StorageClass.Text: {
      if (hasJsonSubtype(r)) {
        const { p, ok } = parseJson(r.v as string);
        if (!ok) throw malformed();
        return p.bytes();
      }
      const b = utf8(r.v as string);
      const p = new JsonParse(b.length + 9);
      p.appendNode(JB.TextRaw, b.length, b);
      return p.bytes();
    }
    default: {
      // INTEGER or REAL (only a REAL is infinite).
      const p = new JsonParse(32);
      const x = r.v;
      p.appendAscii(
        r.c === StorageClass.Integer ? JB.Int : JB.Float,
        x === Infinity ? "9e999" : x === -Infinity ? "-9e999" : numberToText(r),
      );
      return p.bytes();
    }
  }
}

/** Appends an SQL value as JSON (jsonAppendSqlValue). */
export function appendSqlValue(out: JsonOut, r: Reg): void {
  switch (r.c) {
    case StorageClass.Null:
      out.ascii("null");
      return;
    case StorageClass.Real:
    case StorageClass.Integer:
      // As quote() writes them, infinities as 9.0e+999 and -9.0e+999.
      out.ascii(quoteValue(r));
      return;
    case StorageClass.Text: {
      const b = utf8(r.v as string);
      if (hasJsonSubtype(r)) out.raw(b);
      else appendQuoted(out, b);
      return;
    }
    default: {
      const b = r.v as Uint8Array;
      if (!looksLikeJsonb(b)) throw sqlError("JSON cannot hold BLOB values");
      renderText(JsonParse.of(b), 0, out);
      if (out.err !== OutErr.None) throw malformed();
    }
  }
}

/** The element at `i` as minified JSON text; throws "malformed JSON" on bad JSONB. */
export function elementText(p: JsonParse, i: number): string {
  const out = new JsonOut();
  renderText(p, i, out);
  if (out.err !== OutErr.None) throw malformed();
  return out.text();
}

/** Writes the whole document as the function result: JSONB blob or JSON text. */
export function returnParse(p: JsonParse, out: Reg, asBlob: boolean): void {
  if (asBlob) setBlob(out, p.bytes());
  else {
    p.delta = 0;
    setJsonText(out, elementText(p, 0));
  }
}

/** sqlite3DecOrHexToI64 over `s`: 0 ok, 1 junk, 2 overflow, 3 exactly 2^63; value in atoiValue-like slot. */
function decOrHexToI64(s: string): [number, number | bigint] {
  if (s[0] === "0" && (s[1] === "x" || s[1] === "X") && isXDigit(s.charCodeAt(2))) {
    let k = 2;
    while (s[k] === "0") k++;
    let n = 0;
    while (isXDigit(s.charCodeAt(k + n))) n++;
    if (n > 16) return [2, 0];
    const u = BigInt("0x0" + s.slice(k, k + n));
    // Beyond INT64_MAX SQLite 3.53 gives the REAL of the unsigned value.
    if (u > INT64_MAX) return [4, Number(u)];
    return [k + n === s.length ? 0 : 1, normalizeInt(u)];
  }
  const rc = atoi64(s);
  return [rc < 0 ? 1 : rc, atoiValue];
}

/**
 * Writes the element at `i` as an SQL value (jsonReturnFromBlob): null/true/false as
 * NULL/1/0, numbers as INTEGER or REAL, strings unescaped, arrays and objects as JSON text
 * (or their JSONB when `asBlob`). The caller adds the JSON subtype where SQLite does.
 */
export function returnFromBlob(p: JsonParse, i: number, out: Reg, asBlob: boolean): void {
  const a = p.a;
  let h = payloadSize(a, p.n, i);
  if (h === 0) throw malformed();
  let sz = payloadSz;
  const t = a[i] & 0x0f;
  switch (t) {
    case JB.Null:
    case JB.True:
    case JB.False:
      if (sz) throw malformed();
      // NULL, or 1 for true (type 1) and 0 for false (type 2).
      return t === JB.Null ? setNull(out) : setInt(out, 2 - t);
    case JB.Int5:
    case JB.Int: {
      if (sz === 0) throw malformed();
      let neg = false;
      if (a[i + h] === 0x2d) {
        if (sz < 2) throw malformed();
        h++;
        sz--;
        neg = true;
      }
      const [rc, v] = decOrHexToI64(utf8Text(a, i + h, i + h + sz));
      if (rc === 4) setReal(out, neg ? -(v as number) : (v as number));
      else if (rc === 0) {
        // Negated: `0 - v` (never -0), or a bigint wrapped at 64 bits.
        setInt(out, !neg ? v : typeof v === "number" ? 0 - v : normalizeInt(BigInt.asIntN(64, -v)));
      } else if (rc === 3 && neg) setInt(out, -9223372036854775808n);
      else if (rc === 1) throw malformed();
      else {
        if (neg) {
          h--;
          sz++;
        }
        toDouble(a, i + h, sz, out);
      }
      return;
    }
    case JB.Float5:
    case JB.Float:
      if (sz === 0) throw malformed();
      toDouble(a, i + h, sz, out);
      return;
    case JB.TextRaw:
    case JB.Text:
      return setText(out, utf8Text(a, i + h, i + h + sz));
    case JB.Text5:
    case JB.TextJ:
      return setText(out, utf8Text(unescapePayload(a, i + h, sz)));
    case JB.Array:
    case JB.Object:
      if (asBlob) return setBlob(out, a.slice(i, i + h + sz));
      // Rendered as a document of its own (jsonReturnTextJsonFromBlob), bounded by its end.
      return setText(out, elementText(JsonParse.of(a.subarray(i, i + h + sz)), 0));
    default:
      throw malformed();
  }
}

function toDouble(a: Uint8Array, s: number, sz: number, out: Reg): void {
  // sqlite3AtoF on a C string: stops at a NUL.
  let e = s;
  while (e < s + sz && a[e] !== 0) e++;
  const text = utf8Text(a, s, e);
  if (numericTextKind(text) <= 0) throw malformed();
  setReal(out, textToReal(text));
}
