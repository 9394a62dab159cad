/**
 * What every module imports from the host, in one order: the statement modules
 * (codegen/module.ts) and the runtime (runtime/build.ts), whose function indices hold in a
 * statement module only when both import the same functions first.
 */
import type { ModuleBuilder } from "../emit/module_builder.ts";
import type { ValType } from "../emit/instructions.ts";

/** The import namespace of what the host gives the module ({@link ModuleImports}). */
export const HOST_NAMESPACE = "host";

/** What the module imports from the host, by import name. */
export type ModuleImports = {
  /** The memory of the pages and the runs' frames. */
  memory: WebAssembly.Memory;
  /**
   * Runs JS block `block` until it reaches a native address (returns its id), the end
   * (-1) or a result row (below -1).
   */
  seg(block: number): number;
  /** Moves cursor `c` as `move` (plan/frame_layout.ts CursorMove) says; 1 when on an entry. */
  cursor(move: number, c: number): number;
};

/**
 * Imports what the host gives a module (its functions first, in this order, for the
 * runtime's function indices hold only after them: runtime/build.ts imports the same).
 */
export function importHost(m: ModuleBuilder): [seg: number, cursor: number] {
  const host = (name: Exclude<keyof ModuleImports, "memory">, params: ValType[]) =>
    m.importFunction(HOST_NAMESPACE, name, params, ["i32"], name);
  const imported: [number, number] = [host("seg", ["i32"]), host("cursor", ["i32", "i32"])];
  m.importMemory(HOST_NAMESPACE, "memory" satisfies keyof ModuleImports, { min: 1 });
  return imported;
}
