/**
 * B-tree pages (fileformat2 §1.6). A page starts with a header — at offset 100 on page 1,
 * after the database header — followed by the cell pointer array; cells fill the page
 * from the end. Only the first `usableSize` bytes of a page belong to the b-tree.
 *
 * | offset | size | field                                               |
 * |-------:|-----:|-----------------------------------------------------|
 * |      0 |    1 | page type: 2 index interior, 5 table interior, 10 index leaf, 13 table leaf |
 * |      1 |    2 | first freeblock                                     |
 * |      3 |    2 | number of cells                                     |
 * |      5 |    2 | start of cell content area (0 means 65536)          |
 * |      7 |    1 | fragmented free bytes                               |
 * |      8 |    4 | right-most child page (interior pages only)         |
 *
 * Cells: table leaf = payload size varint, rowid varint, payload, [overflow page];
 * table interior = left child (4 bytes), rowid varint; index leaf = payload size varint,
 * payload, [overflow page]; index interior = left child (4 bytes), then as index leaf.
 */
import { corrupt } from "../errors.ts";
import type { PageEntry, Pager } from "../pager.ts";
import { HEADER_SIZE, u32 } from "./header.ts";

export const enum PageType {
  IndexInterior = 2,
  TableInterior = 5,
  IndexLeaf = 10,
  TableLeaf = 13,
}

/** The fewest cells of a page {@link BtreePage.warm} reads ahead. */
const WARM_MIN_CELLS = 8;

/** Where {@link BtreePage.warm} leaves its sum, so that its loads are not dropped as unused. */
const warmSink = { sum: 0 };

/** A parsed b-tree page header with bounds-checked access to its cells. */
export class BtreePage {
  declare readonly pgno: number;
  declare readonly data: Uint8Array;
  declare readonly isLeaf: boolean;
  /** True for table b-trees (integer keys), false for index b-trees. */
  declare readonly isTable: boolean;
  declare readonly nCells: number;
  /** Offset of the cell pointer array. */
  declare readonly cellPtr: number;
  /** Right-most child page of an interior page (0 on leaves). */
  declare readonly rightChild: number;
  /** Bytes of the page that hold b-tree content. */
  declare readonly usable: number;
  /** The largest payload kept whole on this page (larger ones spill to overflow pages). */
  declare readonly maxLocal: number;
  /** The cache entry the bytes belong to: whoever keeps the page must pin it there. */
  declare readonly entry: PageEntry;
  /**
   * A table page's cell keys (rowids), decoded together once the page is searched again
   * (core/format/cursor.ts), or null.
   */
  declare keys: Float64Array | null;
  /** How many key searches entered this page (counted until {@link keys} is decided). */
  declare searches: number;
  /** The payload size of the cell {@link wholeRecord} last located. */
  declare lastPayload: number;
  /**
   * True until the first {@link warm}: a page parsed just now was read just now (pages are
   * parsed once per read), so its memory lines are near the processor already.
   */
  declare justRead: boolean;

  /**
   * Page `pgno` as a b-tree page. The parse is kept with the cached page, so reading a
   * page again while it is cached costs no allocation.
   */
  static load(pager: Pager, pgno: number): BtreePage {
    if (pgno === pager.lockBytePage) corrupt(pgno, "b-tree uses the lock-byte page");
    const entry = pager.entry(pgno);
    const parsed = entry.parsed;
    if (parsed instanceof BtreePage) return parsed;
    const page = new BtreePage(pager, entry);
    entry.parsed = page;
    return page;
  }

  /** Parses the page cached as `entry` (use {@link BtreePage.load}). */
  constructor(pager: Pager, entry: PageEntry) {
    const { pgno, data } = entry;
    const hdr = pgno === 1 ? HEADER_SIZE : 0;
    const type = data[hdr];
    if (
      type !== PageType.TableLeaf && type !== PageType.TableInterior &&
      type !== PageType.IndexLeaf && type !== PageType.IndexInterior
    ) {
      corrupt(pgno, `invalid b-tree page type ${type}`);
    }
    this.pgno = pgno;
    this.data = data;
    this.entry = entry;
    this.isLeaf = type === PageType.TableLeaf || type === PageType.IndexLeaf;
    this.isTable = type === PageType.TableLeaf || type === PageType.TableInterior;
    this.usable = pager.usableSize;
    this.maxLocal = maxLocalPayload(this.usable, this.isTable);
    this.nCells = (data[hdr + 3] << 8) | data[hdr + 4];
    this.cellPtr = hdr + (this.isLeaf ? 8 : 12);
    if (this.cellPtr + 2 * this.nCells > this.usable) {
      corrupt(pgno, "cell count too large for page");
    }
    this.rightChild = this.isLeaf ? 0 : u32(data, hdr + 8);
    this.keys = null;
    this.searches = 0;
    this.lastPayload = 0;
    this.justRead = true;
  }

  /**
   * Where the record of table-leaf cell `i` starts, in the common case only: a payload
   * size of one or two bytes, a rowid of at most eight, the payload whole on the page and
   * the cell inside {@link cellOffset}'s bounds; -1 otherwise (the cursor's general
   * decoding then reads the cell, and reports it when it is damaged). The payload's size
   * is left in {@link lastPayload}.
   */
  wholeRecord(i: number): number {
    const d = this.data, at = this.cellPtr + 2 * i;
    let s = (d[at] << 8) | d[at + 1];
    if (s < this.cellPtr + 2 * this.nCells || s + 4 > this.usable) return -1;
    let size = d[s++];
    if (size > 127) {
      if (d[s] > 127) return -1;
      size = ((size & 127) << 7) | d[s++];
    }
    const rowidEnd = s + 8;
    while (d[s] > 127 && s < rowidEnd) s++;
    if (s++ >= rowidEnd || size > this.maxLocal || s + size > this.usable) return -1;
    this.lastPayload = size;
    return s;
  }

  /**
   * Reads one byte of every 64 of the page, all independent loads, so that the processor
   * fetches the page's memory lines at once instead of one line per cell as a scan reaches
   * it (each cell's read waits on the pointer read before it). A scan entering a leaf
   * calls it: a page long in the cache is far from the processor, and a scan of cached
   * pages went a third faster with it. A page just read is left alone (a scan larger than
   * the cache went 2.5 % faster without warming them), and so is a page of a few large
   * cells: it gains little, and a scan of a table of one or two rows a page went 8 % slower
   * warming them.
   */
  warm(): void {
    if (this.justRead) {
      this.justRead = false;
      return;
    }
    if (this.nCells < WARM_MIN_CELLS) return;
    const d = this.data;
    let x = 0;
    for (let i = 0; i < d.length; i += 64) x += d[i];
    warmSink.sum = x;
  }

  /** Offset of cell `i`, checked to lie inside the cell content area. */
  cellOffset(i: number): number {
    const p = this.cellPtr + 2 * i;
    const off = (this.data[p] << 8) | this.data[p + 1];
    if (off < this.cellPtr + 2 * this.nCells || off + 4 > this.usable) {
      corrupt(this.pgno, `cell ${i} pointer out of range`);
    }
    return off;
  }

  /** Child page `i` of an interior page: left child of cell i, or the right-most child. */
  child(i: number): number {
    return i < this.nCells ? u32(this.data, this.cellOffset(i)) : this.rightChild;
  }
}

/** The largest payload a cell of this kind keeps whole on the page (fileformat2 §1.6). */
function maxLocalPayload(usable: number, isTable: boolean): number {
  return isTable ? usable - 35 : Math.floor(((usable - 12) * 64) / 255) - 23;
}

/**
 * How many payload bytes a cell keeps on its page (fileformat2 §1.6, "cell payload
 * overflow pages"): all of it up to a maximum X, else M plus the remainder of the
 * overflow split when that still fits under X.
 */
export function localPayloadSize(payload: number, usable: number, isTable: boolean): number {
  const maxLocal = maxLocalPayload(usable, isTable);
  if (payload <= maxLocal) return payload;
  const minLocal = Math.floor(((usable - 12) * 32) / 255) - 23;
  const k = minLocal + ((payload - minLocal) % (usable - 4));
  return k <= maxLocal ? k : minLocal;
}
