/**
 * Generated functions made with `new Function`, shared by source: programs that differ only
 * in their constants (literals, root pages, names: all in `K`) have the same source and
 * share one function. Deno keeps the source of every function made with `new Function` for
 * the life of the process, so sharing bounds that memory by the number of distinct
 * statement shapes.
 */
import type { DatabaseFile } from "../../core/database_file.ts";
import type { Reg } from "../../core/value/reg.ts";
import type { RUNTIME } from "./runtime.ts";
import { GENERATED_PARAMS } from "./translate.ts";

/** A generated function: given a run's inputs, it makes that run's state and entry point. */
export type Factory<T> = (
  k: unknown[],
  rt: typeof RUNTIME,
  file: DatabaseFile,
  enc: number,
  params: Reg[],
  ctx: unknown,
  wasm?: unknown,
) => T;

const FACTORIES = new Map<string, Factory<unknown>>();
const FACTORIES_KEPT = 512;

/** The function whose body is `source` (made once, then shared; least recently used dropped). */
export function factoryFor<T>(source: string): Factory<T> {
  let f = FACTORIES.get(source);
  if (f !== undefined) {
    FACTORIES.delete(source); // most recently used last
  } else {
    // The source holds only generated identifiers and operands (see translate.ts).
    f = new Function(...GENERATED_PARAMS, source) as Factory<unknown>;
    if (FACTORIES.size >= FACTORIES_KEPT) FACTORIES.delete(FACTORIES.keys().next().value!);
  }
  FACTORIES.set(source, f);
  return f as Factory<T>;
}
