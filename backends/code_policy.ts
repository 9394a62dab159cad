/**
 * Whether this runtime lets code be generated at run time. A Content-Security-Policy
 * without `'unsafe-eval'` forbids `new Function`; one without `'wasm-unsafe-eval'` (or
 * `'unsafe-eval'`) forbids compiling WebAssembly bytes; some edge runtimes forbid both.
 * Each probe runs once, on first use.
 */

/**
 * The memoised probe of whether `doing` is allowed here (a Content-Security-Policy allows
 * it with `keyword`): `probe` returns why not, null when it is, or throws when forbidden.
 */
function probeOnce(doing: string, keyword: string, probe: () => string | null) {
  let reason: string | null | undefined;
  return (): string | null => {
    if (reason === undefined) {
      try {
        reason = probe();
      } catch (e) {
        reason = `${doing} is forbidden here (a Content-Security-Policy without '${keyword}', ` +
          `or the runtime): ${e instanceof Error ? e.message : String(e)}`;
      }
    }
    return reason;
  };
}

/** Why `new Function` cannot be used here, or null when it can. */
export const functionConstructorForbidden: () => string | null = probeOnce(
  "generating JavaScript with new Function",
  "unsafe-eval",
  () => new Function("return 1")() === 1 ? null : "new Function returned nothing",
);

/** The smallest valid module: the magic number and version 1 (every module's first bytes). */
export const EMPTY_MODULE = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);

/** Why WebAssembly bytes cannot be compiled here, or null when they can. */
export const wasmCompileForbidden: () => string | null = probeOnce(
  "compiling WebAssembly",
  "wasm-unsafe-eval",
  () => {
    if (typeof WebAssembly !== "object") throw new Error("WebAssembly is not defined");
    new WebAssembly.Module(EMPTY_MODULE);
    return null;
  },
);
