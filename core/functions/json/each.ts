/**
 * The table-valued functions json_each(J [, ROOT]) and json_tree(J [, ROOT]) as SQLite's
 * virtual tables produce them: one row per member (json_each) or per element of the
 * whole tree (json_tree), columns key, value, type, atom, id, parent, fullkey, path, then
 * the hidden json and root. `id` is the element's byte offset in the JSONB (its label's
 * offset for object members), as in SQLite.
 */
import { sqlError } from "../../errors.ts";
import { atoi64, atoiValue } from "../../value/number_text.ts";
import { newReg, type Reg, setBlob, setInt, setText } from "../../value/reg.ts";
import { StorageClass, type TextEncoding } from "../../value/types.ts";
import { argText, badPath, parseArg, returnFromBlob } from "./args.ts";
import { isAlnum, isAlpha, utf8, utf8Padded, utf8Text } from "./chars.ts";
import { JB, JSONB_TYPE_NAMES, type JsonParse, payloadSize, payloadSz } from "./jsonb.ts";
import { Lookup, lookupStep } from "./lookup.ts";
import { JsonOut } from "./out.ts";
import { markJson } from "./subtype.ts";
import { cText } from "../scalar/coerce.ts";

interface Parent {
  iHead: number;
  iValue: number;
  iEnd: number;
  nPath: number;
  iKey: number;
}

class EachCursor {
  #rowid = 0;
  i = 0;
  nRoot = 0;
  eType = 0;
  parents: Parent[] = [];
  path = new JsonOut();
  declare p: JsonParse;
  jsonText: string | null = null;

  readonly #recursive: boolean;

  constructor(recursive: boolean) {
    this.#recursive = recursive;
  }

  #skipLabel(): number {
    if (this.eType === JB.Object) {
      const h = payloadSize(this.p.a, this.p.n, this.i);
      return this.i + h + payloadSz;
    }
    return this.i;
  }

  #appendPathName(): void {
    const top = this.parents.at(-1)!;
    if (this.eType === JB.Array) {
      this.path.ascii(`[${top.iKey}]`);
      return;
    }
    const a = this.p.a;
    const h = payloadSize(a, this.p.n, this.i);
    const sz = payloadSz;
    const k = this.i + h;
    let end = k;
    while (end < k + sz && a[end] !== 0) end++;
    let j = k;
    while (j < k + sz && isAlnum(a[j])) j++;
    const needQuote = sz === 0 || !isAlpha(a[k]) || j < k + sz;
    this.path.char(0x2e);
    if (needQuote) this.path.char(0x22);
    this.path.raw(a, k, end);
    if (needQuote) this.path.char(0x22);
  }

  next(): void {
    const a = this.p.a;
    const i = this.#skipLabel();
    const h = payloadSize(a, this.p.n, i);
    const sz = payloadSz;
    if (this.#recursive) {
      let levelChange = false;
      const x = a[i] & 0x0f;
      if (x === JB.Object || x === JB.Array) {
        levelChange = true;
        const parent: Parent = {
          iHead: this.i,
          iValue: i,
          iEnd: i + h + sz,
          iKey: -1,
          nPath: this.path.n,
        };
        if (this.eType && this.parents.length) this.#appendPathName();
        this.parents.push(parent);
        this.i = i + h;
      } else this.i = i + h + sz;
      while (this.parents.length && this.i >= this.parents.at(-1)!.iEnd) {
        this.path.n = this.parents.pop()!.nPath;
        levelChange = true;
      }
      if (levelChange) {
        const n = this.parents.length;
        this.eType = n > 0 ? a[this.parents[n - 1].iValue] & 0x0f : 0;
      }
    } else this.i = i + h + sz;
    if (this.eType === JB.Array && this.parents.length) {
      this.parents.at(-1)!.iKey++;
    }
    this.#rowid++;
  }

  #pathLength(): number {
    let n = this.path.n;
    const z = this.path.b;
    if (this.#rowid === 0 && this.#recursive && n >= 2) {
      while (n > 1) {
        n--;
        if (z[n] === 0x5b || z[n] === 0x2e) {
          const prefix = new Uint8Array(n + 16);
          prefix.set(z.subarray(1, n));
          const x = lookupStep(this.p, 0, prefix, 0, 0);
          if (x < 0) continue;
          if (x + payloadSize(this.p.a, this.p.n, x) === this.i) break;
        }
      }
    }
    return n;
  }

  row(): Reg[] {
    const a = this.p.a;
    const cols: Reg[] = [];
    for (let k = 0; k < 10; k++) cols.push(newReg());
    const [key, value, type, atom, id, parent, fullkey, path, json, root] = cols;
    // key
    if (!this.parents.length) {
      if (this.nRoot !== 1) {
        const j = this.#pathLength();
        const n = this.nRoot - j;
        const z = this.path.b;
        if (n !== 0) {
          if (z[j] === 0x5b) {
            atoi64(utf8Text(z, j + 1, j + n));
            setInt(key, atoiValue);
          } else if (z[j + 1] === 0x22) setText(key, utf8Text(z, j + 2, j + n - 1));
          else setText(key, utf8Text(z, j + 1, j + n));
        }
      }
    } else if (this.eType === JB.Object) returnFromBlob(this.p, this.i, key, false);
    else setInt(key, this.parents.at(-1)!.iKey);
    const vi = this.#skipLabel();
    const t = a[vi] & 0x0f;
    returnFromBlob(this.p, vi, value, false);
    if (t >= JB.Array) markJson(value);
    setText(type, JSONB_TYPE_NAMES[t]);
    if (t < JB.Array) returnFromBlob(this.p, vi, atom, false);
    setInt(id, this.i);
    if (this.parents.length && this.#recursive) {
      setInt(parent, this.parents.at(-1)!.iHead);
    }
    const base = this.path.n;
    if (this.parents.length) this.#appendPathName();
    setText(fullkey, this.path.text());
    this.path.n = base;
    setText(path, utf8Text(this.path.b, 0, this.#pathLength()));
    if (this.jsonText === null) setBlob(json, this.p.bytes());
    else setText(json, this.jsonText);
    setText(root, utf8Text(this.path.b, 0, this.nRoot));
    return cols;
  }
}

/**
 * The rows of `json_each` (recursive false) or `json_tree` (true) for `args` (the JSON,
 * then an optional root path), each with the hidden json and root columns last.
 */
export function jsonEachRows(recursive: boolean, args: readonly Reg[], enc: TextEncoding): Reg[][] {
  const c = new EachCursor(recursive);
  if (!args.length) return [];
  if (args.length > 2) {
    throw sqlError(`too many arguments on ${recursive ? "json_tree" : "json_each"}() - max 2`);
  }
  const p = parseArg(args[0], enc);
  if (!p) return [];
  c.p = p;
  // A document read from text (a JSONB blob has no z) shows that text in the json column.
  if (p.z) c.jsonText = cText(argText(args[0], enc));
  // Without a ROOT argument the walk starts at "$", as with one.
  const rootArg = args[1];
  if (rootArg?.c === StorageClass.Null) return [];
  const root = rootArg ? argText(rootArg, enc) : "$";
  if (root[0] !== "$") throw badPath(root);
  const rootBytes = utf8(root);
  c.nRoot = rootBytes.length;
  let i = 0;
  if (root.length > 1) {
    i = lookupStep(c.p, 0, utf8Padded(root.slice(1)), 0, 0);
    if (i === Lookup.NOTFOUND) return [];
    if (i < 0) throw badPath(root);
    if (c.p.iLabel) {
      c.i = c.p.iLabel;
      c.eType = JB.Object;
    } else {
      c.i = i;
      c.eType = JB.Array;
    }
  }
  c.path.raw(rootBytes);
  const h = payloadSize(c.p.a, c.p.n, i);
  const end = i + h + payloadSz;
  const t = c.p.a[i] & 0x0f;
  if (t >= JB.Array && !recursive) {
    c.i = i + h;
    c.eType = t;
    c.parents.push({ iKey: 0, iEnd: end, iHead: c.i, iValue: i, nPath: 0 });
  }
  const rows: Reg[][] = [];
  while (c.i < end) {
    rows.push(c.row());
    c.next();
  }
  return rows;
}
