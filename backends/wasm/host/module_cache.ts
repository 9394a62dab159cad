/**
 * Compiled modules by their bytes: statements of the same shape make the same module, and
 * compiling costs more than comparing bytes. Tests watch every module compiled here (to
 * validate it with wabt).
 */

/**
 * Kept modules by their bytes, as a string of one character per byte (windows-1252, which
 * maps every byte to a character of its own, so equal strings mean equal bytes). A Map
 * keeps its keys in insertion order: the least recently used comes first.
 */
const MODULES = new Map<string, WebAssembly.Module>();
/** How many modules are kept; the least recently used goes first. */
const MODULES_KEPT = 256;
const BYTE_CHARS = new TextDecoder("latin1");

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
  const key = BYTE_CHARS.decode(bytes);
  let module = MODULES.get(key);
  // Most recently used last: deleting the key and setting it again moves it there.
  if (module !== undefined) MODULES.delete(key);
  else {
    observer?.(bytes);
    module = new WebAssembly.Module(bytes);
    if (MODULES.size >= MODULES_KEPT) MODULES.delete(MODULES.keys().next().value!);
  }
  MODULES.set(key, module);
  return module;
}
