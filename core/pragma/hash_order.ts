/**
 * The order in which SQLite's schema hash table (src/hash.c) lists its entries.
 *
 * `PRAGMA table_list` walks a schema's table hash, so its row order is whatever that hash
 * gives: a doubly linked list where a new entry goes in front of the first entry of its
 * bucket (or at the very front when its bucket is empty or there are no buckets yet), and
 * where each resize re-inserts every entry, in list order, into the new buckets. The
 * resize happens when an insert brings the count to 5 or more and above twice the bucket
 * count; the new bucket count is three times the entry count, capped so the bucket array
 * stays within SQLITE_MALLOC_SOFT_LIMIT (1024 bytes of 16-byte buckets on 64-bit builds).
 */
import { utf8Bytes } from "../format/text.ts";

const MAX_BUCKETS = 1024 / 16;

/** SQLite's strHash: a multiplicative hash of the UTF-8 bytes, case bits masked off. */
export function sqliteStrHash(name: string): number {
  let h = 0;
  for (const b of utf8Bytes(name)) {
    h = Math.imul((h + (b & 0xdf)) | 0, 0x9e3779b1);
  }
  return h >>> 0;
}

/**
 * The positions of `names` (given in insertion order, without duplicates) in the order
 * SQLite's hash table iterates them.
 */
export function hashIterationOrder(names: readonly string[]): number[] {
  const hashes = names.map(sqliteStrHash);
  const next = new Int32Array(names.length).fill(-1);
  const prev = new Int32Array(names.length).fill(-1);
  let first = -1;
  let bucketCount = 0;
  // Each bucket's first entry, -1 while it is empty.
  let bucketHead: number[] = [];

  const link = (e: number) => {
    let head = -1;
    if (bucketCount > 0) {
      const b = hashes[e] % bucketCount;
      head = bucketHead[b];
      bucketHead[b] = e;
    }
    if (head >= 0) {
      next[e] = head;
      prev[e] = prev[head];
      if (prev[head] >= 0) next[prev[head]] = e;
      else first = e;
      prev[head] = e;
    } else {
      next[e] = first;
      if (first >= 0) prev[first] = e;
      prev[e] = -1;
      first = e;
    }
  };

  const rehash = (size: number) => {
    if (size > MAX_BUCKETS) size = MAX_BUCKETS;
    if (size === bucketCount) return;
    bucketCount = size;
    bucketHead = new Array(size).fill(-1);
    let e = first;
    first = -1;
    while (e >= 0) {
      const after = next[e];
      link(e);
      e = after;
    }
  };

  for (let i = 0; i < names.length; i++) {
    const count = i + 1;
    if (count >= 5 && count > 2 * bucketCount) rehash(count * 3);
    link(i);
  }
  const order: number[] = [];
  for (let e = first; e >= 0; e = next[e]) order.push(e);
  return order;
}
