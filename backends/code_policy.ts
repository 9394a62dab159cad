/**
 * Whether this runtime lets code be generated at run time. A Content-Security-Policy
 * without `'unsafe-eval'` forbids `new Function`; one without `'wasm-unsafe-eval'` (or
 * `'unsafe-eval'`) forbids compiling WebAssembly bytes; some edge runtimes forbid both.
 * Each probe runs once, on first use.
 */

let functionReason: string | null | undefined;
let wasmReason: string | null | undefined;

/** Why `new Function` cannot be used here, or null when it can. */
export function functionConstructorForbidden(): string | null {
  if (functionReason === undefined) {
    try {
      functionReason = new Function("return 1")() === 1 ? null : "new Function returned nothing";
    } catch (e) {
      functionReason = "generating JavaScript with new Function is forbidden here " +
        `(a Content-Security-Policy without 'unsafe-eval', or the runtime): ${message(e)}`;
    }
  }
  return functionReason;
}

/** The smallest valid module: the magic number and version 1 (every module's first bytes). */
export const EMPTY_MODULE = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);

/** Why WebAssembly bytes cannot be compiled here, or null when they can. */
export function wasmCompileForbidden(): string | null {
  if (wasmReason === undefined) {
    try {
      if (typeof WebAssembly !== "object") throw new Error("WebAssembly is not defined");
      new WebAssembly.Module(EMPTY_MODULE);
      wasmReason = null;
    } catch (e) {
      wasmReason = "compiling WebAssembly is forbidden here (a Content-Security-Policy " +
        `without 'wasm-unsafe-eval', or the runtime): ${message(e)}`;
    }
  }
  return wasmReason;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
