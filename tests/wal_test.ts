/**
 * The WAL reader against real SQLite: every case builds a `db` + `db-wal` pair (with
 * node:sqlite, then possibly rewritten), reads it with {@link readWal}, and compares the
 * result with what node:sqlite reads from the same pair: page count, number of valid
 * frames, and every page image.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import type { DatabaseSync } from "node:sqlite";
import { SqliteError } from "../core/errors.ts";
import { readWal, type WalSnapshot } from "../core/format/wal.ts";
import { WalScan } from "../core/format/wal_scan.ts";
import type { ByteSource } from "../core/io/byte_source.ts";
import { BytesSource } from "../core/io/bytes_source.ts";
import { FileSource } from "../core/io/file_source.ts";
import {
  captureWal,
  concatBytes,
  type DbFiles,
  encodeWal,
  flipByte,
  frameOffset,
  oracleQuery,
  oracleView,
  parseWalRaw,
  type RawFrame,
  reencodeWal,
  withTempDir,
  withU32,
} from "./support/wal_files.ts";

const SEED = Number(Deno.env.get("LITEJIT_SEED") ?? Date.now() % 2 ** 31);
console.log(`wal_test: LITEJIT_SEED=${SEED}`);

/**
 * Reads the pair with readWal and asserts that the database it describes (WAL pages over
 * the db file) is the one node:sqlite sees, page by page.
 */
function checkAgainstOracle(files: DbFiles, source?: ByteSource): WalSnapshot | null {
  const snapshot = readWal(source ?? new BytesSource(files.wal));
  const oracle = oracleView(files);
  const pageSize = snapshot ? snapshot.pageSize : dbHeaderPageSize(files.db);
  assert.equal(pageSize, oracle.pageSize, "page size");
  const dbPages = snapshot ? snapshot.dbPages : Math.ceil(files.db.length / pageSize);
  assert.equal(dbPages, Math.ceil(oracle.image.length / pageSize), "database size in pages");
  assert.equal(oracle.pageCount, btreePageCount(oracle.image, dbPages), "PRAGMA page_count");
  assert.equal(snapshot ? snapshot.validFrames : 0, oracle.walFrames, "valid frames");
  for (let page = 1; page <= dbPages; page++) {
    const offset = snapshot?.pageOffsets.get(page);
    const ours = offset === undefined
      ? files.db.subarray((page - 1) * pageSize, page * pageSize)
      : files.wal.subarray(offset, offset + pageSize);
    const theirs = oracle.image.subarray((page - 1) * pageSize, page * pageSize);
    if (!samePage(ours, theirs, pageSize)) {
      assert.fail(`page ${page} differs (ours from ${offset === undefined ? "db" : "wal"})`);
    }
  }
  if (snapshot) {
    for (const page of snapshot.pageOffsets.keys()) {
      assert.ok(page >= 1 && page <= dbPages, `page ${page} in the map is past the end`);
    }
  }
  return snapshot;
}

/** Equal as SQLite reads them: bytes missing at the end of a file read as zeros. */
function samePage(a: Uint8Array, b: Uint8Array, pageSize: number): boolean {
  for (let i = 0; i < pageSize; i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return false;
  }
  return true;
}

/**
 * What `PRAGMA page_count` reports given the pager's size: the b-tree layer (btree.c
 * lockBtree) prefers the in-header size (offset 28) when it is valid (non-zero, and the
 * change counter at 24 equals the version-valid-for number at 92), and reports corruption
 * when that size exceeds the pager's. Real WALs always agree; hand-built ones need this.
 */
function btreePageCount(image: Uint8Array, pagerPages: number): number | string {
  const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
  const inHeader = view.getUint32(28);
  if (inHeader === 0 || view.getUint32(24) !== view.getUint32(92)) return pagerPages;
  return inHeader > pagerPages ? "database disk image is malformed" : inHeader;
}

function dbHeaderPageSize(db: Uint8Array): number {
  const raw = (db[16] << 8) | db[17];
  return raw === 1 ? 65536 : raw;
}

/** Raw frame count of a WAL, valid or not (whole frames only). */
function rawFrameCount(wal: Uint8Array): number {
  return parseWalRaw(wal).frames.length;
}

/** Several transactions rewriting the same rows: many frames per page. */
function overwritingCommits(pageSize = 4096): DbFiles {
  return captureWal((db) => {
    db.exec("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT); CREATE INDEX t_v ON t(v);");
    const insert = db.prepare("INSERT INTO t(v) VALUES (?)");
    db.exec("BEGIN");
    for (let i = 0; i < 200; i++) insert.run(`row ${i}`);
    db.exec("COMMIT");
    for (let round = 0; round < 6; round++) {
      db.exec(`UPDATE t SET v = v || '${round}' WHERE id % 3 = ${round % 3}`);
    }
    db.exec("DELETE FROM t WHERE id > 150");
  }, { pageSize });
}

/** A committed table, then an open transaction big enough to spill with cache_size=2. */
function spilledUncommitted(): DbFiles {
  return captureWal((db) => {
    db.exec("CREATE TABLE t(x); INSERT INTO t VALUES (1), (2);");
    db.exec("PRAGMA cache_size=2; BEGIN;");
    const insert = db.prepare("INSERT INTO t VALUES (randomblob(3000))");
    for (let i = 0; i < 60; i++) insert.run();
  });
}

/** Many frames, a RESTART checkpoint, then a short commit: stale frames follow. */
function restartedWal(): DbFiles {
  return captureWal((db) => {
    db.exec("CREATE TABLE t(x)");
    for (let i = 0; i < 20; i++) db.exec("INSERT INTO t VALUES (randomblob(5000))");
    const result = db.prepare("PRAGMA wal_checkpoint(RESTART)").get()!;
    assert.equal(result.busy, 0);
    db.exec("UPDATE t SET x = 'after restart' WHERE rowid = 3");
  });
}

Deno.test("multiple commits overwriting the same pages: last committed frame wins", () => {
  const files = overwritingCommits();
  const snapshot = checkAgainstOracle(files)!;
  assert.ok(snapshot.validFrames > snapshot.pageOffsets.size, "pages were overwritten");
  assert.equal(snapshot.validFrames, rawFrameCount(files.wal), "every frame is committed");
  const { header } = parseWalRaw(files.wal);
  const scan = WalScan.open(new BytesSource(files.wal))!;
  assert.equal(scan.salt1 >>> 0, header.salt1);
  assert.equal(scan.salt2 >>> 0, header.salt2);
});

Deno.test("uncommitted frames spilled by an open transaction are ignored", () => {
  const files = spilledUncommitted();
  const snapshot = checkAgainstOracle(files)!;
  const { header, frames } = parseWalRaw(files.wal);
  const trailing = frames.slice(snapshot.validFrames);
  assert.ok(trailing.length > 10, "the open transaction spilled frames into the WAL");
  assert.ok(
    trailing.every((f) => f.salt1 === header.salt1 && f.commitSize === 0),
    "spilled frames carry the current salts and no commit mark",
  );
});

Deno.test("a WAL restarted by wal_checkpoint(RESTART) ignores stale frames of the old salt", () => {
  const files = restartedWal();
  const snapshot = checkAgainstOracle(files)!;
  const { header, frames } = parseWalRaw(files.wal);
  assert.ok(frames.length > snapshot.validFrames + 10, "stale frames follow the new ones");
  assert.notEqual(frames[snapshot.validFrames].salt1, header.salt1, "next frame is stale");
  assert.equal(header.checkpointSeq, 1, "the WAL was restarted");
});

Deno.test("a corrupted frame ends the WAL: only commits before it count", () => {
  const files = overwritingCommits();
  const { header, frames } = parseWalRaw(files.wal);
  const pageSize = header.pageSize;
  const middle = Math.floor(frames.length / 2);
  const fieldOffsets = [0, 4, 8, 12, 16, 20, 24, 24 + pageSize - 1]; // header fields, data
  for (const index of [0, 1, middle, frames.length - 1]) {
    for (const field of fieldOffsets) {
      const wal = flipByte(files.wal, frameOffset(pageSize, index) + field);
      const snapshot = checkAgainstOracle({ db: files.db, wal });
      assert.ok((snapshot?.validFrames ?? 0) <= index, `frame ${index} byte ${field}`);
    }
  }
});

Deno.test("re-encoding a real WAL with the same byte order reproduces it exactly", () => {
  for (const files of [overwritingCommits(), spilledUncommitted()]) {
    const little = parseWalRaw(files.wal).header.magic === 0x377f0682;
    assert.deepEqual(reencodeWal(files.wal, !little), files.wal);
  }
});

Deno.test("big-endian checksums: node:sqlite and readWal both accept the re-encoded WAL", () => {
  for (const files of [overwritingCommits(), spilledUncommitted(), restartedWal()]) {
    const big = { db: files.db, wal: reencodeWal(files.wal, true) };
    const little = { db: files.db, wal: reencodeWal(files.wal, false) };
    const withoutWal = oracleView({ db: files.db, wal: new Uint8Array(0) });
    const bigView = oracleView(big);
    assert.ok(bigView.walFrames > 0, "node:sqlite accepted the big-endian WAL");
    assert.notDeepEqual(bigView.image, withoutWal.image, "the WAL changes the database");
    assert.deepEqual(bigView.image, oracleView(little).image, "same database either way");
    const bigSnapshot = checkAgainstOracle(big)!;
    const littleSnapshot = checkAgainstOracle(little)!;
    assert.equal(parseWalRaw(big.wal).header.magic, 0x377f0683);
    assert.equal(parseWalRaw(little.wal).header.magic, 0x377f0682);
    assert.deepEqual(bigSnapshot.pageOffsets, littleSnapshot.pageOffsets);
  }
});

Deno.test("a truncated last frame is ignored", () => {
  const files = overwritingCommits(1024);
  const frameSize = 1024 + 24;
  for (const cut of [1, 8, 24, 25, 512, frameSize - 1, frameSize, frameSize + 1]) {
    const wal = files.wal.subarray(0, files.wal.length - cut);
    const snapshot = checkAgainstOracle({ db: files.db, wal });
    assert.ok(snapshot !== null);
    assert.ok(snapshot.validFrames <= Math.floor((wal.length - 32) / frameSize));
  }
});

Deno.test("junk appended after the last frame is ignored", () => {
  const files = overwritingCommits(1024);
  const base = readWal(new BytesSource(files.wal))!;
  const random = fc.sample(fc.uint8Array({ minLength: 1, maxLength: 3000 }), { seed: SEED })[0];
  for (const junk of [new Uint8Array(1048 * 2), new Uint8Array(1048).fill(0xff), random]) {
    const snapshot = checkAgainstOracle({ db: files.db, wal: concatBytes(files.wal, junk) })!;
    assert.equal(snapshot.validFrames, base.validFrames);
  }
});

Deno.test("empty, header-only, garbage and invalid-header WALs: SQLite reads the db alone", () => {
  const files = overwritingCommits(1024);
  const { header, frames } = parseWalRaw(files.wal);
  const spec = { ...header, bigEndianChecksum: false, frames };
  const garbage = fc.sample(fc.uint8Array({ minLength: 33, maxLength: 5000 }), { seed: SEED })[0];
  const cases: Record<string, Uint8Array> = {
    empty: new Uint8Array(0),
    "header only": files.wal.subarray(0, 32),
    "header and a partial frame": files.wal.subarray(0, 32 + 1000),
    garbage,
    zeros: new Uint8Array(files.wal.length),
    "bad magic": withU32(files.wal, 0, 0x377f0684),
    "bad header checksum": flipByte(files.wal, 27),
    "header field changed": flipByte(files.wal, 13),
    "page size 1000": encodeWal({ ...spec, pageSize: 1000, frames: resized(frames, 1000) }),
    "page size 256": encodeWal({ ...spec, pageSize: 256, frames: resized(frames, 256) }),
    "page size 131072": encodeWal({ ...spec, pageSize: 131072, frames: resized(frames, 131072) }),
    "first frame has another salt": encodeWal({
      ...spec,
      frames: frames.map((f, i) => i === 0 ? { ...f, salt1: (header.salt1 + 1) >>> 0 } : f),
    }),
    "no commit frame": encodeWal({ ...spec, frames: frames.map((f) => ({ ...f, commitSize: 0 })) }),
    "wrong version, bad checksum": withU32(files.wal, 4, 3007001),
  };
  for (const [name, wal] of Object.entries(cases)) {
    const snapshot = checkAgainstOracle({ db: files.db, wal });
    assert.equal(snapshot, null, name);
  }
});

/** The frames with their page images cut or zero-padded to `pageSize` bytes. */
function resized(frames: RawFrame[], pageSize: number): RawFrame[] {
  return frames.map((f) => {
    const data = new Uint8Array(pageSize);
    data.set(f.data.subarray(0, pageSize));
    return { ...f, data };
  });
}

Deno.test("an intact header with another format version cannot be opened, as in SQLite", () => {
  const files = overwritingCommits(1024);
  const { header, frames } = parseWalRaw(files.wal);
  const wal = encodeWal({ ...header, bigEndianChecksum: false, version: 3007001, frames });
  let oracleError: unknown;
  try {
    oracleQuery({ db: files.db, wal }, "SELECT count(*) FROM t");
  } catch (e) {
    oracleError = e;
  }
  assert.equal((oracleError as { errcode?: number })?.errcode, 14, "node:sqlite: SQLITE_CANTOPEN");
  assert.throws(
    () => readWal(new BytesSource(wal)),
    (e) => e instanceof SqliteError && e.code === "SQLITE_CANTOPEN" && e.errcode === 14,
  );
});

Deno.test("hand-built frames: page 0, moved commit marks, a shrinking then growing database", () => {
  const files = overwritingCommits(1024);
  const { header, frames } = parseWalRaw(files.wal);
  const spec = { ...header, bigEndianChecksum: false };
  const lastCommit = frames.findLastIndex((f) => f.commitSize !== 0);
  const size = frames[lastCommit].commitSize;
  const page1 = frames.findLast((f) => f.pageNumber === 1)!;
  const variants: Record<string, typeof frames> = {
    "page number 0 mid-WAL": frames.map((f, i) => i === 5 ? { ...f, pageNumber: 0 } : f),
    "last commit mark removed": frames.map((f, i) =>
      i === lastCommit ? { ...f, commitSize: 0 } : f
    ),
    "commit mark on a middle frame only": frames.map((f, i) => ({
      ...f,
      commitSize: i === 7 ? size : 0,
    })),
    "database shrinks to 2 pages": [...frames, { ...page1, commitSize: 2 }],
    "shrinks, then grows back without rewriting pages": [
      ...frames,
      { ...page1, commitSize: 2 },
      { ...page1, commitSize: size },
    ],
    "grows past the db file with no frames for the new pages": [
      ...frames,
      { ...page1, commitSize: size + 3 },
    ],
  };
  for (const [name, variant] of Object.entries(variants)) {
    const wal = encodeWal({ ...spec, frames: variant });
    try {
      checkAgainstOracle({ db: files.db, wal });
    } catch (e) {
      throw new Error(`${name}: ${(e as Error).message}`);
    }
  }
  const shrunk = readWal(
    new BytesSource(encodeWal({ ...spec, frames: [...frames, { ...page1, commitSize: 2 }] })),
  )!;
  assert.equal(shrunk.dbPages, 2);
  assert.ok(shrunk.pageOffsets.size <= 2);
});

Deno.test("page sizes 512 and 65536, both checksum byte orders", () => {
  for (const pageSize of [512, 65536]) {
    const files = captureWal((db: DatabaseSync) => {
      db.exec("CREATE TABLE t(x)");
      for (let i = 0; i < 4; i++) db.exec(`INSERT INTO t VALUES (randomblob(${pageSize * 2}))`);
      db.exec("UPDATE t SET x = 1 WHERE rowid = 2");
    }, { pageSize });
    const snapshot = checkAgainstOracle(files)!;
    assert.equal(snapshot.pageSize, pageSize);
    checkAgainstOracle({ db: files.db, wal: reencodeWal(files.wal, true) });
  }
});

Deno.test("the WAL's page size rules when it differs from the db file's header", () => {
  const make = (pageSize: number) =>
    captureWal((db) => {
      db.exec("CREATE TABLE t(x)");
      for (let i = 0; i < 5; i++) db.exec("INSERT INTO t VALUES (randomblob(300))");
    }, { pageSize });
  const small = make(1024);
  const large = make(4096);
  assert.equal(checkAgainstOracle({ db: small.db, wal: large.wal })!.pageSize, 4096);
  assert.equal(checkAgainstOracle({ db: large.db, wal: small.wal })!.pageSize, 1024);
});

Deno.test("byte sources: misaligned views, files, and a source shorter than its size", () => {
  const files = restartedWal();
  const expected = readWal(new BytesSource(files.wal))!;
  for (const shift of [1, 2, 3]) {
    const backing = new Uint8Array(files.wal.length + shift);
    backing.set(files.wal, shift);
    const snapshot = checkAgainstOracle(files, new BytesSource(backing.subarray(shift)));
    assert.deepEqual(snapshot, expected);
  }
  withTempDir((dir) => {
    Deno.writeFileSync(`${dir}/x.db-wal`, files.wal);
    const source = new FileSource(`${dir}/x.db-wal`);
    try {
      assert.deepEqual(checkAgainstOracle(files, source), expected);
    } finally {
      source.close();
    }
  });
  // A file that shrank after it was opened: reads come back short.
  const cut = files.wal.length - 5000;
  const shrunk: ByteSource = {
    size: files.wal.length,
    read: (offset, length) =>
      files.wal.subarray(Math.min(offset, cut), Math.min(offset + length, cut)),
    close() {},
  };
  assert.deepEqual(readWal(shrunk), readWal(new BytesSource(files.wal.subarray(0, cut))));
});

// ---- property tests --------------------------------------------------------------------

type Mutation =
  | { kind: "setCommit"; frame: number; value: number }
  | { kind: "setPage"; frame: number; value: number }
  | { kind: "dropFrame"; frame: number }
  | { kind: "bigEndian" }
  | { kind: "flip"; at: number }
  | { kind: "truncate"; at: number }
  | { kind: "append"; junk: Uint8Array };

const structural = fc.oneof(
  fc.record({ kind: fc.constant("setCommit" as const), frame: fc.nat(), value: fc.nat(40) }),
  fc.record({ kind: fc.constant("setPage" as const), frame: fc.nat(), value: fc.nat(40) }),
  fc.record({ kind: fc.constant("dropFrame" as const), frame: fc.nat() }),
  fc.constant({ kind: "bigEndian" as const }),
);
const byteLevel = fc.oneof(
  fc.record({ kind: fc.constant("flip" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("append" as const), junk: fc.uint8Array({ maxLength: 1200 }) }),
);

/**
 * Structural edits re-encode the WAL (checksums stay valid, so they change what the WAL
 * says); byte-level edits come last and break checksums or lengths. Page 1 keeps its own
 * image, so node:sqlite can always open the result.
 */
function mutate(wal: Uint8Array, edits: Mutation[], bytes: Mutation[]): Uint8Array {
  const { header, frames: original, tail } = parseWalRaw(wal);
  let frames = original.slice();
  // A checkpoint refuses to grow the file past its size plus the WAL's data plus 64 KiB, so
  // commit sizes stay near the real ones for node:sqlite to show us every page.
  const sizeLimit = Math.max(...original.map((f) => f.commitSize)) + 3;
  let bigEndianChecksum = header.magic === 0x377f0683;
  for (const edit of edits) {
    const i = "frame" in edit && frames.length ? edit.frame % frames.length : -1;
    if (edit.kind === "setCommit" && i >= 0) {
      frames[i] = { ...frames[i], commitSize: edit.value % sizeLimit };
    }
    if (edit.kind === "setPage" && i >= 0 && frames[i].pageNumber !== 1 && edit.value >= 2) {
      frames[i] = { ...frames[i], pageNumber: edit.value };
    }
    if (edit.kind === "dropFrame" && i >= 0) frames = frames.filter((_, j) => j !== i);
    if (edit.kind === "bigEndian") bigEndianChecksum = !bigEndianChecksum;
  }
  const out = edits.length ? encodeWal({ ...header, bigEndianChecksum, frames, tail }) : wal;
  return editBytes(out, bytes);
}

/** Applies flips, truncations and appends in order. */
function editBytes(wal: Uint8Array, bytes: Mutation[]): Uint8Array {
  let out = wal;
  for (const edit of bytes) {
    if (edit.kind === "flip" && out.length) out = flipByte(out, edit.at % out.length);
    if (edit.kind === "truncate") out = out.subarray(0, edit.at % (out.length + 1));
    if (edit.kind === "append") out = concatBytes(out, edit.junk);
  }
  return out;
}

Deno.test("property: mutated real WALs read exactly as node:sqlite reads them", () => {
  const bases = [overwritingCommits(512), spilledUncommitted(), restartedWal()];
  fc.assert(
    fc.property(
      fc.nat(bases.length - 1),
      fc.array(structural, { maxLength: 3 }),
      fc.array(byteLevel, { maxLength: 2 }),
      (which, edits, bytes) => {
        const files = bases[which];
        checkAgainstOracle({ db: files.db, wal: mutate(files.wal, edits, bytes) });
      },
    ),
    { seed: SEED, numRuns: 120 },
  );
});

/** WALs with intact checksums and arbitrary content: any page size, page numbers and sizes. */
const hostileWal = fc.record({
  // Multiples of 8, which the test encoder needs; readWal must still reject the odd ones.
  pageSize: fc.oneof(fc.constantFrom(512, 1024, 65536), fc.nat(70000).map((n) => n & ~7)),
  checkpointSeq: fc.nat(),
  salt1: fc.nat(),
  salt2: fc.nat(),
  bigEndianChecksum: fc.boolean(),
  version: fc.constantFrom(3007000, 3007000, 0, 3007001),
  frames: fc.array(
    fc.record({
      pageNumber: fc.oneof(fc.nat(20), fc.constantFrom(0, 2 ** 31, 2 ** 32 - 1)),
      commitSize: fc.oneof(fc.constant(0), fc.nat(20), fc.constant(2 ** 32 - 1)),
      stale: fc.boolean(),
    }),
    { maxLength: 6 },
  ),
}).map(({ frames, ...spec }) => {
  const pageSize = spec.pageSize;
  return encodeWal({
    ...spec,
    frames: frames.map((f, i) => ({
      pageNumber: f.pageNumber,
      commitSize: f.commitSize,
      salt1: f.stale ? (spec.salt1 + 1) >>> 0 : undefined,
      data: new Uint8Array(pageSize).fill(i),
    })),
  });
});

Deno.test("property: hostile bytes never hang and never throw anything but SqliteError", () => {
  const real = overwritingCommits(512).wal;
  const anyWal = fc.oneof(
    hostileWal,
    fc.uint8Array({ maxLength: 4000 }),
    fc.tuple(fc.nat(real.length), fc.array(fc.tuple(fc.nat(), fc.nat(255)), { maxLength: 4 }))
      .map(([cut, edits]) => {
        const wal = real.slice(0, cut);
        for (const [at, value] of edits) if (wal.length) wal[at % wal.length] = value;
        return wal;
      }),
  );
  fc.assert(
    fc.property(anyWal, fc.array(byteLevel, { maxLength: 2 }), (base, bytes) => {
      const wal = editBytes(base, bytes);
      let snapshot: WalSnapshot | null = null;
      try {
        snapshot = readWal(new BytesSource(wal));
      } catch (e) {
        if (!(e instanceof SqliteError)) throw e;
        assert.equal(e.code, "SQLITE_CANTOPEN");
        return;
      }
      if (snapshot === null) return;
      assert.ok(snapshot.pageSize >= 512 && snapshot.pageSize <= 65536);
      assert.ok(snapshot.dbPages > 0 && snapshot.validFrames > 0);
      assert.ok(32 + snapshot.validFrames * (snapshot.pageSize + 24) <= wal.length);
      for (const [page, offset] of snapshot.pageOffsets) {
        assert.ok(page >= 1 && page <= snapshot.dbPages);
        assert.ok(offset + snapshot.pageSize <= wal.length);
      }
    }),
    { seed: SEED, numRuns: 1500 },
  );
});

// ---- a WAL of many megabytes -------------------------------------------------------------

Deno.test("a WAL of many MB: chunked reads agree with node:sqlite; timing printed", () => {
  const files = captureWal((db) => {
    db.exec("CREATE TABLE t(x)");
    const insert = db.prepare("INSERT INTO t VALUES (randomblob(50000))");
    for (let txn = 0; txn < 40; txn++) {
      db.exec("BEGIN");
      for (let i = 0; i < 16; i++) insert.run();
      db.exec("COMMIT");
    }
    db.exec("UPDATE t SET x = zeroblob(10) WHERE rowid % 7 = 0");
  });
  const mb = (files.wal.length / 2 ** 20).toFixed(1);
  const time = (label: string, source: () => ByteSource) => {
    const started = performance.now();
    const snapshot = readWal(source());
    console.log(`  readWal ${label}, ${mb} MB: ${(performance.now() - started).toFixed(1)} ms`);
    return snapshot;
  };
  const little = time("little-endian, bytes", () => new BytesSource(files.wal))!;
  assert.ok(files.wal.length > 30 * 2 ** 20, "the WAL spans several read chunks");
  checkAgainstOracle(files);
  const bigWal = reencodeWal(files.wal, true);
  const big = time("big-endian, bytes", () => new BytesSource(bigWal))!;
  assert.deepEqual(big.pageOffsets, little.pageOffsets);
  withTempDir((dir) => {
    Deno.writeFileSync(`${dir}/big.db-wal`, files.wal);
    const source = new FileSource(`${dir}/big.db-wal`);
    try {
      assert.deepEqual(time("little-endian, file", () => source), little);
    } finally {
      source.close();
    }
  });
  // Corruption and truncation beyond the first read chunk.
  const frameSize = little.pageSize + 24;
  const late = Math.floor(little.validFrames * 0.7);
  checkAgainstOracle({ db: files.db, wal: flipByte(files.wal, frameOffset(4096, late) + 100) });
  checkAgainstOracle({ db: files.db, wal: files.wal.subarray(0, 5 * 2 ** 20 + frameSize / 2) });
});
