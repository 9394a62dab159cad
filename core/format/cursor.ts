/**
 * B-tree cursors: ordered traversal and seeks over table b-trees (integer keys, data on
 * leaves) and index b-trees (record keys on every level). Positions, like SQLite's, can
 * be on interior cells of an index b-tree, since those cells are entries too.
 *
 * Hostile files cannot make a cursor hang or run away: the descent depth is capped (as in
 * SQLite), child pages must be b-tree pages of the same kind, and each positioning
 * operation may load at most as many pages as the database has, which a correct tree never
 * needs (every page is entered at most once per full scan) but a cyclic one soon would.
 */
import { corrupt } from "../errors.ts";
import { Bug, bugMessage } from "../internal_error.ts";
import type { Pager } from "../pager.ts";
import type { TextEncoding } from "../value/types.ts";
import { BtreePage, localPayloadSize } from "./btree_page.ts";
import { u32 } from "./header.ts";
import { ChainAssembly } from "./overflow.ts";
import { NO_BYTES, type PayloadSource, RecordReader } from "./record.ts";
import { getVarint, getVarint32, varintEnd } from "./varint.ts";

/** SQLite's BTCURSOR_MAX_DEPTH: no valid b-tree is deeper. */
export const MAX_BTREE_DEPTH = 20;

/** Where a seek leaves the cursor relative to the key. */
export const enum SeekOp {
  /** First entry >= key. */
  GE,
  /** First entry > key. */
  GT,
  /** Last entry <= key. */
  LE,
  /** Last entry < key. */
  LT,
}

/**
 * Compares the entry in `rec` with a search key: negative, zero or positive; `raw`, when
 * given, the same for a record held whole in `buf[start, start + size)`, or NaN when it
 * cannot tell (the comparator itself is then asked).
 */
export interface EntryComparator {
  (rec: RecordReader): number;
  raw?: RawEntryOrder;
}

/** See {@link EntryComparator}. */
export type RawEntryOrder = (buf: Uint8Array, start: number, size: number) => number;

/**
 * `raw`'s order of index cell `i` of `page` when its record is whole on the page (payload
 * size a one- or two-byte varint), else NaN: see {@link EntryComparator}.
 */
function probeRaw(page: BtreePage, i: number, raw: RawEntryOrder): number {
  let off = page.cellOffset(i);
  if (!page.isLeaf) off += 4;
  const data = page.data;
  let size = data[off++];
  if (size >= 0x80) {
    const low = data[off++];
    if (low >= 0x80) return NaN;
    size = ((size & 0x7f) << 7) | low;
  }
  if (size > page.maxLocal || off + size > page.usable) return NaN;
  return raw(data, off, size);
}

/** Payloads up to this size are assembled in a cursor's reused buffer (larger: their own). */
const SCRATCH_PAYLOAD_MAX = 1 << 20;

/**
 * Points `reader` at the record whose `size`-byte payload starts at `start` on `page`. A
 * record kept whole on the page (nearly every one) needs none of the overflow bookkeeping.
 */
function pointReader(
  reader: RecordReader,
  payload: CellPayload,
  page: BtreePage,
  start: number,
  size: number,
): void {
  if (size <= page.maxLocal) {
    if (start + size > page.usable) corrupt(page.pgno, "cell payload runs past end of page");
    reader.resetLocal(page.data, start, size, page.pgno);
  } else {
    payload.set(page, start, size);
    reader.reset(payload);
  }
}

/** The payload of one cell: local bytes on the page, overflow assembled on demand. */
class CellPayload implements PayloadSource {
  local: Uint8Array = NO_BYTES;
  localStart = 0;
  localSize = 0;
  size = 0;
  page = 0;
  firstOverflow = 0;
  #full: Uint8Array | null = null;
  /** The overflow chain being read into {@link #full}, kept across a read that threw. */
  readonly #chain = new ChainAssembly();
  #chainStarted = false;
  /**
   * Where overflowing payloads are assembled, reused from cell to cell: what is read from
   * an assembled payload lives only until the cursor moves (values are decoded into new
   * strings or copied), and a new buffer per long value made the GC run every few rows.
   */
  #scratch: Uint8Array | null = null;
  readonly #pager: Pager;

  constructor(pager: Pager) {
    this.#pager = pager;
  }

  /** Lets go of the bytes it points at or assembled. */
  release(): void {
    this.local = NO_BYTES;
    this.#full = null;
    this.#scratch = null;
  }

  /** Points at the payload whose size varint ends at `start` on `page`. */
  set(page: BtreePage, start: number, size: number): void {
    const usable = page.usable;
    const local = localPayloadSize(size, usable, page.isTable);
    const end = start + local + (local < size ? 4 : 0);
    if (end > usable) corrupt(page.pgno, "cell payload runs past end of page");
    this.local = page.data;
    this.localStart = start;
    this.localSize = local;
    this.size = size;
    this.page = page.pgno;
    this.firstOverflow = local < size ? u32(page.data, start + local) : 0;
    this.#full = null;
    this.#chainStarted = false;
  }

  full(): Uint8Array {
    if (this.#full) return this.#full;
    if (this.localSize === this.size) {
      return (this.#full = this.local.slice(this.localStart, this.localStart + this.size));
    }
    if (!this.#chainStarted) {
      const local = this.local.subarray(this.localStart, this.localStart + this.localSize);
      if (this.size <= SCRATCH_PAYLOAD_MAX && (this.#scratch?.length ?? 0) < this.size) {
        this.#scratch = new Uint8Array(Math.max(this.size, 2 * (this.#scratch?.length ?? 0)));
      }
      this.#chain.begin(
        this.#pager,
        local,
        this.size,
        this.firstOverflow,
        this.page,
        this.#scratch,
      );
      this.#chainStarted = true;
    }
    const full = this.#chain.finish(this.#pager);
    this.#chainStarted = false;
    return (this.#full = full);
  }
}

/**
 * The root of an empty database's sqlite_schema: a table leaf with no cells. A search
 * finds nothing to compare on it, so no cell, key or payload field is ever read.
 */
const EMPTY_LEAF = { pgno: 1, isLeaf: true, isTable: true, nCells: 0 } as BtreePage;

/**
 * The rowid key of cell `i` of a table page (on a leaf after the payload size, on an
 * interior page after the child pointer). Keys of up to three bytes (below 2^21) and
 * one-byte payload sizes are read inline: a seek reads one per step of its search.
 */
export function cellKey(page: BtreePage, i: number): number | bigint {
  const keys = page.keys;
  if (keys) return keys[i];
  const data = page.data, usable = page.usable;
  let off = page.cellOffset(i);
  if (!page.isLeaf) off += 4;
  else if (data[off] < 0x80) off++;
  else {
    getVarint32(data, off, usable, page.pgno);
    off = varintEnd;
  }
  if (off + 2 < usable) {
    const b0 = data[off];
    if (b0 < 0x80) return b0;
    const b1 = data[off + 1];
    if (b1 < 0x80) return ((b0 & 0x7f) << 7) | b1;
    const b2 = data[off + 2];
    if (b2 < 0x80) return ((b0 & 0x7f) << 14) | ((b1 & 0x7f) << 7) | b2;
  }
  return getVarint(data, off, usable, page.pgno);
}

/**
 * Searches of a leaf before its keys are decoded together. Random lookups into a table
 * larger than the cache meet most leaves a few times between a read and an eviction: there
 * the decoding (a typed array, ~1 µs in Deno, and every cell's key) cost more than the
 * probes it saved (100k rowid lookups 0.72× → 0.66× node:sqlite, at 8 against 2).
 */
const LEAF_SEARCHES = 8;

/**
 * Notes a key search entering table page `page`: the second one on an interior page, the
 * {@link LEAF_SEARCHES}th on a leaf, decodes every cell's key into `page.keys`, so the
 * searches after it (lookups by rowid into a small table, an interior page above many
 * lookups) compare numbers. A page whose keys are not all safe integers, or whose cells are
 * damaged, keeps decoding per probe, which reports the damage where a search meets it.
 */
function searched(page: BtreePage): void {
  if (++page.searches !== (page.isLeaf ? LEAF_SEARCHES : 2)) return;
  const n = page.nCells, keys = new Float64Array(n);
  try {
    for (let i = 0; i < n; i++) {
      const k = cellKey(page, i);
      if (typeof k !== "number") return;
      keys[i] = k;
    }
  } catch {
    return;
  }
  page.keys = keys;
}

/**
 * A resumable cursor's `next` or `prev` across pages (`move`), all or nothing: set by
 * {@link installResumableMoves}.
 */
let moveAtomically: (c: BtreeCursor, move: (this: BtreeCursor) => boolean) => boolean;

/**
 * What that needs of a cursor, whose fields are #private (set by the class): the pages
 * and cell indexes of its path, which it saves and puts back itself, and a function
 * putting back its depth and page budget as they were when this was called. Nothing else
 * needs putting back: a move that throws has not changed `valid` (set only as it returns),
 * and has bumped the stamp already (its first step).
 */
let pathOf: (c: BtreeCursor) => [stack: BtreePage[], idx: number[], restore: () => void];

/**
 * Installs the moves of resumable cursors ({@link BtreeCursor.makeResumable}):
 * core/format/resumable_cursor.ts does when loaded, and only what reads lazy sources
 * loads it, so that bundles without them (browser.ts) leave that code out. Returns what
 * the moves need of a cursor.
 */
export function installResumableMoves(move: typeof moveAtomically): typeof pathOf {
  moveAtomically = move;
  return pathOf;
}

/** A cursor over one b-tree. Call `first`, `last` or a seek before reading. */
export class BtreeCursor {
  static {
    pathOf = (c) => {
      const depth = c.#depth, budget = c.#budget;
      return [c.#stack, c.#idx, () => {
        c.#depth = depth;
        c.#budget = budget;
      }];
    };
  }

  /** True for a table b-tree, false for an index b-tree. */
  declare readonly isTable: boolean;
  readonly #pager: Pager;
  readonly #stack: BtreePage[] = [];
  readonly #idx: number[] = [];
  #depth = -1;
  #valid = false;
  #budget = 0;
  /** Bumped on every move so cached cell decodes know they are stale. */
  #stamp = 0;
  #cellStamp = -1;
  #closed = false;
  #rowid: number | bigint = 0;
  // The readers of the current entry and of an index probe, made when first used: a run
  // of the JS backend's code reads most records itself, and a point lookup made them all.
  #payload: CellPayload | null = null;
  #record: RecordReader | null = null;
  #probePayload: CellPayload | null = null;
  #probe: RecordReader | null = null;
  readonly #encoding: TextEncoding;
  /** The root page, pinned once loaded (null until then). */
  #rootPage: BtreePage | null = null;
  /** The root page's number; 0 for a 0-byte file, an empty database with no pages. */
  readonly #root: number;

  /**
   * A cursor on the table (`isTable`) or index b-tree rooted at page `root`. It reads no
   * page until it first moves, as SQLite's cursors: a cursor a statement opens but never
   * moves (a table row sought only if a later test passes) costs no read.
   */
  constructor(pager: Pager, root: number, encoding: TextEncoding, isTable: boolean) {
    this.#pager = pager;
    this.#encoding = encoding;
    this.isTable = isTable;
    // A 0-byte file is an empty database: sqlite_schema (root 1) exists and has no rows.
    if (pager.empty && root === 1) root = 0;
    else if (!(root >= 1 && root <= pager.pageCount)) corrupt(root, "root page out of range");
    this.#root = root;
  }

  /**
   * Leaves the current entry without moving: the cursor is on none, and whoever kept
   * something decoded from the entry (by {@link stamp}) reads again.
   */
  leave(): void {
    this.#valid = false;
    this.#stamp++;
  }

  /** Whether the cursor is on an entry. */
  get valid(): boolean {
    return this.#valid;
  }

  /**
   * Changes on every move (and never otherwise): whoever keeps something decoded from the
   * current entry keeps it while this stays the same.
   */
  get stamp(): number {
    return this.#stamp;
  }

  #moveToRoot(): void {
    // The root is loaded before anything changes: a load a lazy source cannot serve yet
    // (PageMiss) leaves the cursor as it was, to move again when the page is there.
    let root = this.#rootPage;
    if (!root && this.#root) {
      root = this.#rootPage = BtreePage.load(this.#pager, this.#root);
      root.entry.pins++;
      if (root.isTable !== this.isTable) corrupt(this.#root, "root page of the wrong b-tree kind");
    }
    this.#budget = this.#pager.pageCount;
    this.#stamp++;
    this.#depth = 0;
    this.#stack[0] = root ?? EMPTY_LEAF;
  }

  #pushChild(pgno: number): void {
    const parent = this.#stack[this.#depth];
    if (this.#depth + 1 >= MAX_BTREE_DEPTH) corrupt(pgno, "b-tree too deep");
    if (pgno < 2 || pgno > this.#pager.pageCount) {
      corrupt(parent.pgno, `child page ${pgno} out of range`);
    }
    const page = BtreePage.load(this.#pager, pgno);
    // Counted once loaded: a load a lazy source could not serve yet (PageMiss), tried
    // again, is still one page of the move.
    if (--this.#budget < 0) corrupt(pgno, "b-tree has a cycle");
    if (page.isTable !== this.isTable) corrupt(pgno, "child page of the wrong b-tree kind");
    // The path's pages stay pinned until replaced, so the pager never refills their
    // buffers while this cursor can still read them.
    const d = ++this.#depth;
    const old = this.#stack[d];
    page.entry.pins++;
    if (old) old.entry.pins--;
    this.#stack[d] = page;
  }

  /**
   * Unpins the pages this cursor holds; it must not be used afterwards. Executions call
   * it when they end. A cursor dropped without it only keeps its pages' buffers from
   * being reused once they leave the cache.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (let d = 1; d < this.#stack.length; d++) this.#stack[d].entry.pins--;
    this.#stack.length = 1;
    if (this.#rootPage) this.#rootPage.entry.pins--;
    this.#depth = -1;
    this.#valid = false;
    // A closed cursor may be kept alive (DatabaseFile.shapeAnchors): it holds no payload.
    this.#payload?.release();
    this.#probePayload?.release();
    this.#record?.release();
    this.#probe?.release();
    this.#recordStamp = -1;
  }

  #descendLeftmost(): void {
    let page = this.#stack[this.#depth];
    while (!page.isLeaf) {
      this.#idx[this.#depth] = 0;
      this.#pushChild(page.child(0));
      page = this.#stack[this.#depth];
    }
    this.#idx[this.#depth] = 0;
  }

  #descendRightmost(): void {
    let page = this.#stack[this.#depth];
    while (!page.isLeaf) {
      this.#idx[this.#depth] = page.nCells;
      this.#pushChild(page.rightChild);
      page = this.#stack[this.#depth];
    }
    this.#idx[this.#depth] = page.nCells - 1;
  }

  /** From a leaf position that may be past the end, moves to the next entry in order. */
  #settleForward(): boolean {
    for (;;) {
      if (this.#idx[this.#depth] < this.#stack[this.#depth].nCells) return (this.#valid = true);
      for (;;) {
        if (this.#depth === 0) return (this.#valid = false);
        const page = this.#stack[--this.#depth];
        const i = this.#idx[this.#depth];
        if (i < page.nCells) {
          if (!this.isTable) return (this.#valid = true); // the interior cell is next
          this.#idx[this.#depth] = i + 1;
          this.#pushChild(page.child(i + 1));
          this.#descendLeftmost();
          this.#stack[this.#depth].warm();
          break;
        }
      }
    }
  }

  /** From a leaf position that may be before the start, moves to the previous entry. */
  #settleBackward(): boolean {
    for (;;) {
      if (this.#idx[this.#depth] >= 0) return (this.#valid = true);
      for (;;) {
        if (this.#depth === 0) return (this.#valid = false);
        const page = this.#stack[--this.#depth];
        const i = this.#idx[this.#depth];
        if (i > 0) {
          this.#idx[this.#depth] = i - 1;
          if (!this.isTable) return (this.#valid = true);
          this.#pushChild(page.child(i - 1));
          this.#descendRightmost();
          this.#stack[this.#depth].warm();
          break;
        }
      }
    }
  }

  /** Moves to the first entry; false when the b-tree is empty. */
  first(): boolean {
    this.#moveToRoot();
    this.#descendLeftmost();
    return this.#settleForward();
  }

  /** Moves to the last entry; false when the b-tree is empty. */
  last(): boolean {
    this.#moveToRoot();
    this.#descendRightmost();
    return this.#settleBackward();
  }

  /**
   * The page the cursor is on (a leaf, for a table b-tree on an entry): code compiled to
   * Wasm steps through a leaf's cells itself and hands the cursor back its position with
   * {@link setLeafIndex} before the cursor is used again.
   */
  get page(): BtreePage {
    return this.#stack[this.#depth];
  }

  /** The cell index on {@link page}. */
  get pageIndex(): number {
    return this.#idx[this.#depth];
  }

  /**
   * Moves to cell `i` of the leaf the cursor is on (a position native code reached by
   * stepping along the leaf); `i` must be a cell of that leaf, or its cell count (past the
   * last cell: {@link next} then moves to the next leaf).
   */
  setLeafIndex(i: number): void {
    const page = this.#stack[this.#depth];
    if (!page.isLeaf || !(i >= 0 && i <= page.nCells)) {
      throw new RangeError(bugMessage(Bug.NotLeafCell));
    }
    if (this.#idx[this.#depth] === i) return;
    this.#idx[this.#depth] = i;
    this.#stamp++;
    this.#valid = i < page.nCells;
  }

  /** Moves to the next entry; false (and invalid) past the last. */
  next(): boolean {
    if (!this.#valid) return false;
    const d = this.#depth;
    const page = this.#stack[d];
    if (page.isLeaf && this.#idx[d] + 1 < page.nCells) {
      // Along the leaf: no page to load, nothing a miss could interrupt.
      this.#stamp++;
      this.#idx[d]++;
      return true;
    }
    return this.#resumable ? moveAtomically(this, this.#nextAcross) : this.#nextAcross();
  }

  /** {@link next} when it may leave the page: climbs and descends as needed. */
  #nextAcross(): boolean {
    this.#stamp++;
    const page = this.#stack[this.#depth];
    if (page.isLeaf) {
      this.#idx[this.#depth]++;
    } else {
      const i = ++this.#idx[this.#depth];
      this.#pushChild(page.child(i));
      this.#descendLeftmost();
    }
    return this.#settleForward();
  }

  /** Moves to the previous entry; false (and invalid) before the first. */
  prev(): boolean {
    if (!this.#valid) return false;
    const d = this.#depth;
    const page = this.#stack[d];
    if (page.isLeaf && this.#idx[d] > 0) {
      this.#stamp++;
      this.#idx[d]--;
      return true;
    }
    return this.#resumable ? moveAtomically(this, this.#prevAcross) : this.#prevAcross();
  }

  /** {@link prev} when it may leave the page. */
  #prevAcross(): boolean {
    this.#stamp++;
    const page = this.#stack[this.#depth];
    if (page.isLeaf) {
      this.#idx[this.#depth]--;
    } else {
      this.#pushChild(page.child(this.#idx[this.#depth]));
      this.#descendRightmost();
    }
    return this.#settleBackward();
  }

  /**
   * Makes this cursor's moves safe to interrupt (runs started resumable, for lazy
   * sources): a `next`/`prev` that throws part-way (a page the source has not fetched
   * yet) leaves the cursor where it was, and a `count` that throws continues where it
   * stopped when called again. Other moves (first, last, seeks) start from the root and
   * are simply called again. Needs core/format/resumable_cursor.ts loaded (see
   * {@link installResumableMoves}).
   */
  makeResumable(): void {
    this.#resumable = true;
  }

  #resumable = false;

  /**
   * Decodes the current cell's rowid (table b-trees) and finds its payload, once per
   * position; the record itself is set up only when asked for (`record()`), so reading
   * just the rowid costs two varints.
   */
  #decodeCell(): void {
    if (this.#cellStamp === this.#stamp) return;
    if (!this.#valid) throw new RangeError(bugMessage(Bug.NoEntry));
    const page = this.#stack[this.#depth];
    const data = page.data, usable = page.usable;
    let off = page.cellOffset(this.#idx[this.#depth]);
    if (!page.isLeaf) off += 4;
    // One- and (for rowids) up-to-four-byte varints inline: nearly every cell's.
    const b0 = data[off];
    if (b0 < 0x80) {
      this.#payloadSize = b0;
      off++;
    } else {
      this.#payloadSize = getVarint32(data, off, usable, page.pgno);
      off = varintEnd;
    }
    if (this.isTable) {
      let v = 0, p = off;
      const end = Math.min(off + 4, usable);
      for (; p < end; p++) {
        const b = data[p];
        v = (v << 7) | (b & 0x7f);
        if (b < 0x80) break;
      }
      if (p < end) {
        this.#rowid = v;
        off = p + 1;
      } else {
        this.#rowid = getVarint(data, off, usable, page.pgno);
        off = varintEnd;
      }
    }
    this.#payloadStart = off;
    this.#cellStamp = this.#stamp;
  }

  #payloadSize = 0;
  #payloadStart = 0;
  /** The position whose record {@link #record} holds. */
  #recordStamp = -1;

  /** Rowid of the current entry (table b-trees). */
  rowid(): number | bigint {
    if (this.#rowidStamp !== this.#stamp) this.#decodeCell();
    return this.#rowid;
  }

  /** The position whose rowid an exact lookup found, so that {@link rowid} need not decode. */
  #rowidStamp = -1;

  /**
   * Where the current entry's record starts on its page, for readers that decode it
   * themselves (generated code): its offset in `page.data`; its size in
   * {@link recordSize}, and how much of it is on the page in {@link localSize} (less when
   * it overflows; the rest is read through {@link record}). -1 when the cursor is on no
   * entry or the record's part on the page runs past it (then {@link record} reports the
   * corruption).
   */
  localRecord(): number {
    if (!this.#valid) return -1;
    // The common case first (BtreePage.wholeRecord), without #decodeCell's per-position
    // bookkeeping; anything else, damage included, takes the general way, which reports it.
    const page = this.#stack[this.#depth];
    if (page.isLeaf && page.isTable) {
      const s = page.wholeRecord(this.#idx[this.#depth]);
      if (s >= 0) {
        this.#payloadSize = this.#localSize = page.lastPayload;
        return s;
      }
    }
    this.#decodeCell();
    const size = this.#payloadSize, start = this.#payloadStart;
    if (size <= page.maxLocal) {
      this.#localSize = size;
      return start + size <= page.usable ? start : -1;
    }
    const local = localPayloadSize(size, page.usable, page.isTable);
    this.#localSize = local;
    // The local part is followed by the first overflow page's number.
    return start + local + 4 <= page.usable ? start : -1;
  }

  #localSize = 0;

  /** The size of the record {@link localRecord} located. */
  get recordSize(): number {
    return this.#payloadSize;
  }

  /** How many of the record's bytes {@link localRecord} found on the page. */
  get localSize(): number {
    return this.#localSize;
  }

  /** The current entry's record: table row data or index key. Valid until the next move. */
  record(): RecordReader {
    if (this.#recordStamp !== this.#stamp) {
      this.#decodeCell();
      const page = this.#stack[this.#depth];
      pointReader(
        this.#record ??= new RecordReader(this.#encoding),
        this.#payload ??= new CellPayload(this.#pager),
        page,
        this.#payloadStart,
        this.#payloadSize,
      );
      this.#recordStamp = this.#stamp;
    }
    return this.#record!;
  }

  /**
   * Positions a table cursor relative to `rowid`; returns whether it is on an entry. (Its
   * callers open their cursors with the kind they expect, which the constructor checks.)
   */
  seekRowid(rowid: number | bigint, op: SeekOp = SeekOp.GE): boolean {
    const strict = op === SeekOp.GT || op === SeekOp.LE;
    if (op === SeekOp.GE || op === SeekOp.GT) {
      if (this.#seekInLeaf(rowid, strict)) return this.#settleForward();
    }
    this.#descendTo(rowid, strict);
    return this.#finishSeek(op);
  }

  /** Descends from the root to the leaf cell of the first key >= rowid (> when strict). */
  #descendTo(rowid: number | bigint, strict: boolean): void {
    this.#moveToRoot();
    for (;;) {
      const page = this.#stack[this.#depth];
      searched(page);
      let lo = 0, hi = page.nCells;
      const keys = page.keys;
      if (keys && typeof rowid === "number") {
        // Numbers against numbers: the common search, compared as doubles.
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          const key = keys[mid];
          if (key < rowid || (strict && key === rowid)) lo = mid + 1;
          else hi = mid;
        }
      }
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const key = cellKey(page, mid);
        if (key < rowid || (strict && key == rowid)) lo = mid + 1;
        else hi = mid;
      }
      this.#idx[this.#depth] = lo;
      if (page.isLeaf) return;
      this.#pushChild(page.child(lo));
    }
  }

  /**
   * Seeks within the leaf the cursor is on when the answer must lie there: its keys span
   * `rowid` (first key <= rowid, and rowid < last key, or <= when not strict). Keys are
   * unique and ordered across leaves, so a descent from the root would end on this leaf.
   * Lookups in ascending rowid order (an index range's table rows) mostly stay here.
   */
  #seekInLeaf(rowid: number | bigint, strict: boolean): boolean {
    if (this.#depth < 0) return false;
    const leaf = this.#stack[this.#depth];
    const n = leaf.nCells;
    if (!leaf.isLeaf || n === 0) return false;
    // Lookups near the current cell (an index range's table rows) guess the cell from the
    // distance between the keys, as rowids are mostly dense: when the key lies after the
    // guess's predecessor and at most at the guess, the guess is the answer.
    const cur = this.#idx[this.#depth];
    if (cur >= 0 && cur < n && typeof rowid === "number") {
      const curKey = cellKey(leaf, cur);
      // An integer whatever the keys are (one read from a page's Float64Array is a double):
      // one double stored in #idx turns every cursor's #idx into a double array, and the
      // scans that read it deoptimise and stay slower (measured: a table scan 30 % slower
      // after index-range queries). Any cell passes the test below only if it is the answer.
      const guess = typeof curKey === "number"
        ? (cur + (rowid - curKey) + (strict ? 1 : 0)) | 0
        : 0;
      if (guess > 0 && guess < n) {
        const before = guess - 1 === cur ? curKey : cellKey(leaf, guess - 1);
        const at = cellKey(leaf, guess);
        if (strict ? before <= rowid && rowid < at : before < rowid && rowid <= at) {
          this.#budget = this.#pager.pageCount;
          this.#stamp++;
          this.#idx[this.#depth] = guess;
          return true;
        }
      } else if (guess === n && !this.#resumable) {
        // Just past this leaf (the next rowid of a dense range): the next leaf's first entry,
        // if its key passes (it does unless the keys are out of order; if not, the caller
        // seeks from the root). Not while moves may be interrupted (lazy sources), as
        // nothing here could be undone.
        const lastKey = cellKey(leaf, n - 1);
        if (strict ? lastKey <= rowid : lastKey < rowid) {
          this.#budget = this.#pager.pageCount;
          this.#idx[this.#depth] = n - 1;
          if (!this.#nextAcross()) return false;
          const first = cellKey(this.#stack[this.#depth], this.#idx[this.#depth]);
          return strict ? rowid < first : rowid <= first;
        }
      }
    }
    const firstKey = cellKey(leaf, 0);
    if (firstKey > rowid) return false;
    const lastKey = cellKey(leaf, n - 1);
    if (strict ? !(rowid < lastKey) : !(rowid <= lastKey)) return false;
    // Only a leaf that holds the key counts as searched (its keys decoded together after
    // LEAF_SEARCHES): random lookups elsewhere do not decode the leaf they leave.
    searched(leaf);
    this.#budget = this.#pager.pageCount;
    this.#stamp++;
    let lo = 1, hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const key = cellKey(leaf, mid);
      if (key < rowid || (strict && key == rowid)) lo = mid + 1;
      else hi = mid;
    }
    if (!strict && firstKey == rowid) lo = 0;
    this.#idx[this.#depth] = lo;
    return true;
  }

  /** Positions the cursor at the first entry at or past the lower bound, then adjusts for op. */
  #finishSeek(op: SeekOp): boolean {
    const found = this.#settleForward();
    if (op === SeekOp.GE || op === SeekOp.GT) return found;
    // LE / LT: the entry before the first one past the key.
    if (!found) return this.last();
    return this.prev();
  }

  /** Positions the cursor on a table entry with exactly this rowid; false if none. */
  seekRowidExact(rowid: number | bigint): boolean {
    // Integers are normalized (number when safe), so == compares across representations.
    if (typeof rowid !== "number") return this.seekRowid(rowid, SeekOp.GE) && this.rowid() == rowid;
    if (!this.#seekInLeaf(rowid, false)) this.#descendTo(rowid, false);
    // On a cell of the leaf: where seekRowid's settling would stop, its key read as is
    // (not the whole cell decoded, as rowid() would).
    const leaf = this.#stack[this.#depth], i = this.#idx[this.#depth];
    if (i >= leaf.nCells) return this.#settleForward() && this.rowid() === rowid;
    this.#valid = true;
    if (cellKey(leaf, i) !== rowid) return false;
    this.#rowid = rowid;
    this.#rowidStamp = this.#stamp;
    return true;
  }

  /**
   * Positions an index cursor relative to a search key. `compare(rec)` compares an entry
   * with the key; it may compare only a prefix of the entry's columns. (Its callers open
   * their cursors as index cursors, which the constructor checks.)
   */
  seek(compare: EntryComparator, op: SeekOp): boolean {
    const strict = op === SeekOp.GT || op === SeekOp.LE;
    const raw = compare.raw;
    this.#moveToRoot();
    for (;;) {
      const page = this.#stack[this.#depth];
      let lo = 0, hi = page.nCells;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        let c = raw === undefined ? NaN : probeRaw(page, mid, raw);
        if (c !== c) c = compare(this.#probeCell(page, mid));
        if (c < 0 || (strict && c === 0)) lo = mid + 1;
        else hi = mid;
      }
      this.#idx[this.#depth] = lo;
      if (page.isLeaf) break;
      this.#pushChild(page.child(lo));
    }
    return this.#finishSeek(op);
  }

  #probeCell(page: BtreePage, i: number): RecordReader {
    let off = page.cellOffset(i);
    if (!page.isLeaf) off += 4;
    const size = getVarint32(page.data, off, page.usable, page.pgno);
    const probe = this.#probe ??= new RecordReader(this.#encoding);
    pointReader(probe, this.#probePayload ??= new CellPayload(this.#pager), page, varintEnd, size);
    return probe;
  }

  /** Entries the {@link count} under way has counted so far; -1 when none is. */
  #counted = -1;

  /**
   * Number of entries, counted on leaf pages without decoding any record. On a resumable
   * cursor a throw (a page not fetched yet) interrupts the walk between pages: the count so
   * far and the path are kept, and the next call goes on from the child it could not load.
   * Starting again instead would need the tree's first pages, long evicted when the tree is
   * larger than the cache. Any other cursor starts again on every call.
   */
  count(): number {
    if (!this.#resumable) this.#counted = -1;
    if (this.#counted < 0) {
      this.#moveToRoot();
      this.#idx[0] = 0;
      this.#counted = 0;
    }
    for (;;) {
      // Down from the page on top to a leaf, along child idx[depth] of each page.
      let page = this.#stack[this.#depth];
      while (!page.isLeaf) {
        this.#pushChild(page.child(this.#idx[this.#depth]));
        this.#idx[this.#depth] = 0;
        page = this.#stack[this.#depth];
      }
      this.#counted += page.nCells;
      // Up to the next page with a child not visited; index interior cells are entries.
      for (;;) {
        if (this.#depth === 0) {
          const n = this.#counted;
          this.#counted = -1;
          this.#valid = false;
          return n;
        }
        const parent = this.#stack[--this.#depth];
        const i = this.#idx[this.#depth];
        if (i < parent.nCells) {
          if (!this.isTable) this.#counted++;
          this.#idx[this.#depth] = i + 1;
          break;
        }
      }
    }
  }
}
