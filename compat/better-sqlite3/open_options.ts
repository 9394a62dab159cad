/**
 * better-sqlite3's constructor arguments, validated with its messages, and turned into
 * what litejit opens. Its in-memory names (`""`, `":memory:"`) open an empty database:
 * read-only, it has no tables, but `SELECT 1` and the like work.
 */
import { Buffer } from "node:buffer";
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import type { BackendHandle, BackendName } from "../../mod.ts";

/** The options of `new Database(filename, options)`. */
export interface Options {
  /**
   * better-sqlite3 opens read-write unless this is true. litejit only reads: `false` is
   * accepted (so code written for the default keeps working) and every write throws
   * `SQLITE_READONLY`.
   */
  readonly?: boolean;
  /**
   * A missing file is an error with this or `readonly`; otherwise it is created empty, as
   * better-sqlite3 (SQLite) creates it, and read as an empty database until another
   * connection writes to it.
   */
  fileMustExist?: boolean;
  /** Busy timeout in milliseconds: validated, but nothing here ever waits for a lock. */
  timeout?: number;
  /** Called with the SQL of each statement run, its parameters written in. */
  verbose?: ((sql: string) => void) | null;
  /** Ignored: there is no native addon. */
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
  booleanOption(options, "readonly");
  booleanOption(options, "fileMustExist");
  const timeout = "timeout" in options ? options.timeout : 5000;
  const verbose = "verbose" in options ? options.verbose : null;
  if (!Number.isInteger(timeout) || (timeout as number) < 0) {
    throw new TypeError('Expected the "timeout" option to be a positive integer');
  }
  if ((timeout as number) > 0x7fffffff) {
    throw new RangeError('Option "timeout" cannot be greater than 2147483647');
  }
  if (verbose != null && typeof verbose !== "function") {
    throw new TypeError('Expected the "verbose" option to be a function');
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
    verbose: (verbose ?? null) as OpenRequest["verbose"],
    backend: options.backend as OpenRequest["backend"],
  };
}

function booleanOption(options: Record<string, unknown>, key: string): void {
  if (key in options && typeof options[key] !== "boolean") {
    throw new TypeError(`Expected the "${key}" option to be a boolean`);
  }
}

/** A path, from a `file:` URI too (its query string, like `?mode=ro`, dropped). */
function fileSource(filename: string): string {
  if (!filename.startsWith("file:")) return filename;
  const path = filename.slice(5).replace(/[?#].*$/, "");
  return decodeURIComponent(path.startsWith("//") ? new URL(filename).pathname : path);
}
