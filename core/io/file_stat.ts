/**
 * What a live file asks of paths and open files before every statement
 * (core/io/live_file.ts), answered with the cheapest call each runtime has: whether a path
 * exists (node:fs `existsSync`, about a microsecond in Node and Deno, no exception for a
 * missing file), which file it names (Deno's own `Deno.statSync` costs about a third of its
 * node:fs `statSync`, which builds a Node `Stats` object; both give the same inode), and, of
 * a small file held open, its first bytes and whether it is still linked ({@link holdFile}:
 * in Node `fstat` of the open file costs about half a `stat` of its name).
 */
import { closeSync, existsSync, fstatSync, openSync, readSync, statSync } from "node:fs";

/** Whether a file (or anything) has the name `path` now. */
export function exists(path: string): boolean {
  return existsSync(path);
}

/** What identifies the file `path` names now (its device and inode), or null for none. */
export interface FileIdentity {
  dev: number;
  ino: number;
}

type DenoStat = (path: string) => { dev: number; ino: number | null };
const denoStat: DenoStat | undefined = (globalThis as { Deno?: { statSync?: DenoStat } }).Deno
  ?.statSync;

/** The identity of the file `path` names now, or null when there is none. */
export function identityOf(path: string): FileIdentity | null {
  if (denoStat !== undefined) {
    try {
      const s = denoStat(path);
      return { dev: s.dev, ino: s.ino ?? -1 };
    } catch {
      return null;
    }
  }
  const s = statSync(path, { throwIfNoEntry: false });
  return s === undefined ? null : { dev: s.dev, ino: s.ino };
}

/** Whether two identities name the same file. */
export function sameFile(a: FileIdentity | null, b: FileIdentity | null): boolean {
  return a !== null && b !== null && a.ino === b.ino && a.dev === b.dev;
}

/**
 * Whether `path` still names the file open as `fd` (whose identity is `identity`): false
 * once it was deleted or another file was renamed over it. SQLite never renames these
 * files, so in Node "still linked" is the same question, asked of the open file.
 */
export function stillNamed(fd: number, path: string, identity: FileIdentity | null): boolean {
  if (denoStat !== undefined) return sameFile(identityOf(path), identity);
  return fstatSync(fd).nlink > 0;
}

/** A file kept open to be read from its start, with the cheapest calls the runtime has. */
export interface HeldFile {
  /** Reads the file's first bytes into `into`; returns how many there were. */
  read(into: Uint8Array): number;
  /** Whether the file still has a name: false once deleted or renamed over, or unknown. */
  linked(): boolean;
  close(): void;
}

type DenoFile = {
  seekSync(offset: number, whence: 0): number;
  readSync(into: Uint8Array): number | null;
  statSync(): { nlink: number | null; dev: number; ino: number | null };
  close(): void;
};
const denoOpen = (globalThis as { Deno?: { openSync?: (path: string) => DenoFile } }).Deno
  ?.openSync;

/**
 * `path` opened and held. In Deno through its own file API: a `fstat` of the open file
 * costs about half a `Deno.statSync` of its name, and node:fs's `fstatSync` five times one.
 * SQLite never renames its files, so "still linked" is the question asked of them.
 *
 * @throws when `path` cannot be opened (deleted since it was seen, or not readable).
 */
export function holdFile(path: string): HeldFile {
  if (denoOpen !== undefined) {
    const file = denoOpen(path);
    let opened: FileIdentity;
    try {
      const { dev, ino } = file.statSync();
      opened = { dev, ino: ino ?? -1 };
    } catch (e) {
      file.close();
      throw e;
    }
    return {
      read: (into) => {
        file.seekSync(0, 0);
        return file.readSync(into) ?? 0;
      },
      linked: () => {
        let nlink: number | null;
        try {
          nlink = file.statSync().nlink;
        } catch {
          return false;
        }
        // No link count (Windows): the name, asked whether it still names this file.
        return nlink === null ? sameFile(identityOf(path), opened) : nlink > 0;
      },
      close: () => file.close(),
    };
  }
  const fd = openSync(path, "r");
  return {
    read: (into) => readSync(fd, into, 0, into.length, 0),
    linked: () => {
      try {
        return fstatSync(fd).nlink > 0;
      } catch {
        return false;
      }
    },
    close: () => closeSync(fd),
  };
}
