/**
 * The PRAGMAs that change the connection rather than the file, answered as SQLite 3.53
 * answers them (pragma.c, vdbe.c OP_JournalMode): cache_size, busy_timeout, synchronous,
 * temp_store, mmap_size, journal_size_limit, wal_autocheckpoint, secure_delete,
 * journal_mode, the flags foreign_keys, recursive_triggers, defer_foreign_keys,
 * ignore_check_constraints, query_only and automatic_index; optimize and
 * incremental_vacuum, which write only when there is something to do. The full entry
 * points install them (core/api/full_front_end.ts); the browser bundles leave them out.
 *
 * They only matter to a connection that writes (or, for cache_size and mmap_size, to
 * SQLite's own page cache), so a reader keeps each value and reports it, as SQLite does on
 * a read-only connection: programs set them when they open a database. busy_timeout is
 * the one litejit also follows (how long a statement waits for a writer). Changing the
 * journal mode into or out of WAL rewrites the file header: refused, as SQLite refuses it
 * on a read-only connection, unless the connection was asked for as read-write
 * ({@link SettingsProfile.readOnly}), where the mode in effect is reported unchanged, as
 * SQLite reports a change it could not make.
 */
import { tableCursor } from "../btree_cursors.ts";
import { SqliteError } from "../errors.ts";
import type { DatabaseFile } from "../database_file.ts";
import { INT64_MAX, INT64_MIN, type SqlValue } from "../value/types.ts";
import type { SchemaChoice } from "./schema_model.ts";
import { nameKey } from "../format/schema_types.ts";
import { type PragmaSpec, schemaSetting, spec } from "./catalog.ts";
import type { PragmaOptions, SettingPragmas } from "./pragma.ts";

/** Defaults that differ between SQLite builds, and how the connection was asked for. */
export interface SettingsProfile {
  /** cache_size of main (SQLITE_DEFAULT_CACHE_SIZE): -2000; better-sqlite3's build -16000. */
  cacheSize: number;
  /** synchronous of a WAL database (SQLITE_DEFAULT_WAL_SYNCHRONOUS): 2; better-sqlite3's 1. */
  walSynchronous: number;
  /**
   * Opened read-only, as SQLite's SQLITE_OPEN_READONLY (true, litejit's own connections).
   * False for a connection the caller asked to be read-write (the better-sqlite3 drop-in's
   * `readonly: false`): where SQLite would rewrite the file (journal_mode into or out of
   * WAL, optimize), the request is answered as one SQLite could not carry out, instead of
   * a read-only connection's error.
   */
  readOnly: boolean;
}

/** SQLite's journal modes in its order (sqlite3JournalModename). */
const JOURNAL_MODES = ["delete", "persist", "off", "truncate", "memory", "wal"] as const;

/** The flag pragmas kept, with SQLite's defaults (node:sqlite's and better-sqlite3's builds). */
const FLAG_DEFAULTS: Record<string, boolean> = {
  automatic_index: true,
  defer_foreign_keys: false,
  foreign_keys: true,
  ignore_check_constraints: false,
  query_only: false,
  recursive_triggers: false,
};

/** A connection flag: a query reads it, an argument sets it (no result columns). */
const flagSetting = { result0: true, noColumnsWithArg: true };

/** The catalog entries of the pragmas this module answers (SQLite's pragma.h flags). */
const SPECS: readonly PragmaSpec[] = [
  ...Object.keys(FLAG_DEFAULTS).map((name) => spec(name, null, flagSetting)),
  spec("busy_timeout", ["timeout"], { result0: true }),
  spec("cache_size", null, schemaSetting),
  spec("incremental_vacuum", [], {}),
  spec("journal_mode", null, { result0: true, schema: true }),
  spec("journal_size_limit", null, { result0: true, schema: true }),
  // mmap_size and wal_autocheckpoint return a row but have no table-valued form.
  spec("mmap_size", null, {}),
  spec("optimize", null, { result1: true }),
  spec("secure_delete", null, { result0: true }),
  spec("synchronous", null, schemaSetting),
  spec("temp_store", null, flagSetting),
  spec("wal_autocheckpoint", null, {}),
];

/** SQLITE_MAX_MMAP_SIZE of the builds followed. */
const MAX_MMAP_SIZE = 0x7fff0000;

/** What a setting pragma needs besides the settings. */
export interface SettingContext {
  /** The main database is in WAL mode (its header's read version is 2). */
  wal: boolean;
  /** A transaction is open (some settings cannot change inside one). */
  inTransaction: boolean;
  /** The main database is in memory (opened from bytes): mmap_size then has no row. */
  memory: boolean;
  /** Called when busy_timeout changes, with the new value in milliseconds. */
  busyTimeoutChanged(ms: number): void;
}

/** A connection's settings: the values its setting pragmas report. */
export class ConnectionSettings {
  /** Build defaults and how the connection was asked for; the drop-in changes them. */
  profile: SettingsProfile = { cacheSize: -2000, walSynchronous: 2, readOnly: true };
  /** Milliseconds a statement waits for a writer (what `busyTimeout` opened with). */
  busyTimeout: number;
  #cacheSize: { main: number | null; temp: number } = { main: null, temp: 0 };
  /** synchronous per schema (0..3), null while the default applies; temp's stays 0. */
  #synchronous: { main: number | null; readonly temp: number } = { main: null, temp: 0 };
  #tempStore = 0;
  #mmapSize = 0;
  #journalSizeLimit = -1n;
  #walAutocheckpoint = 1000;
  #secureDelete = 0;
  /** A rollback journal mode set on a database not in WAL mode (null: "delete"). */
  #journalMode: string | null = null;
  readonly #flags = new Map(Object.entries(FLAG_DEFAULTS));
  /** A statement named the temp schema, which opens SQLite's temp database. */
  #tempOpen = false;

  constructor(busyTimeout = 5000) {
    this.busyTimeout = busyTimeout;
  }

  /**
   * Runs setting pragma `name` (lower case, one of {@link SETTING_PRAGMAS}) with argument
   * `arg` (null for a query) on `schema`; returns its rows.
   */
  run(name: string, arg: string | null, schema: SchemaChoice, c: SettingContext): SqlValue[][] {
    const temp = schema === "temp";
    // Naming temp opens SQLite's temp database (then temp_store cannot change in a
    // transaction).
    if (temp) this.#tempOpen = true;
    if (name in FLAG_DEFAULTS) {
      if (arg === null) return [[this.#flags.get(name) ? 1 : 0]];
      // Foreign key enforcement cannot change inside a transaction: silently kept.
      if (!(name === "foreign_keys" && c.inTransaction)) this.#flags.set(name, getBoolean(arg));
      return [];
    }
    switch (name) {
      case "busy_timeout":
        if (arg !== null) {
          this.busyTimeout = Math.max(0, atoi(arg));
          c.busyTimeoutChanged(this.busyTimeout);
        }
        return [[this.busyTimeout]];
      case "cache_size":
        if (arg === null) {
          return [[temp ? this.#cacheSize.temp : this.#cacheSize.main ?? this.profile.cacheSize]];
        }
        this.#cacheSize[temp ? "temp" : "main"] = atoi(arg);
        return [];
      case "synchronous": {
        if (arg === null) {
          const level = temp ? this.#synchronous.temp : this.#synchronous.main ??
            (c.wal ? this.profile.walSynchronous : 2);
          return [[level]];
        }
        if (c.inTransaction) {
          throw new SqliteError(
            "SQLITE_ERROR",
            "Safety level may not be changed inside a transaction",
          );
        }
        // pragma.c: the stored safety level is one more than the value, masked to 3 bits,
        // and never 0 (an unknown word counts as NORMAL). temp's is not changed.
        const level = ((safetyLevel(arg, false, 1) + 1) & 7) || 1;
        if (!temp) this.#synchronous.main = level - 1;
        return [];
      }
      case "temp_store": {
        if (arg === null) return [[this.#tempStore]];
        const ts = tempStore(arg);
        if (ts !== this.#tempStore && c.inTransaction && this.#tempOpen) {
          throw new SqliteError(
            "SQLITE_ERROR",
            "temporary storage cannot be changed from within a transaction",
          );
        }
        this.#tempStore = ts;
        return [];
      }
      case "mmap_size": {
        if (arg !== null && !temp) {
          const sz = decOrHex(arg);
          this.#mmapSize = sz < 0n ? 0 : Number(sz > BigInt(MAX_MMAP_SIZE) ? MAX_MMAP_SIZE : sz);
        }
        // An in-memory database has no file to map: SQLite returns no row.
        return temp || c.memory ? [] : [[this.#mmapSize]];
      }
      case "journal_size_limit": {
        if (temp) return [[-1]];
        if (arg !== null) {
          const limit = decOrHex(arg);
          this.#journalSizeLimit = limit < -1n ? -1n : limit;
        }
        const v = this.#journalSizeLimit;
        return [[Number.isSafeInteger(Number(v)) ? Number(v) : v]];
      }
      case "wal_autocheckpoint":
        if (arg !== null) this.#walAutocheckpoint = Math.max(0, atoi(arg));
        return [[this.#walAutocheckpoint]];
      case "secure_delete":
        if (arg !== null) {
          this.#secureDelete = arg.toLowerCase() === "fast" ? 2 : getBoolean(arg) ? 1 : 0;
        }
        return [[this.#secureDelete]];
      case "journal_mode":
        return [[this.#journalModeRun(arg, schema, c)]];
    }
    throw new Error(`not a setting pragma: ${name}`);
  }

  /** vdbe.c OP_JournalMode on a read-only pager. */
  #journalModeRun(arg: string | null, schema: SchemaChoice, c: SettingContext): string {
    // The temp database is in memory: always "delete" here, and never WAL.
    if (schema === "temp") return "delete";
    const current = c.wal ? "wal" : this.#journalMode ?? "delete";
    const wanted = arg === null ? null : journalMode(arg);
    if (wanted === null || wanted === current) return current;
    if (wanted === "wal" || current === "wal") {
      if (c.inTransaction) {
        throw new SqliteError(
          "SQLITE_ERROR",
          `cannot change ${
            wanted === "wal" ? "into" : "out of"
          } wal mode from within a transaction`,
        );
      }
      if (!this.profile.readOnly) return current;
      // Into WAL: the header is rewritten; out of it: the WAL is checkpointed and closed
      // under an exclusive lock, which a read-only connection cannot take.
      if (wanted === "wal") throw readonly();
      throw new SqliteError("SQLITE_IOERR_LOCK", "disk I/O error");
    }
    this.#journalMode = wanted;
    return wanted;
  }
}

/** The settings of the connection that reads `db`, made on first use. */
export function settingsFor(db: DatabaseFile): ConnectionSettings {
  return db.settings ??= new ConnectionSettings(db.busyTimeout);
}

/** The connection-setting pragmas, for core/pragma/pragma.ts (see installSettingPragmas). */
export const settingPragmas: SettingPragmas & { specs: readonly PragmaSpec[] } = {
  names: new Set(SPECS.map((s) => s.name)),
  specs: SPECS,
  run(db, name, arg, schema, options: PragmaOptions) {
    if (name === "incremental_vacuum") return incrementalVacuum(db);
    if (name === "optimize") return optimize(db, schema);
    return settingsFor(db).run(name, arg, schema, {
      wal: db.pager.header.readVersion === 2,
      inTransaction: options.inTransaction ?? false,
      memory: db.path === "",
      busyTimeoutChanged: (ms) => db.live?.setBusyTimeout(ms),
    });
  },
};

/**
 * incremental_vacuum frees pages only in an incremental auto-vacuum database that has free
 * pages: that writes (refused); otherwise it does nothing. A read-only connection is
 * refused either way, as SQLite starts a write transaction first.
 */
function incrementalVacuum(db: DatabaseFile): SqlValue[][] {
  const h = db.pager.header;
  const frees = h.largestRootPage !== 0 && h.incrementalVacuum !== 0 && h.freelistCount > 0;
  if (settingsFor(db).profile.readOnly || frees) throw readonly();
  return [];
}

/**
 * optimize runs ANALYZE on each table that has an index without statistics, unless it is
 * empty (SQLite 3.53's pragma.c; its re-analysis of a table whose size changed tenfold is
 * left out): that writes sqlite_stat1, refused on a read-only connection. Otherwise, or on
 * a connection asked for as read-write (where it is answered as a run that found nothing
 * to do: statistics are only a planner's hint), it returns no rows.
 */
function optimize(db: DatabaseFile, where: SchemaChoice): SqlValue[][] {
  if (!settingsFor(db).profile.readOnly || where === "temp") return [];
  for (const table of new Set(db.schema.tables.values())) {
    if (nameKey(table.name).startsWith("sqlite_")) continue;
    if (!table.indexes.some((i) => !i.stat1)) continue;
    const cursor = tableCursor(db, table);
    try {
      if (cursor.first()) throw readonly();
    } finally {
      cursor.close();
    }
  }
  return [];
}

/** SQLITE_READONLY "attempt to write a readonly database". */
function readonly(): SqliteError {
  return new SqliteError("SQLITE_READONLY", "attempt to write a readonly database");
}

/** The journal mode `arg` names (a prefix of a mode's name, any case), or null for a query. */
function journalMode(arg: string): string | null {
  const k = arg.toLowerCase();
  const mode = JOURNAL_MODES.find((m) => m.startsWith(k));
  // journal_mode=OFF is refused in defensive mode (both builds): a query.
  return mode === undefined || mode === "off" ? null : mode;
}

/** SQLite's getTempStore. */
function tempStore(arg: string): number {
  const c = arg.charCodeAt(0);
  if (c >= 0x30 && c <= 0x32) return c - 0x30;
  const k = arg.toLowerCase();
  return k === "file" ? 1 : k === "memory" ? 2 : 0;
}

/**
 * SQLite's getSafetyLevel: digits are their value; on/yes/true 1, off/no/false 0, full 2,
 * extra 3 (unless `omitFull`); anything else `fallback`.
 */
function safetyLevel(arg: string, omitFull: boolean, fallback: number): number {
  if (/^[0-9]/.test(arg)) return atoi(arg) & 0xff;
  const words: Record<string, number> = {
    on: 1,
    no: 0,
    off: 0,
    false: 0,
    yes: 1,
    true: 1,
    extra: 3,
    full: 2,
  };
  const v = words[arg.toLowerCase()];
  return v === undefined || (omitFull && v > 1) ? fallback : v;
}

/** SQLite's sqlite3GetBoolean. */
function getBoolean(arg: string): boolean {
  return safetyLevel(arg, true, 0) !== 0;
}

/**
 * SQLite's sqlite3Atoi (sqlite3GetInt32): a leading decimal or (unsigned) hex integer;
 * 0 when there is none or it does not fit 32 bits.
 */
export function atoi(text: string): number {
  let s = text;
  let neg = false;
  if (s[0] === "-") {
    neg = true;
    s = s.slice(1);
  } else if (s[0] === "+") s = s.slice(1);
  else if (/^0[xX][0-9a-fA-F]/.test(s)) {
    const digits = /^[0-9a-fA-F]*/.exec(s.slice(2).replace(/^0+/, ""))![0];
    if (digits.length > 8) return 0;
    const u = parseInt(digits || "0", 16);
    return u >= 0x80000000 ? 0 : u;
  }
  if (!/^[0-9]/.test(s)) return 0;
  const digits = /^[0-9]*/.exec(s.replace(/^0+/, ""))![0];
  if (digits.length > 10) return 0;
  const v = Number(digits || "0");
  if (v - (neg ? 1 : 0) > 2147483647) return 0;
  return neg ? -v : v;
}

/**
 * SQLite's sqlite3DecOrHexToI64: `0x` hex (64 bits, wrapping to signed) or a decimal
 * integer, clamped to 64 bits; leading digits only.
 */
function decOrHex(text: string): bigint {
  if (/^0[xX]/.test(text)) {
    const digits = /^[0-9a-fA-F]*/.exec(text.slice(2))![0];
    const u = digits ? BigInt(`0x${digits}`) & ((1n << 64n) - 1n) : 0n;
    return u > INT64_MAX ? u - (1n << 64n) : u;
  }
  const m = /^\s*([+-]?)([0-9]*)/.exec(text)!;
  if (m[2] === "") return 0n;
  const v = BigInt(m[1] === "-" ? `-${m[2]}` : m[2]);
  return v > INT64_MAX ? INT64_MAX : v < INT64_MIN ? INT64_MIN : v;
}
