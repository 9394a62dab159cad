/**
 * Generated functions made with `new Function`, shared by source: programs that differ only
 * in their constants (literals, root pages, names: all in `K`) have the same source and
 * share one function. Deno keeps the source of every function made with `new Function` for
 * the life of the process, so sharing bounds that memory by the number of distinct
 * statement shapes.
 */
import type { DatabaseFile } from "../../core/database_file.ts";
import { Lru } from "../../core/util/lru.ts";
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

/** The functions kept, by source: the 512 used most recently. */
const FACTORIES = new Lru<string, Factory<unknown>>(512);

/** The function whose body is `source` (made once, then shared; least recently used dropped). */
export function factoryFor<T>(source: string): Factory<T> {
  // The source holds only generated identifiers and operands (see translate.ts).
  const f = FACTORIES.get(
    source,
    () => new Function(...GENERATED_PARAMS, source) as Factory<unknown>,
  );
  return f as Factory<T>;
}

/** The text of the generated function whose body is `source` (the EXPLAIN text of its code). */
export function generatedFunctionText(source: string): string {
  return `function (${GENERATED_PARAMS.join(", ")}) {\n${source}\n}`;
}
