/**
 * The two questions a live file asks of paths before every statement (core/io/live_file.ts),
 * answered with the cheapest call each runtime has: whether a path exists (node:fs
 * `existsSync`, a few µs in Node and Deno, no exception for a missing file) and which file
 * it names. Deno's own `Deno.statSync` costs about a third of its node:fs `statSync`, which
 * builds a Node `Stats` object; both give the same inode. In Node, `fstat` of the open
 * file (is it still linked?) costs about half a `stat` of its name.
 */
import { existsSync, fstatSync, statSync } from "node:fs";

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
