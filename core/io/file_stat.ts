/**
 * The file-system calls of the reader, through each runtime's own API: `Deno.*` under Deno,
 * node:fs under Node. node:fs is taken with `process.getBuiltinModule`, never imported: in
 * Deno an import of it loads the Node compatibility layer (16 ms, more than a CLI's whole
 * `select 1`), and a static import is loaded whether or not its branch runs.
 *
 * A Deno program that goes on reading switches to node:fs after {@link NODE_FS_AFTER} calls
 * (loading it then, synchronously, once): its positional read is one call where Deno's
 * files take a seek and a read, and its `existsSync` throws nothing for a missing file, so
 * a lookup that misses the page cache costs 15% less. A CLI's `select 1` never gets there.
 *
 * What a live file asks before every statement (core/io/live_file.ts) is answered with the
 * cheapest call each runtime has: whether a path exists (node:fs `existsSync`, no exception
 * for a missing file; in Deno, {@link DirectoryCache}), which file it names (Deno's own
 * `Deno.statSync` costs about a third of node:fs `statSync`, which builds a Node `Stats`
 * object; both give the same inode), and of an open file, its size and whether it is still
 * linked (an `fstat`: in Node about half a `stat` of its name).
 */

/** What identifies the file `path` names now (its device and inode), or null for none. */
export interface FileIdentity {
  dev: number;
  ino: number;
}

/** What an `fstat` of an open file gives. */
export interface OpenFileStat extends FileIdentity {
  size: number;
  /** Its link count: 0 once deleted; null where the runtime does not know it (Windows). */
  nlink: number | null;
}

/** A file open for reading at any offset. */
export interface OpenFile {
  /**
   * Reads up to `length` bytes of the file at `position` into `target` from `offset`;
   * returns how many there were (0 at the end of the file).
   */
  read(target: Uint8Array, offset: number, length: number, position: number): number;
  /** The open file's size and identity now. */
  stat(): OpenFileStat;
  close(): void;
}

interface DenoFileInfo {
  size: number;
  dev: number;
  ino: number | null;
  nlink: number | null;
  mtime: Date | null;
}

interface DenoFile {
  seekSync(offset: number, whence: 0): number;
  readSync(into: Uint8Array): number | null;
  statSync(): DenoFileInfo;
  close(): void;
}

interface DenoFs {
  openSync(path: string): DenoFile;
  statSync(path: string): DenoFileInfo;
}

interface NodeStats {
  size: number;
  dev: number;
  ino: number;
  nlink: number;
}

interface NodeFs {
  openSync(path: string, flags: "r"): number;
  readSync(fd: number, into: Uint8Array, offset: number, length: number, at: number): number;
  fstatSync(fd: number): NodeStats;
  statSync(path: string, options: { throwIfNoEntry: false }): NodeStats | undefined;
  existsSync(path: string): boolean;
  closeSync(fd: number): void;
}

const deno = (globalThis as { Deno?: DenoFs }).Deno;
let nodeFsModule: NodeFs | undefined;

/** node:fs, the first time it is needed (only where there is no `Deno`). */
function nodeFs(): NodeFs {
  if (nodeFsModule !== undefined) return nodeFsModule;
  const proc = (globalThis as {
    process?: { getBuiltinModule?: (name: string) => unknown };
  }).process;
  if (typeof proc?.getBuiltinModule !== "function") {
    throw new Error("reading files needs Deno, or Node 20.16 or later (process.getBuiltinModule)");
  }
  return nodeFsModule = proc.getBuiltinModule("node:fs") as NodeFs;
}

/** Calls through Deno's API after which a Deno program switches to node:fs. */
export const NODE_FS_AFTER = 4096;
let denoCalls = 0;

/**
 * Under Deno: node:fs once {@link NODE_FS_AFTER} calls went through Deno's API (loaded now,
 * synchronously, through the `process` global), else null. Null for good if it cannot load.
 */
function nodeFsUnderDeno(): NodeFs | null {
  if (denoCalls > NODE_FS_AFTER) return nodeFsModule ?? null;
  if (++denoCalls <= NODE_FS_AFTER) return null;
  try {
    return nodeFs();
  } catch {
    return null;
  }
}

/** Opens `path` for reading. @throws the runtime's error when it cannot be opened. */
export function openFile(path: string): OpenFile {
  return deno ? openDenoFile(deno, path) : openNodeFile(nodeFs(), path);
}

function openDenoFile(d: DenoFs, path: string): OpenFile {
  const file = d.openSync(path);
  // Deno's files have no positional read: seek, then read. The position is remembered so
  // that a read continuing where the last one ended needs no seek (-1: unknown).
  let at = 0;
  let fd = -1; // the same file opened by node:fs once switched (-2: it cannot be)
  return {
    read: (target, offset, length, position) => {
      if (fd === -1 && nodeFsUnderDeno() !== null) fd = reopenWithNodeFs(path, file);
      if (fd >= 0) return nodeFsModule!.readSync(fd, target, offset, length, position);
      if (position !== at) {
        at = -1;
        file.seekSync(position, 0);
      }
      at = -1;
      const got = file.readSync(target.subarray(offset, offset + length)) ?? 0;
      at = position + got;
      return got;
    },
    stat: () => {
      const s = file.statSync();
      return { size: s.size, dev: s.dev, ino: s.ino ?? -1, nlink: s.nlink };
    },
    close: () => {
      if (fd >= 0) nodeFsModule!.closeSync(fd);
      file.close();
    },
  };
}

/** `path` opened by node:fs if it still names `file` (-2 otherwise: stay with Deno's). */
function reopenWithNodeFs(path: string, file: DenoFile): number {
  const fs = nodeFsModule!;
  let fd = -1;
  try {
    fd = fs.openSync(path, "r");
    const held = file.statSync();
    if (sameFile(fs.fstatSync(fd), { dev: held.dev, ino: held.ino ?? -1 })) return fd;
  } catch { /* stay with Deno's file */ }
  if (fd >= 0) fs.closeSync(fd);
  return -2;
}

function openNodeFile(fs: NodeFs, path: string): OpenFile {
  const fd = fs.openSync(path, "r");
  return {
    read: (target, offset, length, position) => fs.readSync(fd, target, offset, length, position),
    stat: () => {
      const s = fs.fstatSync(fd);
      return { size: s.size, dev: s.dev, ino: s.ino, nlink: s.nlink };
    },
    close: () => fs.closeSync(fd),
  };
}

/** Whether a file (or anything) has the name `path` now. */
export function exists(path: string): boolean {
  if (!deno) return nodeFs().existsSync(path);
  return nodeFsUnderDeno()?.existsSync(path) ?? denoDirectories.exists(path);
}

/** The identity of the file `path` names now, or null when there is none. */
export function identityOf(path: string): FileIdentity | null {
  if (deno) {
    try {
      const s = deno.statSync(path);
      return { dev: s.dev, ino: s.ino ?? -1 };
    } catch {
      return null;
    }
  }
  const s = nodeFs().statSync(path, { throwIfNoEntry: false });
  return s === undefined ? null : { dev: s.dev, ino: s.ino };
}

/** Whether two identities name the same file. */
export function sameFile(a: FileIdentity | null, b: FileIdentity | null): boolean {
  return a !== null && b !== null && a.ino === b.ino && a.dev === b.dev;
}

/**
 * Whether `path` still names `file` (whose identity was `identity`): false once it was
 * deleted or another file was renamed over it. SQLite never renames these files, so where
 * the link count is known "still linked" is the same question, asked of the open file.
 */
export function stillNamed(file: OpenFile, path: string, identity: FileIdentity | null): boolean {
  const nlink = file.stat().nlink;
  return nlink === null ? sameFile(identityOf(path), identity) : nlink > 0;
}

/**
 * How long after a directory last changed its modification time is not trusted: a
 * file-system timestamp is coarse (a clock tick, up to 10 ms; Deno reports milliseconds),
 * so an entry made within the same tick as the last check leaves it as it was. Like git's
 * "racily clean" entries, a directory that changed this recently is asked again each time.
 */
export const RACY_MS = 2000;

/**
 * Whether names exist in Deno, without the exception per missing name that `Deno.statSync`
 * throws (6 µs, where node:fs `existsSync` takes 1): the answers for a directory's names are
 * kept while its modification time (which each created, deleted or renamed entry sets)
 * stays the same and is older than {@link RACY_MS}, so the usual check is one `stat` of the
 * directory, which exists.
 */
export class DirectoryCache {
  readonly #stat: (path: string) => DenoFileInfo;
  readonly #now: () => number;
  readonly #dirs = new Map<string, { mtime: number; answers: Map<string, boolean> }>();

  constructor(stat: (path: string) => DenoFileInfo, now: () => number = Date.now) {
    this.#stat = stat;
    this.#now = now;
  }

  /** Whether `path` names anything now. */
  exists(path: string): boolean {
    const cut = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
    // The directory's own name: "/" and "C:\\" keep their separator ("C:" is a working directory).
    const dir = cut < 0 ? "." : path.slice(0, cut === 0 || path[cut - 1] === ":" ? cut + 1 : cut);
    const mtime = this.#mtimeOf(dir);
    if (mtime === null) return this.#ask(path); // no directory time: ask each time
    let entry = this.#dirs.get(dir);
    if (entry === undefined || entry.mtime !== mtime) {
      entry = { mtime, answers: new Map() };
      this.#dirs.set(dir, entry);
    }
    if (this.#now() - mtime <= RACY_MS) return this.#ask(path);
    let answer = entry.answers.get(path);
    if (answer === undefined) entry.answers.set(path, answer = this.#ask(path));
    return answer;
  }

  #mtimeOf(dir: string): number | null {
    try {
      return this.#stat(dir).mtime?.getTime() ?? null;
    } catch {
      return null;
    }
  }

  #ask(path: string): boolean {
    try {
      this.#stat(path);
      return true;
    } catch {
      return false;
    }
  }
}

const denoDirectories = new DirectoryCache((path) => deno!.statSync(path));
