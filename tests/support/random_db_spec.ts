/**
 * The shape of a random database for the reader's differential property test, and the
 * value pools it draws from.
 *
 * A {@link DbSpec} is plain data: fast-check generates it (see `random_db_arb.ts`),
 * `random_db_build.ts` turns it into SQL run by real SQLite, and `random_db_oracle.ts` asks
 * SQLite what ended up in the file. Long values and bulk rows are kept as short recipes
 * (length + seed) so that a failing spec prints in a few lines and replays exactly.
 */
import type { SqlValue } from "../../core/value/types.ts";

/** The built-in collations. */
export type Collation = "BINARY" | "NOCASE" | "RTRIM";
/** Text encodings, spelled as `PRAGMA encoding` takes them. */
export type Encoding = "UTF-8" | "UTF-16le" | "UTF-16be";
/** `PRAGMA auto_vacuum` modes. */
export type AutoVacuum = "NONE" | "FULL" | "INCREMENTAL";
/** How an identifier is written in the DDL (all four are valid SQLite quoting). */
export type QuoteStyle = "bare" | "double" | "bracket" | "backtick";

/** A long text value: `pattern` repeated up to `length` code points. */
export interface LongText {
  kind: "longText";
  pattern: string;
  length: number;
}

/** A long blob value: `length` pseudo-random bytes from `seed`. */
export interface LongBlob {
  kind: "longBlob";
  seed: number;
  length: number;
}

/** A value to insert: a plain SQL value (INTEGER as bigint, REAL as number) or a recipe. */
export type ValueSpec = SqlValue | LongText | LongBlob;

/** One column definition. */
export interface ColumnSpec {
  name: string;
  quote: QuoteStyle;
  /** Declared type as written ("" for none). */
  declType: string;
  collate: Collation | null;
  /** Column-level UNIQUE constraint. */
  unique: boolean;
  /** DEFAULT clause as SQL literal text, e.g. `-0x10`, `'it''s'`, `x'00'`, or null. */
  defaultSql: string | null;
}

/** One term of a PRIMARY KEY. */
export interface KeyPart {
  column: number;
  desc: boolean;
  collate: Collation | null;
}

/** The PRIMARY KEY clause of a table. */
export interface PrimaryKeySpec {
  /** "column": written after the column (one part only); "table": `PRIMARY KEY(...)`. */
  style: "column" | "table";
  parts: KeyPart[];
  autoincrement: boolean;
}

/**
 * What kind of table: a plain rowid table, a rowid table whose INTEGER PRIMARY KEY is an
 * alias of the rowid (`alias`, or `aliasDesc` = table-form `PRIMARY KEY(x DESC)`, still an
 * alias), rowid tables whose PK is NOT an alias and gets an autoindex (`descQuirk` = column
 * form `INTEGER PRIMARY KEY DESC`, `intTypedPk` = `INT PRIMARY KEY`, `compositePk`), or a
 * WITHOUT ROWID table.
 */
export type TableFlavor =
  | "plain"
  | "alias"
  | "aliasDesc"
  | "descQuirk"
  | "intTypedPk"
  | "compositePk"
  | "withoutRowid";

/** An expression usable in an index, over one column. */
export type IndexExprKind =
  | "lower"
  | "upper"
  | "plus1"
  | "times2"
  | "length"
  | "substr"
  | "coalesce"
  | "concat"
  | "typeof"
  | "negate";

/** One term of an index: a column reference or an expression over a column. */
export interface IndexPartSpec {
  column: number;
  expr: IndexExprKind | null;
  collate: Collation | null;
  desc: boolean;
}

/** A partial-index WHERE clause over one column. */
export type WhereKind = "notNull" | "isNull" | "positive" | "isText" | "shortLength" | "notEmpty";

/** A CREATE INDEX statement. */
export interface IndexSpec {
  name: string;
  unique: boolean;
  parts: IndexPartSpec[];
  where: { kind: WhereKind; column: number } | null;
  /** Created after the data and the ALTER TABLEs (bulk build) rather than before. */
  late: boolean;
}

/** One row to insert. `rowid` is used by rowid tables only (null: SQLite picks it). */
export interface RowSpec {
  rowid: bigint | null;
  values: ValueSpec[];
}

/** Rows generated from a seed inside the builder (for the big tables). */
export interface BulkSpec {
  count: number;
  seed: number;
}

/** Rows inserted in one phase: explicit rows, then bulk rows. */
export interface BatchSpec {
  rows: RowSpec[];
  bulk: BulkSpec | null;
  /** Commit after every explicit row instead of once per batch (many WAL commits). */
  commitPerRow: boolean;
}

/** Which rows an UPDATE or DELETE hits, by position in scan order (1-based `rn`). */
export type RowSelector =
  | { mode: "modulo"; mod: number; rem: number }
  | { mode: "range"; from: number; count: number };

/** A table, its data and what happens to it. */
export interface TableSpec {
  name: string;
  quote: QuoteStyle;
  flavor: TableFlavor;
  strict: boolean;
  columns: ColumnSpec[];
  /** Columns added with ALTER TABLE ADD COLUMN ... DEFAULT after the initial rows. */
  added: ColumnSpec[];
  primaryKey: PrimaryKeySpec | null;
  /** Table-level UNIQUE(...) constraints (two or more columns each). */
  uniques: number[][];
  indexes: IndexSpec[];
  /** `auto`: rowids mostly chosen by SQLite; `explicit`: every row names its rowid. */
  rowidMode: "auto" | "explicit";
  initial: BatchSpec;
  later: BatchSpec;
  /** Inserted last (after any WAL checkpoint): a small final commit. */
  tail: BatchSpec;
  update: { column: number; value: ValueSpec; rows: RowSelector } | null;
  deletes: RowSelector | null;
}

/** WAL-mode details. */
export interface WalSpec {
  /** `PRAGMA wal_autocheckpoint` (0 = off). */
  autocheckpoint: number;
  /** Checkpoint run before the tail commit. */
  checkpoint: "none" | "PASSIVE" | "FULL" | "RESTART" | "TRUNCATE";
  /** Leave a large uncommitted transaction that spilled frames into the WAL. */
  spill: boolean;
}

/** A whole database. */
export interface DbSpec {
  pageSize: number;
  encoding: Encoding;
  autoVacuum: AutoVacuum;
  /** null: rollback journal (DELETE mode). */
  wal: WalSpec | null;
  tables: TableSpec[];
  view: boolean;
  /** A table filled then dropped, to put many pages on the freelist. */
  scratch: { rows: number; size: number } | null;
  /** `PRAGMA incremental_vacuum(n)` at the end (INCREMENTAL only; 0 = all). */
  incrementalVacuum: number | null;
  analyze: boolean;
}

/** Every index expression kind. */
export const EXPR_KINDS: readonly IndexExprKind[] = [
  "lower",
  "upper",
  "plus1",
  "times2",
  "length",
  "substr",
  "coalesce",
  "concat",
  "typeof",
  "negate",
];
/** Every partial-index condition kind. */
export const WHERE_KINDS: readonly WhereKind[] = [
  "notNull",
  "isNull",
  "positive",
  "isText",
  "shortLength",
  "notEmpty",
];

// ---------------------------------------------------------------------------------------
// Value pools, shared by the fast-check arbitraries and the seeded bulk generator.

const I64_MAX = (1n << 63n) - 1n;
const I64_MIN = -(1n << 63n);
const P53 = 1n << 53n;

/** The extremes of a signed 64-bit integer. */
export const INT64 = { min: I64_MIN, max: I64_MAX } as const;

/** Integers at the edges of each record serial type (1, 2, 3, 4, 6, 8 bytes) and of JS. */
export const EDGE_INTEGERS: readonly bigint[] = [
  0n,
  1n,
  -1n,
  127n,
  128n,
  -128n,
  -129n,
  255n,
  256n,
  32767n,
  32768n,
  -32768n,
  -32769n,
  (1n << 23n) - 1n,
  1n << 23n,
  -(1n << 23n),
  -(1n << 23n) - 1n,
  (1n << 31n) - 1n,
  1n << 31n,
  -(1n << 31n),
  -(1n << 31n) - 1n,
  (1n << 47n) - 1n,
  1n << 47n,
  -(1n << 47n),
  -(1n << 47n) - 1n,
  P53 - 1n,
  P53,
  P53 + 1n,
  -(P53 - 1n),
  -P53,
  -(P53 + 1n),
  I64_MAX,
  I64_MAX - 1n,
  I64_MIN,
  I64_MIN + 1n,
];

/**
 * Rowids safe for tables where SQLite also picks rowids: nothing close to the maximum,
 * because once 2^63-1 is used SQLite picks new rowids at random (unreplayable).
 */
export const AUTO_MODE_ROWIDS: readonly bigint[] = [
  I64_MIN,
  I64_MIN + 1n,
  -(P53 + 1n),
  -1000n,
  -1n,
  0n,
  1n << 31n,
  P53 + 1n,
  1n << 62n,
];

/** Reals at the edges: signed zeros, extremes, subnormals, integral values, infinities. */
export const EDGE_REALS: readonly number[] = [
  0,
  -0,
  1.5,
  -2.25,
  0.1,
  1,
  -1,
  3.141592653589793,
  1e15,
  123456789012345.6,
  2 ** 53,
  -(2 ** 53),
  2 ** 63,
  -(2 ** 63),
  1e308,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  -Number.MIN_VALUE,
  2.2250738585072014e-308,
  1e-300,
  Infinity,
  -Infinity,
];

/** Short texts in several scripts, with astral characters, combining marks and a BOM. */
export const SCRIPT_TEXTS: readonly string[] = [
  "",
  "a",
  "hello",
  "héllo wörld",
  "日本語のテキスト",
  "Ελληνικά",
  "Кириллица",
  "עברית",
  "العربية",
  "हिन्दी",
  "한국어",
  "ไทย",
  "😀🎉👍🏽",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "𠜎𠜱𠝹",
  "e\u0301",
  "\uFEFFbom",
  "\u{10FFFF}",
  "\uFFFD\uFFFF",
  "tab\there",
  "line\nbreak",
];

/** Texts that numeric affinity may (or may not) turn into numbers. */
export const NUMERIC_TEXTS: readonly string[] = [
  "0",
  "123",
  "-7",
  "+5",
  "1.5",
  "-0",
  "-0.0",
  "1e3",
  "1E-5",
  " 42 ",
  "0x1F",
  "00012",
  "9223372036854775807",
  "9223372036854775808",
  "-9223372036854775809",
  "1.0",
  "3.0e0",
  "Infinity",
  "NaN",
  "12abc",
  ".5",
  "5.",
];

/** Texts that NOCASE and RTRIM treat as equal or differently ordered. */
export const CASE_TEXTS: readonly string[] = [
  "abc",
  "ABC",
  "Abc",
  "abc ",
  "abc  ",
  "ABC ",
  "a",
  "A",
  "b",
  "B",
  "ß",
  "SS",
  "É",
  "é",
  "z",
  "Z",
  "_",
  "aBc\t",
];

/** Patterns repeated into long texts (1- to 4-byte UTF-8 characters). */
export const LONG_PATTERNS: readonly string[] = [
  "x",
  "ab",
  "日本",
  "😀",
  "é",
  "Ω😀a",
  "0123456789",
];

/** Declared types covering all five affinities, with SQLite's odd cases. */
export const DECL_TYPES: readonly string[] = [
  "",
  "INTEGER",
  "INT",
  "BIGINT",
  "UNSIGNED BIG INT",
  "TEXT",
  "VARCHAR(255)",
  "NCHAR(10)",
  "CLOB",
  "BLOB",
  "REAL",
  "DOUBLE",
  "DOUBLE PRECISION",
  "FLOAT",
  "NUMERIC",
  "DECIMAL(10,5)",
  "BOOLEAN",
  "DATETIME",
  "FLOATING POINT", // contains "INT": INTEGER affinity
  "STRING", // NUMERIC affinity
  "CHARINT", // INT wins over CHAR
];

/** The only types a STRICT table accepts. */
export const STRICT_TYPES: readonly string[] = ["INT", "INTEGER", "REAL", "TEXT", "BLOB", "ANY"];

/** DEFAULT literals of every kind, as SQL text. */
export const DEFAULT_LITERALS: readonly string[] = [
  "NULL",
  "0",
  "42",
  "-17",
  "+7",
  "0xFF",
  "-0x10",
  "0x7FFFFFFFFFFFFFFF",
  "9223372036854775807",
  "-9223372036854775808",
  "2147483648",
  "1.5",
  "-2.5e-10",
  "1e308",
  "1e999",
  "-0.0",
  "0.0",
  "'hello'",
  "''",
  "'it''s'",
  "'é😀𝔘'",
  "'123'",
  "' 42 '",
  "'abc  '",
  "x''",
  "x'00FF'",
  "X'DEADBEEF'",
  "TRUE",
  "FALSE",
];

/** Literals a STRICT column of each type accepts as DEFAULT. */
export function strictDefaults(declType: string): readonly string[] {
  switch (declType.toUpperCase()) {
    case "INT":
    case "INTEGER":
      return ["NULL", "0", "-17", "0xFF", "-0x10", "9223372036854775807", "TRUE", "FALSE"];
    case "REAL":
      return ["NULL", "1.5", "-2.5e-10", "1e308", "0.0", "42"];
    case "TEXT":
      return ["NULL", "'hello'", "''", "'it''s'", "'é😀𝔘'"];
    case "BLOB":
      return ["NULL", "x''", "x'00FF'"];
    default:
      return DEFAULT_LITERALS;
  }
}

/** Plain and awkward identifiers (keywords, quotes, JS prototype names, non-ASCII). */
export const ODD_COLUMN_NAMES: readonly string[] = [
  "weird name",
  "__proto__",
  "constructor",
  "hasOwnProperty",
  "Ünïcödé",
  "select",
  'quo"te',
  "x.y",
  "日本",
  "😀col",
];

/** Awkward table names. */
export const ODD_TABLE_NAMES: readonly string[] = ["my table", "__proto__", "Tåble", "order"];

// ---------------------------------------------------------------------------------------
// Seeded generation (bulk rows, long blobs).

/** A small deterministic PRNG (mulberry32): same seed, same sequence. */
export class Rng {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  /** A uniformly random signed 64-bit integer. */
  int64(): bigint {
    const hi = BigInt(this.int(2 ** 32));
    const lo = BigInt(this.int(2 ** 32));
    return BigInt.asIntN(64, (hi << 32n) | lo);
  }
}

/** One random value, from the same pools as the fast-check arbitrary. */
export function randomValue(rng: Rng, maxLong: number): ValueSpec {
  const r = rng.next();
  if (r < 0.08) return null;
  if (r < 0.25) return BigInt(rng.int(2001) - 1000);
  if (r < 0.33) return rng.pick(EDGE_INTEGERS);
  if (r < 0.36) return rng.int64();
  if (r < 0.44) return rng.pick(EDGE_REALS);
  if (r < 0.5) return (rng.next() - 0.5) * 10 ** (rng.int(40) - 20);
  if (r < 0.62) return rng.pick(SCRIPT_TEXTS);
  if (r < 0.7) return rng.pick(NUMERIC_TEXTS);
  if (r < 0.8) return rng.pick(CASE_TEXTS);
  if (r < 0.87) return `row ${rng.int(100000)} ${rng.pick(SCRIPT_TEXTS)}`;
  if (r < 0.95) {
    const bytes = new Uint8Array(rng.int(24));
    for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(256);
    return bytes;
  }
  if (r < 0.99 || maxLong <= 0) return `${rng.int(1000)}`;
  const length = 1 + rng.int(maxLong);
  return rng.chance(0.5)
    ? { kind: "longText", pattern: rng.pick(LONG_PATTERNS), length }
    : { kind: "longBlob", seed: rng.int(2 ** 31), length };
}

/** Rowid for a bulk row. `next` is the running counter for dense explicit rowids. */
export function randomRowid(
  rng: Rng,
  mode: "auto" | "explicit",
  counter: { next: bigint },
): bigint | null {
  if (mode === "auto") return rng.chance(0.02) ? rng.pick(AUTO_MODE_ROWIDS) : null;
  const r = rng.next();
  if (r < 0.7) {
    counter.next += BigInt(1 + rng.int(rng.chance(0.9) ? 2 : 1000));
    return counter.next;
  }
  if (r < 0.85) return rng.pick(EDGE_INTEGERS);
  return rng.int64();
}

/** The rows a bulk recipe stands for, `width` values each. */
export function bulkRows(bulk: BulkSpec, width: number, mode: "auto" | "explicit"): RowSpec[] {
  const rng = new Rng(bulk.seed);
  const counter = { next: BigInt(rng.int(2001) - 1000) };
  const rows: RowSpec[] = [];
  for (let i = 0; i < bulk.count; i++) {
    const values: ValueSpec[] = [];
    for (let c = 0; c < width; c++) values.push(randomValue(rng, 3000));
    rows.push({ rowid: randomRowid(rng, mode, counter), values });
  }
  return rows;
}

/** The SQL value a recipe stands for. */
export function materialize(v: ValueSpec): SqlValue {
  if (v === null || typeof v !== "object" || v instanceof Uint8Array) return v;
  if (v.kind === "longText") {
    const points = Array.from(v.pattern);
    const whole = Math.floor(v.length / points.length);
    return v.pattern.repeat(whole) + points.slice(0, v.length % points.length).join("");
  }
  const rng = new Rng(v.seed);
  const bytes = new Uint8Array(v.length);
  for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(256);
  return bytes;
}

/** Whether a value recipe is a long one (for feature coverage). */
export function isLong(v: ValueSpec): v is LongText | LongBlob {
  return v !== null && typeof v === "object" && !(v instanceof Uint8Array);
}

/** All columns of a table after its ALTERs. */
export function allColumns(t: TableSpec): ColumnSpec[] {
  return [...t.columns, ...t.added];
}

/** Whether the table's PRIMARY KEY is an alias of the rowid. */
export function hasRowidAlias(t: TableSpec): boolean {
  return t.flavor === "alias" || t.flavor === "aliasDesc";
}
