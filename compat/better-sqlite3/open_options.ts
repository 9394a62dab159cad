/**
 * better-sqlite3's constructor arguments, validated with its messages (and in its order),
 * and turned into what litejit opens. Its in-memory names (`""`, `":memory:"`) open an
 * empty database: nothing can be created in it, but `SELECT 1` and the like work.
 */
import { Buffer } from "node:buffer";
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import type { BackendHandle, BackendName } from "../../mod.ts";

/** The options of `new Database(filename, options)`. */
export interface Options {
  /**
   * better-sqlite3 opens read-write unless this is true, and `db.readonly` says which.
   * litejit only reads: with `false` (the default) statements that write still prepare,
   * and running one throws `SQLITE_READONLY` "attempt to write a readonly database", as
   * SQLite does on a file it cannot write; `PRAGMA journal_mode = WAL` reports the mode in
   * effect instead of failing. With `true`, everything is as on a read-only SQLite
   * connection.
   */
  readonly?: boolean;
  /**
   * A missing file is an error with this or `readonly`; otherwise it is created empty, as
   * better-sqlite3 (SQLite) creates it, and read as an empty database until another
   * connection writes to it.
   */
  fileMustExist?: boolean;
  /**
   * Milliseconds to wait for a writer of the file (a rollback-journal commit in progress)
   * before `SQLITE_BUSY`; default 5000. `PRAGMA busy_timeout` reports and changes it.
   */
  timeout?: number;
  /** Called with the SQL of each statement run, its parameters written in. */
  verbose?: ((sql: string) => void) | null;
  /** Checked as better-sqlite3 checks it (a string or an object), then ignored: there is no native addon. */
  nativeBinding?: unknown;
  /** litejit's executor (`"js"`, `"wasm"`, `"interpreter"`, or a backend object). */
  backend?: BackendName | BackendHandle;
}

/** What a Database opens, after better-sqlite3's validation. */
export interface OpenRequest {
  /** The name the `name` property reports. */
  name: string;
  /** A path, or the bytes of an in-memory database. */
  source: string | Uint8Array;
  memory: boolean;
  /** Whether a missing file at `source` is created empty first (see create_file.ts). */
  create: boolean;
  /** The `readonly` option (better-sqlite3's `db.readonly`). */
  readonly: boolean;
  /** The `timeout` option, in milliseconds. */
  timeout: number;
  verbose: ((sql: string) => void) | null;
  backend: BackendName | BackendHandle | undefined;
}

/** Validates the constructor's arguments as better-sqlite3 does. */
export function openRequest(filenameGiven: unknown, optionsGiven: unknown): OpenRequest {
  let bytes: Uint8Array | null = null;
  if (filenameGiven instanceof Uint8Array || Buffer.isBuffer(filenameGiven)) {
    bytes = filenameGiven as Uint8Array;
    filenameGiven = ":memory:";
  }
  filenameGiven ??= "";
  const options = (optionsGiven ?? {}) as Record<string, unknown>;
  if (typeof filenameGiven !== "string") {
    throw new TypeError("Expected first argument to be a string");
  }
  if (typeof options !== "object") {
    throw new TypeError("Expected second argument to be an options object");
  }
  if ("readOnly" in options) {
    throw new TypeError('Misspelled option "readOnly" should be "readonly"');
  }
  if ("memory" in options) {
    throw new TypeError(
      'Option "memory" was removed in v7.0.0 (use ":memory:" filename instead)',
    );
  }
  const filename = filenameGiven.trim();
  const memory = filename === "" || filename === ":memory:";
  const readonly = booleanOption(options, "readonly");
  booleanOption(options, "fileMustExist");
  const timeout = "timeout" in options ? options.timeout : 5000;
  const verbose = "verbose" in options ? options.verbose : null;
  const nativeBinding = "nativeBinding" in options ? options.nativeBinding : null;
  if (readonly && memory && !bytes) {
    throw new TypeError("In-memory/temporary databases cannot be readonly");
  }
  if (!Number.isInteger(timeout) || (timeout as number) < 0) {
    throw new TypeError('Expected the "timeout" option to be a positive integer');
  }
  if ((timeout as number) > 0x7fffffff) {
    throw new RangeError('Option "timeout" cannot be greater than 2147483647');
  }
  if (verbose != null && typeof verbose !== "function") {
    throw new TypeError('Expected the "verbose" option to be a function');
  }
  if (
    nativeBinding != null && typeof nativeBinding !== "string" && typeof nativeBinding !== "object"
  ) {
    throw new TypeError('Expected the "nativeBinding" option to be a string or addon object');
  }
  if (!memory && !filename.startsWith("file:") && !existsSync(dirname(filename))) {
    throw new TypeError("Cannot open database because the directory does not exist");
  }
  return {
    name: filenameGiven,
    source: bytes ?? (memory ? new Uint8Array(0) : fileSource(filename)),
    memory,
    create: !memory && !filename.startsWith("file:") && options.readonly !== true &&
      options.fileMustExist !== true,
    readonly,
    timeout: timeout as number,
    verbose: (verbose ?? null) as OpenRequest["verbose"],
    backend: options.backend as OpenRequest["backend"],
  };
}

/** A boolean option (false when absent); anything else given is a TypeError. */
function booleanOption(options: Record<string, unknown>, key: string): boolean {
  if (!(key in options)) return false;
  if (typeof options[key] !== "boolean") {
    throw new TypeError(`Expected the "${key}" option to be a boolean`);
  }
  return options[key] as boolean;
}

/** A path, from a `file:` URI too (its query string, like `?mode=ro`, dropped). */
function fileSource(filename: string): string {
  if (!filename.startsWith("file:")) return filename;
  const path = filename.slice(5).replace(/[?#].*$/, "");
  return decodeURIComponent(path.startsWith("//") ? new URL(filename).pathname : path);
}
