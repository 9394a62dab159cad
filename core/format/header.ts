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
import { SqliteError } from "../errors.ts";
import { TextEncoding } from "../value/types.ts";

export const HEADER_SIZE = 100;
const MAGIC = "SQLite format 3\0";

// Offsets of the header's fields (the table above); every reader of the header uses these.
/** Page size, 2 bytes. */
export const PAGE_SIZE = 16;
/** File format write version, 1 byte: 1 legacy, 2 WAL. */
export const WRITE_VERSION = 18;
/** File format read version, 1 byte: 1 legacy, 2 WAL. */
export const READ_VERSION = 19;
export const RESERVED_BYTES = 20;
export const MAX_PAYLOAD_FRACTION = 21;
export const MIN_PAYLOAD_FRACTION = 22;
export const LEAF_PAYLOAD_FRACTION = 23;
/** File change counter: a writer outside WAL mode bumps it with every commit. */
export const CHANGE_COUNTER = 24;
/** Database size in pages (the in-header size). */
export const PAGE_COUNT = 28;
export const FREELIST_TRUNK = 32;
export const FREELIST_COUNT = 36;
export const SCHEMA_COOKIE = 40;
export const SCHEMA_FORMAT = 44;
export const DEFAULT_CACHE_SIZE = 48;
export const LARGEST_ROOT_PAGE = 52;
export const TEXT_ENCODING = 56;
export const USER_VERSION = 60;
export const INCREMENTAL_VACUUM = 64;
export const APPLICATION_ID = 68;
export const VERSION_VALID_FOR = 92;
export const SQLITE_VERSION = 96;

/** The decoded database header. */
export interface DatabaseHeader {
  pageSize: number;
  writeVersion: number;
  readVersion: number;
  reservedBytes: number;
  /** Page size less the reserved bytes: the bytes of a page that b-trees use. */
  usableSize: number;
  changeCounter: number;
  /** In-header database size; trusted only when {@link DatabaseHeader.inHeaderSizeValid}. */
  inHeaderPageCount: number;
  inHeaderSizeValid: boolean;
  firstFreelistTrunk: number;
  freelistCount: number;
  schemaCookie: number;
  schemaFormat: number;
  defaultCacheSize: number;
  /** Largest root b-tree page when auto- or incremental vacuum is on, else 0. */
  largestRootPage: number;
  textEncoding: TextEncoding;
  userVersion: number;
  incrementalVacuum: number;
  applicationId: number;
  versionValidFor: number;
  sqliteVersion: number;
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
  const field = (bytes[PAGE_SIZE] << 8) | bytes[PAGE_SIZE + 1];
  const size = field === 1 ? 65536 : field;
  return size >= 512 && size <= 65536 && (size & (size - 1)) === 0 ? size : 0;
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
  const writeVersion = bytes[WRITE_VERSION];
  const readVersion = bytes[READ_VERSION];
  const reservedBytes = bytes[RESERVED_BYTES];
  // A read version above 2 is a format this library (like SQLite) cannot read.
  if (readVersion > 2) notADatabase();
  if (
    bytes[MAX_PAYLOAD_FRACTION] !== 64 || bytes[MIN_PAYLOAD_FRACTION] !== 32 ||
    bytes[LEAF_PAYLOAD_FRACTION] !== 32
  ) notADatabase();
  if (pageSize === 0) notADatabase();
  const usableSize = pageSize - reservedBytes;
  const schemaFormat = u32(bytes, SCHEMA_FORMAT);
  if (schemaFormat > 4) {
    throw new SqliteError("SQLITE_ERROR", "unsupported file format");
  }
  const changeCounter = u32(bytes, CHANGE_COUNTER);
  const inHeaderPageCount = u32(bytes, PAGE_COUNT);
  const versionValidFor = u32(bytes, VERSION_VALID_FOR);
  // SQLite masks the field with 3 and takes 0 (a new, empty database) as UTF-8.
  const enc = u32(bytes, TEXT_ENCODING) & 3;
  return {
    pageSize,
    writeVersion,
    readVersion,
    reservedBytes,
    usableSize,
    changeCounter,
    inHeaderPageCount,
    inHeaderSizeValid: inHeaderPageCount !== 0 && changeCounter === versionValidFor,
    firstFreelistTrunk: u32(bytes, FREELIST_TRUNK),
    freelistCount: u32(bytes, FREELIST_COUNT),
    schemaCookie: u32(bytes, SCHEMA_COOKIE),
    schemaFormat,
    defaultCacheSize: u32(bytes, DEFAULT_CACHE_SIZE) | 0,
    largestRootPage: u32(bytes, LARGEST_ROOT_PAGE),
    textEncoding: enc === 0 ? TextEncoding.Utf8 : enc as TextEncoding,
    userVersion: u32(bytes, USER_VERSION) | 0,
    incrementalVacuum: u32(bytes, INCREMENTAL_VACUUM),
    applicationId: u32(bytes, APPLICATION_ID) | 0,
    versionValidFor,
    sqliteVersion: u32(bytes, SQLITE_VERSION),
  };
}

/** The header SQLite assumes for a 0-byte file: a new, empty UTF-8 database. */
export function emptyHeader(): DatabaseHeader {
  const bytes = new Uint8Array(HEADER_SIZE);
  bytes.set(new TextEncoder().encode(MAGIC));
  bytes[PAGE_SIZE] = 0x10; // 4096
  bytes[WRITE_VERSION] = bytes[READ_VERSION] = 1;
  bytes[MAX_PAYLOAD_FRACTION] = 64;
  bytes[MIN_PAYLOAD_FRACTION] = bytes[LEAF_PAYLOAD_FRACTION] = 32;
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
