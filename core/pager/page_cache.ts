/**
 * The page cache: which pages are cached, in which slot, and which page goes when a new
 * one needs room. It holds entries; where their bytes come from and where an evicted
 * page's buffer goes is the pager's business (core/pager.ts, core/pager/buffer_pool.ts).
 *
 * The cache is a CLOCK (second chance) cache: a hit or a load sets a flag, and a miss with
 * a full cache evicts the first page found, sweeping in insertion order, that was not used
 * since the sweep last passed it.
 */
import { HEADER_SIZE } from "../format/header.ts";
import { PageType } from "../format/btree_page.ts";

/**
 * One cached page: its bytes and whatever a reader parsed from them (the b-tree page
 * header), kept so that re-entering a cached page costs no parse.
 */
export interface PageEntry {
  readonly pgno: number;
  readonly data: Uint8Array;
  /** Set by the b-tree layer the first time the page is read as a b-tree page. */
  parsed: unknown;
  /**
   * How many holders (b-tree cursors' paths) keep this page's bytes beyond the call that
   * returned it. A page evicted with no pins gives its buffer to the next page read.
   */
  pins: number;
  /** Whether `data` is a buffer of the pager's own that may be refilled once evicted. */
  readonly reusable: boolean;
}

/**
 * Where a page of a sequential run goes once the cache is full, instead of the CLOCK's
 * victim (core/pager/live_pager.ts streams a scan's runs through a ring of slots).
 */
export interface StreamSlots {
  /** The slot for the next page of the run. */
  slot(): number;
}

/** A bounded CLOCK cache of page entries by page number. */
export class PageCache {
  // Public rather than #private for core/pager/live_pager.ts (dropping the pages that
  // changed) and core/pager/held_pages.ts, both of which the browser build leaves out.
  /** Page number → slot in {@link slots}. */
  declare where: SlotIndex;
  slots: PageEntry[] = [];
  /** Per slot: passes of the CLOCK hand the page survives unused (see {@link insert}). */
  declare readonly used: Uint8Array;
  /** Per slot: what a use of the page sets {@link used} to: 2 for interior pages, else 1. */
  #life: Uint8Array;
  #hand = 0;
  /** The number of slots. */
  declare readonly limit: number;

  /** A cache of `limit` slots for a database of `pageCount` pages. */
  constructor(limit: number, pageCount: number) {
    this.limit = limit;
    this.where = new SlotIndex(pageCount);
    this.used = new Uint8Array(limit);
    this.#life = new Uint8Array(limit);
  }

  /** The entry of page `pgno`, marked used, or undefined when it is not cached. */
  get(pgno: number): PageEntry | undefined {
    const slot = this.where.get(pgno);
    if (slot < 0) return undefined;
    this.used[slot] = this.#life[slot];
    return this.slots[slot];
  }

  /** Whether every slot holds a page: a new one then replaces another. */
  get full(): boolean {
    return this.slots.length >= this.limit;
  }

  /** Whether page `pgno` is cached (not marking it used). */
  has(pgno: number): boolean {
    return this.where.get(pgno) >= 0;
  }

  /**
   * Caches `entry` (its page not cached yet); returns the entry evicted to make room, if
   * any (possibly a placeholder of page 0 that core/pager/live_pager.ts left in a slot it
   * emptied: not reusable, so releasing it does nothing). `stream`: the slots of the
   * sequential run the entry's page is part of.
   */
  insert(entry: PageEntry, stream?: StreamSlots): PageEntry | null {
    const slots = this.slots;
    // 2 for a b-tree interior page (type 2 or 5), else 1: interior pages get a second life
    // in the CLOCK, as every lookup and scan passes through them, so keeping them over
    // leaves saves the most reads (a remote source's round trips above all). An overflow
    // page whose first byte happens to be 2 or 5 merely lives longer.
    const type = entry.data[entry.pgno === 1 ? HEADER_SIZE : 0];
    const life = type === PageType.IndexInterior || type === PageType.TableInterior ? 2 : 1;
    if (slots.length < this.limit) {
      this.used[slots.length] = this.#life[slots.length] = life;
      this.where.set(entry.pgno, slots.length);
      slots.push(entry);
      return null;
    }
    const hand = stream ? stream.slot() : this.sweep();
    const evicted = slots[hand];
    this.where.delete(evicted.pgno);
    this.where.set(entry.pgno, hand);
    slots[hand] = entry;
    // Marked used: the hand must pass a new page twice before it goes, so a page is never
    // refilled by the reads that follow it within one call (a read-ahead run).
    this.used[hand] = this.#life[hand] = life;
    return evicted;
  }

  /** Empties the cache, the CLOCK starting afresh. */
  clear(): void {
    this.where.clear();
    this.slots = [];
    this.#hand = 0;
  }

  /**
   * The CLOCK hand's next victim: the first slot not used since the hand last passed (the
   * ring of core/pager/live_pager.ts takes its slots from it too).
   */
  sweep(): number {
    const used = this.used;
    const n = this.slots.length;
    let hand = this.#hand;
    while (used[hand] !== 0) {
      used[hand]--;
      hand = hand + 1 === n ? 0 : hand + 1;
    }
    this.#hand = hand + 1 === n ? 0 : hand + 1;
    return hand;
  }
}

/**
 * Page number → cache slot (-1: not cached): an array indexed by page number for files of
 * up to 4M pages (16 MB of index for 16 GB of 4 KB pages), a map beyond. Every page
 * request looks its page up here, so it must cost less than a hash lookup.
 */
export class SlotIndex {
  #array: Int32Array | null;
  #map: Map<number, number> | null;

  constructor(pageCount: number) {
    const small = pageCount <= 1 << 22;
    this.#array = small ? new Int32Array(pageCount + 1).fill(-1) : null;
    this.#map = small ? null : new Map();
  }

  get(pgno: number): number {
    if (this.#array) return this.#array[pgno] ?? -1;
    return this.#map!.get(pgno) ?? -1;
  }

  set(pgno: number, slot: number): void {
    if (this.#array) this.#array[pgno] = slot;
    else this.#map!.set(pgno, slot);
  }

  delete(pgno: number): void {
    if (this.#array) this.#array[pgno] = -1;
    else this.#map!.delete(pgno);
  }

  clear(): void {
    this.#array?.fill(-1);
    this.#map?.clear();
  }
}
