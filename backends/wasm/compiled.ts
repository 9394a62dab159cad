/**
 * Compiled modules by their bytes: statements of the same shape make the same module, and
 * compiling costs more than comparing bytes. Tests watch every module compiled here (to
 * validate it with wabt).
 */

/** A compiled module and the bytes it was compiled from. */
interface Kept {
  bytes: Uint8Array;
  module: WebAssembly.Module;
}

/** Kept modules by a hash of their bytes (several per hash when hashes collide). */
const MODULES = new Map<number, Kept[]>();
/** How many modules are kept; the least recently used goes first. */
const MODULES_KEPT = 256;
let kept = 0;

/** Called with the bytes of each module before it is compiled. */
let observer: ((bytes: Uint8Array) => void) | null = null;

/**
 * Has `f` see the bytes of every module compiled from now on, before it is compiled
 * (tests validate each with wabt); null stops it.
 */
export function observeModules(f: ((bytes: Uint8Array) => void) | null): void {
  observer = f;
}

/** FNV-1a over `bytes`, as a 32-bit number. */
function hashOf(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The compiled module of `bytes` (compiled once, then shared; least recently used dropped). */
export function compiledModule(bytes: Uint8Array<ArrayBuffer>): WebAssembly.Module {
  const key = hashOf(bytes);
  const list = MODULES.get(key);
  const found = list?.find((k) => sameBytes(k.bytes, bytes));
  // Most recently used last: re-inserting the key moves it there.
  MODULES.delete(key);
  if (found !== undefined) {
    MODULES.set(key, list!);
    return found.module;
  }
  observer?.(bytes);
  const module = new WebAssembly.Module(bytes);
  if (kept >= MODULES_KEPT) {
    const first = MODULES.entries().next();
    const [oldest, old] = first.done ? [key, list!] : first.value;
    old.shift();
    kept--;
    if (old.length === 0) MODULES.delete(oldest);
  }
  MODULES.set(key, [...(list ?? []), { bytes, module }]);
  kept++;
  return module;
}
