/**
 * Compiled modules by their bytes: statements of the same shape make the same module, and
 * compiling costs more than comparing bytes. Tests watch every module compiled here (to
 * validate it with wabt).
 */

const MODULES = new Map<string, WebAssembly.Module>();
const MODULES_KEPT = 256;

/** Called with the bytes of each module before it is compiled. */
let observer: ((bytes: Uint8Array) => void) | null = null;

/**
 * Has `f` see the bytes of every module compiled from now on, before it is compiled
 * (tests validate each with wabt); null stops it.
 */
export function observeModules(f: ((bytes: Uint8Array) => void) | null): void {
  observer = f;
}

/** The compiled module of `bytes` (compiled once, then shared; least recently used dropped). */
export function compiledModule(bytes: Uint8Array<ArrayBuffer>): WebAssembly.Module {
  let key = "";
  for (let i = 0; i < bytes.length; i += 4096) {
    key += String.fromCharCode(...bytes.subarray(i, i + 4096));
  }
  let m = MODULES.get(key);
  if (m !== undefined) {
    MODULES.delete(key);
  } else {
    observer?.(bytes);
    m = new WebAssembly.Module(bytes);
    if (MODULES.size >= MODULES_KEPT) MODULES.delete(MODULES.keys().next().value!);
  }
  MODULES.set(key, m);
  return m;
}
