/**
 * The 100-byte database header (https://www.sqlite.org/fileformat2.html §1.3).
 *
 * | offset | size | field                                        |
 * |-------:|-----:|----------------------------------------------|
 * |      0 |   16 | magic "SQLite format 3\0"                     |
 * |     16 |    2 | page size (1 means 65536)                    |
 * |     18 |    1 | file format write version (1 legacy, 2 WAL)  |
 * |     19 |    1 | file format read version (1 legacy, 2 WAL)   |
 * |     20 |    1 | reserved bytes at the end of each page       |
 * |     21 |    1 | max embedded payload fraction (must be 64)   |
 * |     22 |    1 | min embedded payload fraction (must be 32)   |
 * |     23 |    1 | leaf payload fraction (must be 32)           |
 * |     24 |    4 | file change counter                          |
 * |     28 |    4 | database size in pages ("in-header size")    |
 * |     32 |    4 | first freelist trunk page                    |
 * |     36 |    4 | number of freelist pages                     |
 * |     40 |    4 | schema cookie                                |
 * |     44 |    4 | schema format number (1..4)                  |
 * |     48 |    4 | default page cache size                      |
 * |     52 |    4 | largest root page (auto/incremental vacuum)  |
 * |     56 |    4 | text encoding (1 UTF-8, 2 UTF-16le, 3 UTF-16be) |
 * |     60 |    4 | user version                                 |
 * |     64 |    4 | incremental-vacuum mode (non-zero = on)      |
 * |     68 |    4 | application id                               |
 * |     72 |   20 | reserved for expansion                       |
 * |     92 |    4 | version-valid-for number                     |
 * |     96 |    4 | SQLITE_VERSION_NUMBER that last wrote the file |
 *
 * We accept exactly the files SQLite accepts: the checks below are the ones SQLite makes
 * when it opens a database (btree.c lockBtree), no more.
 */
import { sqlError, SqliteError } from "../errors.ts";
import { TextEncoding } from "../value/types.ts";
import { utf8Bytes } from "./text.ts";

export const HEADER_SIZE = 100;
const MAGIC = "SQLite format 3\0";

// Every reader of the header uses these. A const enum, so bundles hold the numbers rather
// than a variable for each.
/** Offsets of the database header's fields (the table above). */
export const enum HeaderField {
  /** Page size, 2 bytes. */
  PageSize = 16,
  /** File format write version, 1 byte: 1 legacy, 2 WAL. */
  WriteVersion = 18,
  /** File format read version, 1 byte: 1 legacy, 2 WAL. */
  ReadVersion = 19,
  ReservedBytes = 20,
  MaxPayloadFraction = 21,
  MinPayloadFraction = 22,
  LeafPayloadFraction = 23,
  /** File change counter: a writer outside WAL mode bumps it with every commit. */
  ChangeCounter = 24,
  /** Database size in pages (the in-header size). */
  PageCount = 28,
  FreelistTrunk = 32,
  FreelistCount = 36,
  SchemaCookie = 40,
  SchemaFormat = 44,
  DefaultCacheSize = 48,
  LargestRootPage = 52,
  TextEncoding = 56,
  UserVersion = 60,
  IncrementalVacuum = 64,
  ApplicationId = 68,
  VersionValidFor = 92,
  SqliteVersion = 96,
}

/** The decoded database header. */
export interface DatabaseHeader {
  pageSize: number;
  readVersion: number;
  /** Page size less the reserved bytes: the bytes of a page that b-trees use. */
  usableSize: number;
  /** In-header database size; trusted only when {@link DatabaseHeader.inHeaderSizeValid}. */
  inHeaderPageCount: number;
  inHeaderSizeValid: boolean;
  freelistCount: number;
  schemaCookie: number;
  schemaFormat: number;
  /** Largest root b-tree page when auto- or incremental vacuum is on, else 0. */
  largestRootPage: number;
  textEncoding: TextEncoding;
  userVersion: number;
  incrementalVacuum: number;
  applicationId: number;
}

function notADatabase(): never {
  throw new SqliteError("SQLITE_NOTADB", "file is not a database");
}

/**
 * The big-endian unsigned 32-bit integer at `b[off]`: the file format's integers (header
 * fields, child and overflow page numbers) are all big-endian.
 */
export function u32(b: Uint8Array, off: number): number {
  return ((b[off] << 24) | (b[off + 1] << 16) | (b[off + 2] << 8) | b[off + 3]) >>> 0;
}

/** The page size in the header at the start of `bytes`, or 0 when the field is invalid. */
export function headerPageSize(bytes: Uint8Array): number {
  const field = (bytes[HeaderField.PageSize] << 8) | bytes[HeaderField.PageSize + 1];
  const size = field === 1 ? 65536 : field;
  return size >= 512 && size <= 65536 && !(size & (size - 1)) ? size : 0;
}

/**
 * Decodes and validates the header at the start of `bytes` (page 1). Throws
 * `SQLITE_NOTADB` "file is not a database" for anything SQLite would refuse to open,
 * except the usable-size minimum, which SQLite checks only after the page count: see
 * {@link checkUsableSize}.
 */
export function parseHeader(bytes: Uint8Array): DatabaseHeader {
  if (bytes.length < HEADER_SIZE) notADatabase();
  for (let i = 0; i < MAGIC.length; i++) if (bytes[i] !== MAGIC.charCodeAt(i)) notADatabase();
  const pageSize = headerPageSize(bytes);
  const readVersion = bytes[HeaderField.ReadVersion];
  const reservedBytes = bytes[HeaderField.ReservedBytes];
  if (
    // A read version above 2 is a format this library (like SQLite) cannot read.
    readVersion > 2 ||
    bytes[HeaderField.MaxPayloadFraction] !== 64 || bytes[HeaderField.MinPayloadFraction] !== 32 ||
    bytes[HeaderField.LeafPayloadFraction] !== 32 || pageSize === 0
  ) notADatabase();
  const usableSize = pageSize - reservedBytes;
  const schemaFormat = u32(bytes, HeaderField.SchemaFormat);
  if (schemaFormat > 4) {
    throw sqlError("unsupported file format");
  }
  const changeCounter = u32(bytes, HeaderField.ChangeCounter);
  const inHeaderPageCount = u32(bytes, HeaderField.PageCount);
  // SQLite masks the field with 3 and takes 0 (a new, empty database) as UTF-8.
  const enc = u32(bytes, HeaderField.TextEncoding) & 3;
  return {
    pageSize,
    readVersion,
    usableSize,
    inHeaderPageCount,
    inHeaderSizeValid: inHeaderPageCount !== 0 &&
      changeCounter === u32(bytes, HeaderField.VersionValidFor),
    freelistCount: u32(bytes, HeaderField.FreelistCount),
    schemaCookie: u32(bytes, HeaderField.SchemaCookie),
    schemaFormat,
    largestRootPage: u32(bytes, HeaderField.LargestRootPage),
    textEncoding: enc === 0 ? TextEncoding.Utf8 : enc as TextEncoding,
    userVersion: u32(bytes, HeaderField.UserVersion) | 0,
    incrementalVacuum: u32(bytes, HeaderField.IncrementalVacuum),
    applicationId: u32(bytes, HeaderField.ApplicationId) | 0,
  };
}

/** The header SQLite assumes for a 0-byte file: a new, empty UTF-8 database. */
export function emptyHeader(): DatabaseHeader {
  const bytes = new Uint8Array(HEADER_SIZE);
  bytes.set(utf8Bytes(MAGIC));
  bytes[HeaderField.PageSize] = 0x10; // 4096
  bytes[HeaderField.WriteVersion] = bytes[HeaderField.ReadVersion] = 1;
  bytes[HeaderField.MaxPayloadFraction] = 64;
  bytes[HeaderField.MinPayloadFraction] = bytes[HeaderField.LeafPayloadFraction] = 32;
  return parseHeader(bytes);
}

/** SQLite refuses pages with fewer than 480 usable bytes (after reserved bytes). */
export function checkUsableSize(header: DatabaseHeader): void {
  if (header.usableSize < 480) notADatabase();
}

/** 1-based page number of the lock-byte page (the page holding byte offset 2^30). */
export function lockBytePage(pageSize: number): number {
  return Math.floor(0x40000000 / pageSize) + 1;
}

/**
 * Whether `pgno` is a pointer-map page in an auto-vacuum database (fileformat2 §1.7):
 * the first is page 2 and then one every `usableSize / 5 + 1` pages, skipping the
 * lock-byte page.
 */
export function isPointerMapPage(pgno: number, header: DatabaseHeader): boolean {
  if (header.largestRootPage === 0 || pgno < 2) return false;
  return pgno === pointerMapPageFor(pgno, header);
}

/** The pointer-map page that holds the entry for `pgno` (SQLite's ptrmapPageno). */
export function pointerMapPageFor(pgno: number, header: DatabaseHeader): number {
  const perMap = Math.floor(header.usableSize / 5) + 1;
  const group = Math.floor((pgno - 2) / perMap);
  let map = group * perMap + 2;
  if (map === lockBytePage(header.pageSize)) map++;
  return map;
}
