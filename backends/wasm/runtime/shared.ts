/**
 * The runtime: every native routine (runtime/*.ts), carried by every statement module as
 * its first functions (and globals and types), so that the statement's code calls them
 * directly within its own module (a call to another instance's function costs several
 * times as much; V8 may also inline a small one). Their entries are built ahead of time
 * (runtime/build.ts, written into runtime/prebuilt.ts by `deno task gen:wasm-runtime`;
 * tests/wasm_runtime_test.ts checks they are up to date), so neither startup nor a bundle
 * carries the builders; V8 compiles a module's functions when first called, so a statement
 * pays only for the routines it calls. */
import { Runtime, RUNTIME_TEXT } from "./prebuilt.ts";
import type { SectionPrefix } from "../emit/module_builder.ts";

let prefix: SectionPrefix | null = null;

/** The runtime's entries, to start a statement module's sections with. */
export function runtimeEntries(): SectionPrefix {
  if (prefix !== null) return prefix;
  // Every character is below U+0100, so the string iterates one character per byte.
  const bytes = Uint8Array.from(RUNTIME_TEXT, (c) => c.charCodeAt(0) ^ Runtime.Key);
  let at = 0;
  const part = (count: number, length: number) => ({
    count,
    bytes: bytes.subarray(at, at += length),
  });
  return prefix = {
    1: part(Runtime.Types, Runtime.TypeBytes),
    3: part(Runtime.Functions, Runtime.FunctionBytes),
    6: part(Runtime.Globals, Runtime.GlobalBytes),
    10: part(Runtime.Functions, Runtime.CodeBytes),
  };
}
