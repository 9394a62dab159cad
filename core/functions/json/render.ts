/**
 * JSONB to JSON text as SQLite prints it: minified (`jsonTranslateBlobToText`) or
 * indented (`json_pretty`). Numbers and strings come out as stored; JSON5 forms are
 * normalised (hex integers to decimal, `.5`/`5.` to `0.5`/`5.0`, JSON5 string escapes to
 * RFC-8259 ones).
 */
import { hexValue, isDigit, isXDigit } from "./chars.ts";
import { JB, JSONB_TYPE_NAMES, type JsonParse, payloadSize, payloadSz } from "./jsonb.ts";
import { appendEscape, appendQuoted, type JsonOut, OutErr } from "./out.ts";

/**
 * Appends the element at `i` as minified JSON text; returns the index past it. Malformed
 * JSONB sets `out.err` (and may leave partial text, as SQLite does).
 */
export function renderText(p: JsonParse, i: number, out: JsonOut): number {
  const a = p.a;
  const h = payloadSize(a, p.n, i);
  if (h === 0) {
    out.err |= OutErr.Malformed;
    return p.n + 1;
  }
  const sz = payloadSz;
  const s = i + h;
  switch (a[i] & 0x0f) {
    case JB.Null:
    case JB.True:
    case JB.False:
      // json_type()'s names of these three are their JSON spellings.
      out.ascii(JSONB_TYPE_NAMES[a[i] & 0x0f]);
      return i + 1;
    case JB.Int:
    case JB.Float:
      if (sz === 0) out.err |= OutErr.Malformed;
      else out.raw(a, s, s + sz);
      break;
    case JB.Int5:
      if (sz === 0) out.err |= OutErr.Malformed;
      else renderInt5(a, s, sz, out);
      break;
    case JB.Float5: {
      if (sz === 0) {
        out.err |= OutErr.Malformed;
        break;
      }
      let k = 0;
      if (a[s] === 0x2d) {
        out.char(0x2d);
        k++;
      }
      if (a[s + k] === 0x2e) out.char(0x30);
      for (; k < sz; k++) {
        out.char(a[s + k]);
        if (a[s + k] === 0x2e && (k + 1 === sz || !isDigit(a[s + k + 1]))) out.char(0x30);
      }
      break;
    }
    case JB.Text:
    case JB.TextJ:
      out.char(0x22);
      out.raw(a, s, s + sz);
      out.char(0x22);
      break;
    case JB.Text5:
      renderText5(a, s, sz, out);
      break;
    case JB.TextRaw:
      appendQuoted(out, a, s, s + sz);
      break;
    case JB.Array:
    case JB.Object: {
      // An object's elements alternate label, value: `:` after a label, `,` after a value.
      const object = (a[i] & 0x0f) === JB.Object;
      const open = object ? 0x7b : 0x5b; // `{` or `[`; the closer is 2 past it
      let x = 0;
      out.char(open);
      let j = s;
      const end = s + sz;
      while (j < end && out.err === OutErr.None) {
        j = renderText(p, j, out);
        out.char(object && !(x++ & 1) ? 0x3a : 0x2c);
      }
      if ((x & 1) || j > end) out.err |= OutErr.Malformed;
      // Drop the last separator (unless an error already spoiled the text).
      if (sz > 0 && out.err === OutErr.None && out.n > 0) out.n--;
      out.char(open + 2);
      break;
    }
    default:
      out.err |= OutErr.Malformed;
  }
  return s + sz;
}

function renderInt5(a: Uint8Array, s: number, sz: number, out: JsonOut): void {
  let k = 2;
  let u = 0n;
  let overflow = false;
  if (a[s] === 0x2d) {
    out.char(0x2d);
    k++;
  } else if (a[s] === 0x2b) k++;
  for (; k < sz; k++) {
    const c = a[s + k];
    if (!isXDigit(c)) {
      out.err |= OutErr.Malformed;
      break;
    } else if ((u >> 60n) !== 0n) overflow = true;
    else u = u * 16n + BigInt(hexValue(c));
  }
  out.ascii(overflow ? "9.0e999" : u.toString());
}

function renderText5(a: Uint8Array, s: number, sz: number, out: JsonOut): void {
  let i = s;
  let left = sz;
  out.char(0x22);
  while (left > 0) {
    let k = 0;
    while (k < left && a[i + k] !== 0x5c && a[i + k] !== 0x22 && a[i + k] >= 0x20) k++;
    if (k > 0) {
      out.raw(a, i, i + k);
      if (k >= left) break;
      i += k;
      left -= k;
    }
    if (a[i] === 0x22) {
      out.ascii('\\"');
      i++;
      left--;
      continue;
    }
    if (a[i] < 0x20) {
      // A raw control character (accepted as a JSON5 extension): escaped on output.
      appendEscape(out, a[i]);
      i++;
      left--;
      continue;
    }
    if (left < 2) {
      out.err |= OutErr.Malformed;
      break;
    }
    switch (a[i + 1]) {
      case 0x27:
        out.char(0x27);
        break;
      case 0x76:
        out.ascii("\\u000b");
        break;
      case 0x78:
        if (left < 4) {
          out.err |= OutErr.Malformed;
          left = 2;
          break;
        }
        out.ascii("\\u00");
        out.raw(a, i + 2, i + 4);
        i += 2;
        left -= 2;
        break;
      case 0x30:
        out.ascii("\\u0000");
        break;
      case 0x0d:
        if (left > 2 && a[i + 2] === 0x0a) {
          i++;
          left--;
        }
        break;
      case 0x0a:
        break;
      case 0xe2:
        if (left < 4 || a[i + 2] !== 0x80 || (a[i + 3] !== 0xa8 && a[i + 3] !== 0xa9)) {
          out.err |= OutErr.Malformed;
          left = 2;
          break;
        }
        i += 2;
        left -= 2;
        break;
      default:
        out.raw(a, i, i + 2);
    }
    i += 2;
    left -= 2;
  }
  out.char(0x22);
}

/**
 * Appends the element at `i` as indented JSON text (json_pretty): one member per line,
 * `indent` repeated per level, `": "` after labels, empty containers as `[]` / `{}`.
 */
export function renderPretty(
  p: JsonParse,
  i: number,
  out: JsonOut,
  indent: Uint8Array,
  level: number,
): number {
  const a = p.a;
  const t = a[i] & 0x0f;
  // A scalar, or no element at all (renderText reports that), is rendered minified.
  if (t !== JB.Array && t !== JB.Object) return renderText(p, i, out);
  const h = payloadSize(a, p.n, i);
  if (h === 0) {
    out.err |= OutErr.Malformed;
    return p.n + 1;
  }
  const s = i + h;
  const end = s + payloadSz;
  out.char(t === JB.Array ? 0x5b : 0x7b);
  if (end > s) {
    out.char(0x0a);
    let j = s;
    while (j < end && out.err === OutErr.None) {
      for (let k = 0; k <= level; k++) out.raw(indent);
      if (t === JB.Object) {
        j = renderText(p, j, out);
        if (j >= end) {
          out.err |= OutErr.Malformed;
          break;
        }
        out.ascii(": ");
      }
      j = renderPretty(p, j, out, indent, level + 1);
      if (j < end) out.char(0x2c);
      out.char(0x0a);
    }
    if (j > end) out.err |= OutErr.Malformed;
    for (let k = 0; k < level; k++) out.raw(indent);
  }
  out.char(t === JB.Array ? 0x5d : 0x7d);
  return end;
}
