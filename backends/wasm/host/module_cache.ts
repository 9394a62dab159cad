/**
 * Compiled modules by their bytes: statements of the same shape make the same module, and
 * compiling costs more than comparing bytes. Tests watch every module compiled here (to
 * validate it with wabt).
 */

import { Lru } from "../../../core/util/lru.ts";

/** How many modules are kept; the least recently used goes first. */
const MODULES_KEPT = 256;
/**
 * Kept modules by their bytes, as a string of one character per byte (windows-1252, which
 * maps every byte to a character of its own, so equal strings mean equal bytes).
 */
const MODULES = new Lru<string, WebAssembly.Module>(MODULES_KEPT);
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
  return MODULES.get(BYTE_CHARS.decode(bytes), () => {
    observer?.(bytes);
    return new WebAssembly.Module(bytes);
  });
}
