/**
 * Mutations of real database files for the corruption fuzz test. Each mutation targets a
 * structure the reader trusts — header fields, b-tree page headers, cell pointers, cell
 * varints, child and overflow page numbers — or truncates the file, so the reader's checks
 * are all exercised rather than only random noise.
 */

/** A deterministic PRNG (mulberry32) so a seed replays the same mutations. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Mutation {
  /** Human-readable description for failure messages. */
  what: string;
  bytes: Uint8Array;
}

const INTERESTING_U32 = [
  0,
  1,
  2,
  0x7f,
  0x80,
  0xff,
  0xffff,
  0x10000,
  0x7fffffff,
  0x80000000,
  0xffffffff,
];
const INTERESTING_U16 = [0, 1, 7, 8, 12, 0x7f, 0x80, 0xff, 0x100, 0x1ff, 0x200, 0xfff, 0xffff];

function pageSizeOf(db: Uint8Array): number {
  const v = (db[16] << 8) | db[17];
  return v === 1 ? 65536 : v >= 512 ? v : 4096;
}

/** Applies 1–4 random targeted mutations (or a truncation) to a copy of `db`. */
export function mutate(db: Uint8Array, rand: () => number): Mutation {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const int = (n: number) => Math.floor(rand() * n);
  const pageSize = pageSizeOf(db);
  const pages = Math.max(1, Math.floor(db.length / pageSize));
  if (rand() < 0.1) {
    const len = int(db.length);
    return { what: `truncate to ${len} bytes`, bytes: db.slice(0, len) };
  }
  const out = db.slice();
  const notes: string[] = [];
  const put16 = (off: number, v: number) => {
    if (off + 1 < out.length) (out[off] = v >> 8, out[off + 1] = v & 0xff);
  };
  const put32 = (off: number, v: number) => {
    if (off + 3 < out.length) {
      out[off] = v >>> 24,
        out[off + 1] = (v >>> 16) & 0xff,
        out[off + 2] = (v >>> 8) & 0xff,
        out[off + 3] = v & 0xff;
    }
  };
  const n = 1 + int(4);
  for (let k = 0; k < n; k++) {
    const pgno = 1 + int(pages);
    const base = (pgno - 1) * pageSize;
    const hdr = base + (pgno === 1 ? 100 : 0);
    const nCells = (out[hdr + 3] << 8) | out[hdr + 4];
    const interior = out[hdr] === 2 || out[hdr] === 5;
    const cellPtrs = hdr + (interior ? 12 : 8);
    const cellAt = (i: number) => base + ((out[cellPtrs + 2 * i] << 8) | out[cellPtrs + 2 * i + 1]);
    switch (int(9)) {
      case 0: {
        const off = int(100);
        out[off] = int(256);
        notes.push(`header byte ${off}`);
        break;
      }
      case 1:
        out[hdr] = pick([0, 1, 2, 5, 10, 13, 255]);
        notes.push(`page ${pgno} type byte`);
        break;
      case 2:
        put16(hdr + 3, pick(INTERESTING_U16));
        notes.push(`page ${pgno} cell count`);
        break;
      case 3:
        if (nCells > 0) {
          put16(cellPtrs + 2 * int(nCells), pick(INTERESTING_U16));
          notes.push(`page ${pgno} cell pointer`);
        }
        break;
      case 4:
        if (interior) {
          put32(hdr + 8, rand() < 0.5 ? pick(INTERESTING_U32) : 1 + int(pages + 2));
          notes.push(`page ${pgno} right child`);
        }
        break;
      case 5:
        if (interior && nCells > 0) {
          // Point a child at a random page, often an ancestor or itself: a cycle.
          put32(cellAt(int(nCells)), rand() < 0.5 ? pgno : 1 + int(pages));
          notes.push(`page ${pgno} left child`);
        }
        break;
      case 6:
        if (nCells > 0) {
          // Corrupt the first bytes of a cell: payload-size / rowid / header varints.
          const c = cellAt(int(nCells)) + (interior ? 4 : 0) + int(6);
          if (c < out.length) out[c] = pick([0x00, 0x7f, 0x80, 0x81, 0xff]);
          notes.push(`page ${pgno} cell varint`);
        }
        break;
      case 7: {
        // Overwrite a 4-byte word at a random spot of the page (overflow pointers, keys).
        const off = base + int(pageSize - 4);
        put32(off, pick(INTERESTING_U32));
        notes.push(`page ${pgno} word at ${off - base}`);
        break;
      }
      default: {
        const off = int(out.length);
        out[off] ^= 1 << int(8);
        notes.push(`bit flip at ${off}`);
      }
    }
  }
  return { what: notes.join(", ") || "no-op", bytes: out };
}
