/**
 * The run-time objects the VM keeps in slots and cursors: b-tree cursors that read
 * columns lazily, sorters and distinct stores, hash tables, match sets and the rows of a
 * table-valued function. Each execution makes its own.
 */
import type { DatabaseFile } from "../../core/database_file.ts";
import { compareTextBinary, keyComparator } from "../../core/format/index_key.ts";
import { decodeValue, fieldClass, NO_BYTES } from "../../core/format/record.ts";
import { newReg, type Reg, setInt, setNull } from "../../core/value/reg.ts";
import { type SqlValue, StorageClass, TextEncoding } from "../../core/value/types.ts";
import { corrupt } from "../../core/errors.ts";
import { encodeKey, encodeText } from "../../core/format/text.ts";
import { BINARY_UTF8 } from "../../core/value/collation.ts";
import { skipUtf8Chars } from "../../core/functions/scalar/text.ts";
import { affinityValueKey, distinctKey } from "../../core/exec/key_hash.ts";
import { loadRow, RowSorter, type StoredRow, storeRow } from "../../core/exec/sorter.ts";
import { compareValues } from "../../core/value/compare.ts";
import { copyWithSubtype } from "./vm_values.ts";
import type { CursorEntry, HashEntry, SortEntry } from "./descriptors.ts";
import type { SortKey } from "../../core/plan/plan.ts";
import { pushTo } from "../../core/util/multimap.ts";
import { WindowComputer, type WindowSpec } from "../../core/exec/window.ts";
import { BtreeCursor, type EntryComparator } from "../../core/format/cursor.ts";

/** A b-tree cursor plus the null-row flag of OUTER JOINs. */
export class VCursor {
  declare readonly bt: BtreeCursor;
  declare readonly entry: CursorEntry;
  nullRow = false;

  constructor(bt: BtreeCursor, entry: CursorEntry) {
    this.bt = bt;
    this.entry = entry;
  }

  /** The rowid a DeferredSeek left to seek when the row is first read; null: none. */
  #due: number | bigint | null = null;

  /** DeferredSeek: seek rowid `k` (an index entry's rowid field) when the row is read. */
  defer(k: Reg): void {
    // sqlite3VdbeIdxRowid: the entry's last field must be an integer.
    if (k.c !== StorageClass.Integer) corrupt(this.entry.root, "index entry names no row");
    this.nullRow = false;
    this.#due = k.v as number | bigint;
    // Whoever read the row the cursor was on reads it again, through at(), which seeks.
    this.bt.leave();
  }

  /**
   * The b-tree cursor, first moved to the row a DeferredSeek named if that seek is still to
   * do and the row does not read as NULLs (sqlite3VdbeFinishMoveto): an index entry whose row
   * is missing is a corrupt file. `#due` is cleared only once the cursor is there, so a read
   * that a missing page interrupts seeks again when it is retried.
   */
  at(): BtreeCursor {
    if (this.#due !== null && !this.nullRow) {
      if (!this.bt.seekRowidExact(this.#due)) corrupt(this.entry.root, "index entry names no row");
      this.#due = null;
    }
    return this.bt;
  }

  /** Reads record field `field` into `out`; false when the record is shorter. */
  column(field: number, out: Reg): boolean {
    const bt = this.at();
    if (this.nullRow || !bt.valid) {
      setNull(out);
      return true;
    }
    const rec = bt.record();
    const t = rec.locate(field);
    if (t < 0) return false;
    out.v = decodeValue(rec.rawBuf, rec.rawStart, t, rec.encoding);
    out.c = fieldClass(t, out.v);
    return true;
  }

  /** Rowid: the current row's rowid into `out` (NULL on no row). */
  rowid(out: Reg): void {
    const bt = this.at();
    if (this.nullRow || !bt.valid) setNull(out);
    else setInt(out, bt.rowid());
  }

  /**
   * Orders the current entry's first `n` fields against the key `regs[start ..]`, with the
   * b-tree's collations and directions (a shorter entry sorts first): the comparator the
   * seeks use (text compared as bytes where the collation allows), kept while the key's
   * values stay the same, as they do for a range's end tested on every entry.
   */
  compareEntry(regs: readonly Reg[], start: number, n: number): number {
    const key = this.#key ??= [];
    let same = !!this.#keyCompare && key.length === n;
    for (let i = 0; same && i < n; i++) same = key[i] === regs[start + i].v;
    if (!same) {
      key.length = n;
      for (let i = 0; i < n; i++) key[i] = regs[start + i].v;
      this.#keyCompare = keyComparator(key.slice(), this.entry.order!);
    }
    return this.#keyCompare!(this.bt.record());
  }

  // Made when first needed, as the bytes below: a cursor is made per run (a point lookup).
  #key: SqlValue[] | null = null;
  #keyCompare: EntryComparator | null = null;

  /**
   * {@link compareEntry} given the entry's first field where generated code located it
   * (serial type `t` > 0 at `d[o]`): a TEXT field against a text key under BINARY on
   * UTF-8 (as bytes), or an integer of up to 32 bits against a number, is ordered here;
   * anything else, and the fields after an equal first one, by compareEntry.
   */
  compareInline(
    regs: readonly Reg[],
    start: number,
    n: number,
    d: Uint8Array,
    o: number,
    t: number,
  ) {
    const k = regs[start].v, order = this.entry.order!;
    // NaN: not ordered here.
    let c = NaN;
    if (t >= 13 && t & 1 && typeof k === "string" && order.collations[0] === BINARY_UTF8) {
      if (k !== this.#textKey) this.#keyBytes = encodeKey(this.#textKey = k, TextEncoding.Utf8);
      c = compareTextBinary(d, o, (t - 13) >>> 1, this.#keyBytes);
    } else if ((t < 5 || t === 8 || t === 9) && typeof k === "number") {
      const v = decodeValue(d, o, t, TextEncoding.Utf8) as number;
      c = v < k ? -1 : +(v > k);
    }
    if (c !== c || c === 0 && n > 1) return this.compareEntry(regs, start, n);
    return order.desc[0] ? -c : c;
  }

  /** The text key {@link compareInline} last met, and its UTF-8 bytes. */
  #textKey: string | null = null;
  #keyBytes: Uint8Array = NO_BYTES;
}

/**
 * Opens a cursor on the b-tree `entry` names and records it in `opened`, so that the
 * execution can close it (releasing its pinned pages) when it ends. The last cursor of
 * each b-tree kind stays alive in `file.shapeAnchors` (see there).
 */
export function openCursor(file: DatabaseFile, entry: CursorEntry, opened: BtreeCursor[]): VCursor {
  const table = !entry.order;
  const bt = new BtreeCursor(file.pager, entry.root, file.encoding, table);
  opened.push(bt);
  const cursor = new VCursor(bt, entry);
  file.shapeAnchors[table ? 0 : 1] = cursor;
  return cursor;
}

export { loadRow, storeRow };

/** Closes every cursor in `opened` and empties it. */
export function closeCursors(opened: BtreeCursor[]): void {
  for (const bt of opened) bt.close();
  opened.length = 0;
}

/** A sorter (ORDER BY) or a distinct row store (DISTINCT, UNION, IN-list keys). */
export class SorterSlot {
  declare readonly sorter: RowSorter;
  declare readonly entry: SortEntry;
  /** Distinct stores: keys of the rows held. */
  declare readonly keys: Set<string | number> | null;
  pos = 0;
  /** The values of a row not yet stored, for {@link SorterSlot.rejects}. */
  readonly #probe: StoredRow;
  /** After WindowCompute: the window results, computed as the rows are read. */
  #window: WindowComputer | null = null;

  constructor(entry: SortEntry, distinct: boolean) {
    this.entry = entry;
    this.#first = entry.keys?.[0];
    this.sorter = new RowSorter(entry.compare);
    this.keys = distinct ? new Set() : null;
    this.#probe = { values: new Array(entry.width).fill(null), classes: [] };
  }

  /**
   * WindowCompute: from now on the rows read are their columns and window results
   * (core/exec/window.ts), computed as they are read.
   */
  computeWindows(spec: WindowSpec, enc: TextEncoding): void {
    this.#window = new WindowComputer(spec, enc);
    this.#window.start(this.sorter.rows);
  }

  /** SorterSort: sorts the rows and goes to the first; false when there is none. */
  sort(): boolean {
    this.#window = null;
    this.sorter.sort();
    this.pos = 0;
    return this.sorter.rows.length > 0;
  }

  /** SorterData: the current row into registers from `start`. */
  load(regs: Reg[], start: number): void {
    const w = this.#window;
    loadRow(w ? w.row(this.pos) : this.sorter.rows[this.pos], regs, start);
  }

  /** SorterNext: goes to the next row; false after the last. */
  next(): boolean {
    if (++this.pos < this.sorter.rows.length) return true;
    this.#window?.finish();
    return false;
  }

  /**
   * Whether the sorter would drop the row in `regs[start ..]` (only its keys are read).
   * When the sorter holds a bound row and the row's first ORDER BY key and the bound's
   * differ (one NULL, or unequal under the key's collation), they decide as the sorter's
   * comparator would (core/exec/sorter.ts `rowComparator`), without copying the row's keys.
   */
  rejects(regs: readonly Reg[], start: number): boolean {
    if (this.#kept) return this.#kept = false;
    const decided = this.#byFirstKey(regs, start);
    if (decided !== null) return decided;
    const values = this.#probe.values;
    for (let i = 0; i < values.length; i++) values[i] = regs[start + i].v;
    return this.sorter.rejects(this.#probe);
  }

  /**
   * SorterReject with P5 = 1, before the row's other keys are computed: whether its first
   * key in `regs[start ..]` alone puts the row past the bound (false when they tie).
   */
  rejectsByFirst(regs: readonly Reg[], start: number): boolean {
    const decided = this.#byFirstKey(regs, start);
    this.#kept = decided === false;
    return decided === true;
  }

  /**
   * The first-key test just decided that the row stays (it sorts before the bound): the
   * full test (SorterReject, P5 = 0), which always follows one that lets the row through,
   * need not compare, and clears it: so it is false whenever a first-key test begins.
   */
  #kept = false;

  /**
   * {@link rejectsByFirst} for a first key that is the UTF-8 TEXT `d[o, o + n)` (a record's
   * field), or its substr() of `count` characters after the first `skip`: compared as bytes
   * with the bound's key, a text under BINARY (SQLite's memcmp). Null where the bytes
   * cannot decide (no text bound, another collation or encoding): the decoded key does.
   * On a tie, the bound's key itself: the same bytes decode to the same text, so the
   * caller need not decode the row's (rows of a key with few values tie most of the time).
   */
  rejectsText(
    d: Uint8Array,
    o: number,
    n: number,
    skip = 0,
    count = -1,
  ): boolean | string | null {
    const first = this.#first!, bound = this.sorter.bound();
    if (typeof bound !== "object" || !bound) return null;
    const y = this.#boundKey(bound);
    if (typeof y !== "string" || this.entry.firstCollation !== BINARY_UTF8) return null;
    this.#boundText ??= encodeText(y, TextEncoding.Utf8);
    let end = o + n;
    if (count >= 0) {
      o = skipUtf8Chars(d, o, end, skip);
      end = skipUtf8Chars(d, o, end, count);
    }
    const c = compareTextBinary(d, o, end - o, this.#boundText!);
    if (c === 0) return y;
    this.#kept = first.desc ? c > 0 : c < 0;
    return !this.#kept;
  }

  /** The first ORDER BY key, if any. */
  readonly #first: SortKey | undefined;
  /** The bound row whose first key {@link #firstKey} holds. */
  #firstOf: StoredRow | null = null;
  #firstKey: SqlValue = null;

  /**
   * The bound's first key, read once per bound (a statement's rows meet few bounds): held
   * rows' values come in every elements kind, and the load was the first-key test's
   * largest cost.
   */
  #boundKey(bound: StoredRow): SqlValue {
    if (bound !== this.#firstOf) {
      this.#firstOf = bound;
      this.#firstKey = bound.values[this.#first!.column];
      this.#boundText = null;
    }
    return this.#firstKey;
  }

  /** The bound's first key encoded, once a text key needs it (reset with the bound). */
  #boundText: Uint8Array | null = null;

  /**
   * When the sorter holds a bound row and the row's first ORDER BY key and the bound's
   * differ (one NULL, or unequal under the key's collation): whether the row is dropped,
   * as the sorter's comparator would decide (core/exec/sorter.ts `rowComparator`); else null.
   */
  #byFirstKey(regs: readonly Reg[], start: number): boolean | null {
    const first = this.#first, bound = this.sorter.bound();
    if (!first || typeof bound !== "object" || !bound) return null;
    const x = regs[start + first.column].v, y = this.#boundKey(bound);
    // One NULL: where NULLs go decides, whatever the direction.
    if (x === null || y === null) return x === y ? null : (x === null) !== first.nullsFirst;
    if (x === y) return null;
    // Numbers order as JS orders them under every collation.
    const c = typeof x === "number" && typeof y === "number"
      ? x - y
      : compareValues(x, y, this.entry.firstCollation!);
    return c === 0 ? null : first.desc ? c < 0 : c > 0;
  }

  /** Adds the row unless (distinct store) an equal one is held; returns whether added. */
  insertDistinct(regs: readonly Reg[], start: number): boolean {
    const k = distinctKey(regs, start, this.entry.width, this.entry.folds);
    if (this.keys!.has(k)) return false;
    this.keys!.add(k);
    this.sorter.insert(storeRow(regs, start, this.entry.width));
    return true;
  }

  /**
   * Adds `other`'s rows, each replacing an equal row held here: a UNION's right side wins
   * over its left (SQLite merges the sorted sides and, on equal rows, drops the left one).
   */
  unionWith(other: SorterSlot): void {
    if (this.entry.matchFolds) return this.#merge(other, "union");
    this.filterBy(other, false);
    for (const row of other.sorter.rows) this.sorter.insert(row);
    for (const k of other.keys!) this.keys!.add(k);
  }

  /** Keeps the rows whose key `other` holds (`keep`) or lacks. */
  filterBy(other: SorterSlot, keep: boolean): void {
    if (this.entry.matchFolds) return this.#merge(other, keep ? "intersect" : "except");
    const w = this.entry.width, folds = this.entry.folds;
    const tmp = Array.from({ length: w }, newReg);
    this.sorter.rows = this.sorter.rows.filter((row) => {
      loadRow(row, tmp, 0);
      return other.keys!.has(distinctKey(tmp, 0, w, folds)) === keep;
    });
  }

  /**
   * A compound whose rows match the other side's under `matchFolds` but repeat under
   * `folds` (both sides stored as they came), as SQLite's merge of the sorted sides: of
   * matching rows UNION keeps `other`'s, INTERSECT and EXCEPT this side's; then, sorted, a
   * row equal under `folds` to the one before it is dropped (not one further back).
   */
  #merge(other: SorterSlot, op: "union" | "intersect" | "except"): void {
    const w = this.entry.width;
    const tmp = Array.from({ length: w }, newReg);
    const key = (row: StoredRow, folds: string[]) => {
      loadRow(row, tmp, 0);
      return distinctKey(tmp, 0, w, folds);
    };
    const match = this.entry.matchFolds!, folds = this.entry.folds;
    const theirs = new Set(other.sorter.rows.map((row) => key(row, match)));
    const mine = this.sorter.rows.filter((row) =>
      theirs.has(key(row, match)) === (op === "intersect")
    );
    this.sorter.rows = op === "union" ? mine.concat(other.sorter.rows) : mine;
    this.sorter.sort();
    let last: string | number | null = null;
    this.sorter.rows = this.sorter.rows.filter((row) => last !== (last = key(row, folds)));
  }
}

/** The build side of a hash join. */
export class HashSlot {
  declare readonly entry: HashEntry;
  readonly map = new Map<string, StoredRow[]>();
  matches: StoredRow[] = [];
  pos = 0;

  constructor(entry: HashEntry) {
    this.entry = entry;
  }

  /** The key of `regs[start ..]`, or null when a part is NULL (never matches but by IS). */
  key(regs: readonly Reg[], start: number, enc: number): string | null {
    let k = "";
    for (let i = 0; i < this.entry.nKeys; i++) {
      const r = regs[start + i];
      if (r.c === StorageClass.Null && !this.entry.nulls[i]) return null;
      k += affinityValueKey(r, this.entry.affs[i], this.entry.folds[i], enc);
    }
    return k;
  }

  /** HashInsert: stores `regs[row ..]` under the key `regs[key ..]` (a key with a NULL: not at all). */
  insert(regs: readonly Reg[], key: number, row: number, enc: number): void {
    const k = this.key(regs, key, enc);
    if (k === null) return;
    pushTo(this.map, k, storeRow(regs, row, this.entry.width));
  }

  /** HashProbe: the rows under the key `regs[start ..]` become the matches; false when none. */
  probe(regs: readonly Reg[], start: number, enc: number): boolean {
    const k = this.key(regs, start, enc);
    const list = k === null ? undefined : this.map.get(k);
    if (!list) return false;
    this.matches = list;
    this.pos = 0;
    return true;
  }

  /** HashData: the current match into registers from `start`. */
  load(regs: Reg[], start: number): void {
    loadRow(this.matches[this.pos], regs, start);
  }

  /** HashNext: goes to the next match; false after the last. */
  next(): boolean {
    return ++this.pos < this.matches.length;
  }
}

/** Rows of a table-valued function call. */
export class RowsSlot {
  declare readonly rows: Reg[][];
  pos = 0;

  constructor(rows: Reg[][]) {
    this.rows = rows;
  }

  /**
   * VNextRow: the next row's columns, as many as it has up to `n`, into `regs` from
   * `start` (with their JSON subtype); false when no row is left.
   */
  nextInto(regs: readonly Reg[], start: number, n: number): boolean {
    if (this.pos >= this.rows.length) return false;
    const row = this.rows[this.pos++];
    for (let i = 0; i < Math.min(row.length, n); i++) copyWithSubtype(row[i], regs[start + i]);
    return true;
  }
}
