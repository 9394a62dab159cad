/**
 * The write-ahead log, `<db>-wal` (https://www.sqlite.org/walformat.html and
 * https://www.sqlite.org/fileformat2.html §4). We rebuild what SQLite's WAL recovery
 * rebuilds (wal.c walIndexRecover) from the WAL file alone; the `-shm` index is a cache of
 * the same facts and is never read.
 *
 * WAL header, 32 bytes, every field a big-endian u32:
 *
 * | offset | field                                                        |
 * |-------:|--------------------------------------------------------------|
 * |      0 | magic: 0x377f0682 (checksum words little-endian) or 0x377f0683 (big-endian) |
 * |      4 | format version, 3007000                                      |
 * |      8 | page size (512..65536, a power of two; 65536 is stored as is) |
 * |     12 | checkpoint sequence number                                   |
 * |     16 | salt-1                                                       |
 * |     20 | salt-2                                                       |
 * |     24 | checksum-1 over header bytes 0..23                           |
 * |     28 | checksum-2 over header bytes 0..23                           |
 *
 * Then frames, each a 24-byte frame header (big-endian u32s) and one page image:
 *
 * | offset | field                                                        |
 * |-------:|--------------------------------------------------------------|
 * |      0 | page number                                                  |
 * |      4 | commit frames: database size in pages after the commit; others 0 |
 * |      8 | salt-1, copied from the WAL header                           |
 * |     12 | salt-2, copied from the WAL header                           |
 * |     16 | checksum-1, cumulative                                       |
 * |     20 | checksum-2, cumulative                                       |
 *
 * The checksum reads its input as u32 words in the byte order the magic selects (the
 * stored checksum values are always big-endian) and runs, two words at a time,
 * `s1 += w[i] + s2; s2 += w[i+1] + s1` (mod 2^32). It starts at 0 for the header; each
 * frame continues from the previous one over the frame header's first 8 bytes and then
 * the page image. Recovery accepts frames while their salts match the header, their page
 * number is non-zero and the checksum matches; it stops at the first frame that fails.
 * Only frames up to the last valid commit frame count.
 */
import { SqliteError } from "../errors.ts";
import type { ByteSource } from "../io/byte_source.ts";
import { PLATFORM_LE } from "./text.ts";

// The layout's numbers are const enums, so the bundle holds the numbers, not variables.

/** The WAL header: its size and the offsets of its fields. */
export const enum WalHeader {
  Size = 32,
  Magic = 0,
  Version = 4,
  PageSize = 8,
  CheckpointSeq = 12,
  Salt1 = 16,
  Salt2 = 20,
  Checksum1 = 24,
  Checksum2 = 28,
}

/** The header in front of each page image: its size and the offsets of its fields. */
export const enum FrameHeader {
  Size = 24,
  PageNumber = 0,
  DbSizeAfterCommit = 4,
  Salt1 = 8,
  Salt2 = 12,
  Checksum1 = 16,
  Checksum2 = 20,
}

/** The format's magic numbers and version, and the page sizes it allows. */
const enum Wal {
  MagicLittleEndian = 0x377f0682,
  MagicBigEndian = 0x377f0683,
  FormatVersion = 3007000,
  MinPageSize = 512,
  MaxPageSize = 65536,
}

/** What a WAL adds to its database: the state after the last valid commit. */
export interface WalSnapshot {
  /** Page size from the WAL header (every frame holds one page of this size). */
  pageSize: number;
  /** Database size in pages after the last valid commit. */
  dbPages: number;
  /**
   * Page number → byte offset inside the WAL of that page's current image (the last
   * frame for the page up to the last commit). Only pages `<= dbPages` appear: SQLite
   * never reads a page past the end of the database from the WAL.
   */
  pageOffsets: Map<number, number>;
  /** Frames up to and including the last valid commit frame. */
  validFrames: number;
}

/** A WAL's header, as read by {@link readWalHeader}. */
export interface WalHeaderFields {
  readonly pageSize: number;
  /** Salts as the header stores them (signed: compared with frames' as read). */
  readonly salt1: number;
  readonly salt2: number;
  /** The running checksum after the header. */
  readonly sum: Int32Array;
  /** Adds words to a running checksum in the byte order the header's magic selects. */
  readonly addWords: typeof addWordsNative;
}

/**
 * The WAL's header, or null when it has none that is valid (too short, bad magic,
 * impossible page size, bad checksum): SQLite then ignores the WAL.
 *
 * @throws SqliteError `SQLITE_CANTOPEN` for an intact header of another format version.
 */
export function readWalHeader(wal: ByteSource): WalHeaderFields | null {
  // Like SQLite, a WAL no longer than its header is empty.
  if (!(wal.size > WalHeader.Size)) return null;
  const headerBytes = wal.read(0, WalHeader.Size);
  if (headerBytes.length < WalHeader.Size) return null;
  const header = headerBytes.slice(0, WalHeader.Size); // own, aligned buffer for Int32Array
  const view = new DataView(header.buffer);
  const magic = view.getUint32(WalHeader.Magic);
  const pageSize = view.getUint32(WalHeader.PageSize);
  if (magic !== Wal.MagicLittleEndian && magic !== Wal.MagicBigEndian) return null;
  if (pageSize < Wal.MinPageSize || pageSize > Wal.MaxPageSize || (pageSize & (pageSize - 1))) {
    return null;
  }
  const bigEndian = magic === Wal.MagicBigEndian;
  // An Int32Array reads words in the host's byte order.
  const addWords = bigEndian !== PLATFORM_LE ? addWordsNative : addWordsSwapped;
  const sum = new Int32Array(2);
  addWords(new Int32Array(header.buffer), 0, WalHeader.Checksum1 >>> 2, sum);
  if (
    sum[0] !== view.getInt32(WalHeader.Checksum1) || sum[1] !== view.getInt32(WalHeader.Checksum2)
  ) {
    return null;
  }
  const version = view.getUint32(WalHeader.Version);
  if (version !== Wal.FormatVersion) {
    throw new SqliteError(
      "SQLITE_CANTOPEN",
      `unable to open database file (unsupported WAL format version ${version})`,
    );
  }
  return {
    pageSize,
    salt1: view.getInt32(WalHeader.Salt1),
    salt2: view.getInt32(WalHeader.Salt2),
    sum,
    addWords,
  };
}

/**
 * Checks the frames `bytes` holds whole (read from the WAL at frame `first`) as recovery
 * does (salts, non-zero page number, cumulative checksum), the running checksum `sum` (that
 * after frame `first - 1`) going on with them, and calls `take` for each frame accepted,
 * with its page number and its database size after commit (0 for a frame that commits
 * nothing). Returns false at the first frame that fails.
 */
export function scanFrames(
  bytes: Uint8Array,
  header: WalHeaderFields,
  sum: Int32Array,
  first: number,
  take: (frame: number, pageNumber: number, commitSize: number) => void,
): boolean {
  const frameSize = header.pageSize + FrameHeader.Size;
  const size = Math.floor(bytes.length / frameSize) * frameSize;
  // Whole frames, where an Int32Array can view them (4-byte aligned): copied only when the
  // source handed back a misaligned view.
  const chunk = bytes.byteOffset & 3 ? bytes.slice(0, size) : bytes;
  const view = new DataView(chunk.buffer, chunk.byteOffset, size);
  const words = new Int32Array(chunk.buffer, chunk.byteOffset, size >>> 2);
  const pageWords = header.pageSize >>> 2;
  const addWords = header.addWords;
  for (let frame = first, at = 0; at < size; frame++, at += frameSize) {
    if (view.getInt32(at + FrameHeader.Salt1) !== header.salt1) return false;
    if (view.getInt32(at + FrameHeader.Salt2) !== header.salt2) return false;
    const pageNumber = view.getUint32(at + FrameHeader.PageNumber);
    if (pageNumber === 0) return false;
    const word = at >>> 2;
    addWords(words, word, word + 2, sum);
    const data = word + (FrameHeader.Size >>> 2);
    addWords(words, data, data + pageWords, sum);
    if (sum[0] !== view.getInt32(at + FrameHeader.Checksum1)) return false;
    if (sum[1] !== view.getInt32(at + FrameHeader.Checksum2)) return false;
    take(frame, pageNumber, view.getUint32(at + FrameHeader.DbSizeAfterCommit));
  }
  return true;
}

/**
 * Reads a WAL the way SQLite's recovery does and returns the committed state it holds,
 * or null when it holds no valid commit (SQLite then reads the database file alone).
 * That covers a WAL of 32 bytes or fewer, a bad magic, an impossible page size, a bad
 * header checksum, and a WAL whose first frame is already invalid. The frames are read in
 * one read, a byte array's WAL being in memory already (a WAL that grows while it is read is
 * followed by core/format/wal_scan.ts, in chunks).
 *
 * @throws SqliteError `SQLITE_CANTOPEN` when the header is intact (its checksum matches)
 *   but names a format version other than 3007000, as SQLite does.
 */
export function readWal(wal: ByteSource): WalSnapshot | null {
  const header = readWalHeader(wal);
  if (!header) return null;
  const pages: number[] = [];
  let validFrames = 0;
  let dbPages = 0;
  const frameSize = header.pageSize + FrameHeader.Size;
  const frames = wal.read(WalHeader.Size, wal.size);
  scanFrames(frames, header, header.sum, 0, (frame, pageNumber, commitSize) => {
    pages[frame] = pageNumber;
    if (commitSize !== 0) {
      validFrames = frame + 1;
      dbPages = commitSize;
    }
  });
  if (validFrames === 0) return null;
  const pageOffsets = new Map<number, number>();
  for (let f = 0; f < validFrames; f++) {
    // SQLite never reads a page past the end of the database from the WAL.
    if (pages[f] <= dbPages) {
      pageOffsets.set(pages[f], WalHeader.Size + f * frameSize + FrameHeader.Size);
    }
  }
  return { pageSize: header.pageSize, dbPages, pageOffsets, validFrames };
}

/**
 * Adds `words[from..to)` (an even count) to the running checksum in `sum`, words already
 * in the byte order the WAL's magic selects. Sums stay int32 (`| 0` is mod 2^32).
 */
function addWordsNative(words: Int32Array, from: number, to: number, sum: Int32Array): void {
  let s1 = sum[0];
  let s2 = sum[1];
  for (let i = from; i < to; i += 2) {
    s1 = (s1 + words[i] + s2) | 0;
    s2 = (s2 + words[i + 1] + s1) | 0;
  }
  sum[0] = s1;
  sum[1] = s2;
}

/** Like {@link addWordsNative} for words stored in the host's opposite byte order. */
function addWordsSwapped(words: Int32Array, from: number, to: number, sum: Int32Array): void {
  let s1 = sum[0];
  let s2 = sum[1];
  for (let i = from; i < to; i += 2) {
    const a = words[i];
    const b = words[i + 1];
    s1 = (s1 + ((a << 24) | ((a & 0xff00) << 8) | ((a >>> 8) & 0xff00) | (a >>> 24)) + s2) | 0;
    s2 = (s2 + ((b << 24) | ((b & 0xff00) << 8) | ((b >>> 8) & 0xff00) | (b >>> 24)) + s1) | 0;
  }
  sum[0] = s1;
  sum[1] = s2;
}
