/**
 * JSON path search and in-place edits of a JSONB blob (SQLite's jsonLookupStep): `$`,
 * `.key`, `."quoted key"`, `[N]`, `[#]`, `[#-N]`. An edit requested through
 * `JsonParse.eEdit` (delete, replace, insert, set, array insert) is applied where the
 * path lands, creating missing objects and arrays on the way for insert/set, and the
 * sizes of every enclosing container are patched on the way back.
 */
import { isDigit } from "./chars.ts";
import { arrayCount, Edit, JB, JsonParse, payloadSize, payloadSz } from "./jsonb.ts";
import { charOut, INVALID_CHAR, labelsEqual, unescapeOne } from "./unescape.ts";

/** lookupStep's failures (a const enum, so bundles hold the numbers). */
export const enum Lookup {
  /** Malformed JSONB met during the search. */
  ERROR = -1,
  /** The path does not exist. */
  NOTFOUND = -2,
  /** The path is not valid syntax. */
  PATHERROR = -3,
  /** json_array_insert aimed at something other than an array element. */
  NOTARRAY = -4,
}

export function size(p: JsonParse, i: number): number {
  return payloadSize(p.a, p.n, i, p.delta);
}

/** Re-sizes the container at `iRoot` after its content changed by `p.delta` bytes. */
export function afterEditSizeAdjust(p: JsonParse, iRoot: number): void {
  payloadSize(p.a, p.a.length, iRoot);
  const sz = payloadSz + p.delta;
  p.delta += p.changePayloadSize(iRoot, sz);
}

/**
 * The JSONB to insert for the rest of a path `tail` that does not exist yet: the value
 * itself, or `{}`/`[]` built out along the tail around it. Returns an error code or 0.
 */
function editSubstructure(p: JsonParse, path: Uint8Array, tail: number): [number, Uint8Array] {
  if (path[tail] === 0) return [0, p.ins];
  const sub = new JsonParse(p.ins.length + 32);
  sub.appendByte(path[tail] === 0x2e ? JB.Object : JB.Array);
  sub.eEdit = p.eEdit;
  sub.ins = p.ins;
  const rc = lookupStep(sub, 0, path, tail, 0);
  return [rc, sub.bytes()];
}

/**
 * Follows `path` from byte `at` (NUL-terminated, after the `$`) starting at the element
 * `iRoot`; `iLabel` is the label of `iRoot` when it is an object member's value. Returns
 * the element's offset (meaningless after an edit) or a (negative) Lookup code.
 */
export function lookupStep(
  p: JsonParse,
  iRoot: number,
  path: Uint8Array,
  at: number,
  iLabel: number,
): number {
  if (path[at] === 0) {
    if (p.eEdit !== Edit.None) {
      const h = size(p, iRoot);
      let sz = payloadSz + h;
      if (p.eEdit === Edit.Del) {
        if (iLabel > 0) {
          sz += iRoot - iLabel;
          iRoot = iLabel;
        }
        p.edit(iRoot, sz, null);
      } else if (p.eEdit === Edit.ArrayIns) {
        if (iLabel > 0) return Lookup.NOTARRAY;
        p.edit(iRoot, 0, p.ins);
      } else if (p.eEdit !== Edit.Ins) {
        p.edit(iRoot, sz, p.ins);
      }
    }
    p.iLabel = iLabel;
    return iRoot;
  }
  if (path[at] === 0x2e) return lookupKey(p, iRoot, path, at + 1);
  if (path[at] === 0x5b) return lookupIndex(p, iRoot, path, at);
  return Lookup.PATHERROR;
}

function lookupKey(p: JsonParse, iRoot: number, path: Uint8Array, at: number): number {
  let keyStart: number;
  let nKey: number;
  let rest: number;
  let rawKey = true;
  if (path[at] === 0x22) {
    keyStart = at + 1;
    let i = keyStart;
    while (path[i] !== 0 && path[i] !== 0x22) i++;
    nKey = i - keyStart;
    if (path[i] === 0) return Lookup.PATHERROR;
    rest = i + 1;
    for (let k = keyStart; k < i; k++) {
      if (path[k] !== 0x5c) continue;
      rawKey = false;
      // A quoted key with a broken escape is a path error.
      k += unescapeOne(path, k, i - k) - 1;
      if (charOut === INVALID_CHAR) return Lookup.PATHERROR;
    }
  } else {
    keyStart = at;
    let i = at;
    while (path[i] !== 0 && path[i] !== 0x2e && path[i] !== 0x5b) i++;
    nKey = i - at;
    if (nKey === 0) return Lookup.PATHERROR;
    rest = i;
  }
  if ((p.a[iRoot] & 0x0f) !== JB.Object) return Lookup.NOTFOUND;
  let h = size(p, iRoot);
  let j = iRoot + h;
  const iEnd = j + payloadSz;
  while (j < iEnd) {
    const x = p.a[j] & 0x0f;
    if (x < JB.Text || x > JB.TextRaw) return Lookup.ERROR;
    h = size(p, j);
    if (h === 0) return Lookup.ERROR;
    const k = j + h;
    const sz = payloadSz;
    if (k + sz >= iEnd) return Lookup.ERROR;
    const rawLabel = x === JB.Text || x === JB.TextRaw;
    if (labelsEqual(path, keyStart, nKey, rawKey, p.a, k, sz, rawLabel)) {
      const v = k + sz;
      if ((p.a[v] & 0x0f) > JB.Object) return Lookup.ERROR;
      h = size(p, v);
      if (h === 0 || v + h + payloadSz > iEnd) return Lookup.ERROR;
      const rc = lookupStep(p, v, path, rest, j);
      if (p.delta) afterEditSizeAdjust(p, iRoot);
      return rc;
    }
    j = k + sz;
    if ((p.a[j] & 0x0f) > JB.Object) return Lookup.ERROR;
    h = size(p, j);
    if (h === 0) return Lookup.ERROR;
    j += h + payloadSz;
  }
  if (j > iEnd) return Lookup.ERROR;
  if (p.eEdit >= Edit.Ins) {
    if (p.eEdit === Edit.ArrayIns && path[rest] === 0) return Lookup.NOTARRAY;
    const label = new JsonParse(16);
    label.appendNode(rawKey ? JB.TextRaw : JB.Text5, nKey);
    const [rc, v] = editSubstructure(p, path, rest);
    if (rc >= 0) {
      const nIns = label.n + nKey + v.length;
      p.edit(j, 0, null, nIns);
      p.a.set(label.a.subarray(0, label.n), j);
      p.a.set(path.subarray(keyStart, keyStart + nKey), j + label.n);
      p.a.set(v, j + label.n + nKey);
      if (p.delta) afterEditSizeAdjust(p, iRoot);
    }
    return rc;
  }
  return Lookup.NOTFOUND;
}

function lookupIndex(p: JsonParse, iRoot: number, path: Uint8Array, at: number): number {
  if ((p.a[iRoot] & 0x0f) !== JB.Array) return Lookup.NOTFOUND;
  let h = size(p, iRoot);
  const sz = payloadSz;
  let k = 0;
  let i = at + 1;
  while (isDigit(path[i])) {
    k = k * 10 + path[i] - 0x30;
    i++;
  }
  if (i < at + 2 || path[i] !== 0x5d) {
    if (path[at + 1] !== 0x23) return Lookup.PATHERROR;
    k = arrayCount(p, iRoot);
    i = at + 2;
    if (path[at + 2] === 0x2d && isDigit(path[at + 3])) {
      let nn = 0;
      i = at + 3;
      do {
        nn = nn * 10 + path[i] - 0x30;
        i++;
      } while (isDigit(path[i]));
      if (nn > k) return Lookup.NOTFOUND;
      k -= nn;
    }
    if (path[i] !== 0x5d) return Lookup.PATHERROR;
  }
  let j = iRoot + h;
  const iEnd = j + sz;
  while (j < iEnd) {
    if (k === 0) {
      const rc = lookupStep(p, j, path, i + 1, 0);
      if (p.delta) afterEditSizeAdjust(p, iRoot);
      return rc;
    }
    k--;
    h = size(p, j);
    if (h === 0) return Lookup.ERROR;
    j += h + payloadSz;
  }
  if (j > iEnd) return Lookup.ERROR;
  if (k > 0) return Lookup.NOTFOUND;
  if (p.eEdit >= Edit.Ins) {
    const [rc, v] = editSubstructure(p, path, i + 1);
    if (rc >= 0) p.edit(j, 0, v);
    if (p.delta) afterEditSizeAdjust(p, iRoot);
    return rc;
  }
  return Lookup.NOTFOUND;
}
