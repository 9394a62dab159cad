/**
 * Assembles a WebAssembly module binary: deduplicated function types, imports (functions,
 * one memory), defined functions built with {@link FunctionBuilder}, globals,
 * exports, and a "name" section when the printer (print.ts) is loaded, so that it can show
 * names (emit/names.ts; bundles without the printer carry no name writer). Only what the
 * backend's modules use is here (no table, defined memory or data segments: the memory
 * is the host's, and the host writes into it).
 */
import { Bug, bugError, bugMessage } from "../../../core/internal_error.ts";
import { ByteBuffer } from "./leb128.ts";
import { FunctionBuilder } from "./function_builder.ts";
import { type ValType, VALTYPE_CODE } from "./instructions.ts";
import { EMPTY_MODULE } from "../../code_policy.ts";
import { getOrMake } from "../../../core/util/multimap.ts";

/** Size limits of a memory (in 64 KiB pages). */
export interface Limits {
  /** Initial size. */
  readonly min: number;
  /** Maximum size, if bounded. */
  readonly max?: number;
}

type Import =
  | { kind: 0; module: string; field: string; typeIndex: number }
  | { kind: 2; module: string; field: string; limits: Limits };

interface Global {
  readonly type: ValType;
  readonly mutable: boolean;
  readonly init: number | bigint;
}

/** Export kinds as the binary numbers them. */
const EXPORT_KIND = { func: 0, global: 3 } as const;

/** What an export refers to. */
export type ExportKind = keyof typeof EXPORT_KIND;

/** The names a module was given, for the "name" section. */
export interface ModuleNames {
  readonly name: string | undefined;
  readonly functions: ReadonlyMap<number, string>;
  readonly globals: ReadonlyMap<number, string>;
  /** The entries the module's sections start with (named by emit/names.ts namePrefix). */
  readonly prefix: SectionPrefix;
  /** How many functions the module imports (it imports no globals). */
  readonly imported: number;
  /** Every defined function, with the names of its locals (often none). */
  readonly locals: readonly { index: number; localNames: ReadonlyMap<number, string> }[];
}

/** Appends a module's "name" section to `out` (`scratch`: a buffer it may use). */
export type NameSectionWriter = (out: ByteBuffer, scratch: ByteBuffer, names: ModuleNames) => void;

let nameWriter: NameSectionWriter | null = null;

/** Makes every module built from now on carry a "name" section (emit/names.ts). */
export function installNameSectionWriter(writer: NameSectionWriter): void {
  nameWriter = writer;
}

/** The sections a {@link SectionPrefix} has entries of. */
export type PrefixedSection = 1 | 3 | 6 | 10;

/**
 * Entries that come first in a module's sections, by section id: the types (1), functions
 * (3), globals (6) and code (10) of a module built before, which a new module carries as
 * its own (runtime/shared.ts). They keep their indices, so the new module's imports must
 * number its functions and globals as the earlier one's did.
 */
export type SectionPrefix = Partial<Record<PrefixedSection, { count: number; bytes: Uint8Array }>>;

/** Builds one module; call the add/import methods, then {@link ModuleBuilder.toBytes}. */
export class ModuleBuilder {
  readonly #types: { params: readonly ValType[]; results: readonly ValType[] }[] = [];
  readonly #typeIndex = new Map<string, number>();
  readonly #imports: Import[] = [];
  #importedFuncs = 0;
  readonly #funcNames = new Map<number, string>();
  readonly #functions: FunctionBuilder[] = [];
  readonly #globals: Global[] = [];
  readonly #globalNames = new Map<number, string>();
  readonly #exports: { name: string; kind: ExportKind; index: number }[] = [];

  /** The module's name in the "name" section, if any. */
  declare readonly name?: string;
  /** Entries ahead of the module's own. */
  readonly #prefix: SectionPrefix;

  /** A module, optionally named in the "name" section, whose sections start with `prefix`. */
  constructor(name?: string, prefix: SectionPrefix = {}) {
    this.name = name;
    this.#prefix = prefix;
  }

  /** How many entries of section `id` the prefix holds. */
  #before(id: PrefixedSection): number {
    return this.#prefix[id]?.count ?? 0;
  }

  // ---- Types and imports ---------------------------------------------------------------------

  /** Index of the function type `params -> results`, added if new. */
  addType(params: readonly ValType[], results: readonly ValType[]): number {
    const key = `${params.join(",")}>${results.join(",")}`;
    return getOrMake(
      this.#typeIndex,
      key,
      () => this.#types.push({ params, results }) - 1 + this.#before(1),
    );
  }

  /** Imports a function and returns its function index; call before `addFunction`. */
  importFunction(
    module: string,
    field: string,
    params: readonly ValType[],
    results: readonly ValType[],
    name?: string,
  ): number {
    // Imported functions take the low indices, so adding one later would renumber calls.
    if (this.#functions.length) throw bugError(Bug.FunctionImportedLate);
    const typeIndex = this.addType(params, results);
    this.#imports.push({ kind: 0, module, field, typeIndex });
    const index = this.#importedFuncs++;
    if (name !== undefined) this.#funcNames.set(index, name);
    return index;
  }

  /**
   * Imports the module's one memory (index 0): call it once, with `max` (if any) at least
   * `min` (the backend imports `{ min: 1 }`, once per module).
   */
  importMemory(module: string, field: string, limits: Limits): void {
    this.#imports.push({ kind: 2, module, field, limits });
  }

  // ---- Definitions ---------------------------------------------------------------------------

  /**
   * Defines a function and returns the builder of its body; its `index` is usable in calls
   * at once, so functions may call each other in any order.
   */
  addFunction(
    params: readonly ValType[],
    results: readonly ValType[],
    name?: string,
  ): FunctionBuilder {
    const index = this.#importedFuncs + this.#before(3) + this.#functions.length;
    const typeIndex = this.addType(params, results);
    const fn = new FunctionBuilder(index, typeIndex, params);
    this.#functions.push(fn);
    if (name !== undefined) this.#funcNames.set(index, name);
    return fn;
  }

  /** Defines a global initialised to a constant and returns its global index. */
  addGlobal(type: ValType, mutable: boolean, init: number | bigint, name?: string): number {
    if ((type === "i64") !== (typeof init === "bigint")) {
      throw new TypeError(bugMessage(Bug.GlobalInitType, type));
    }
    const index = this.#before(6) + this.#globals.length;
    this.#globals.push({ type, mutable, init });
    if (name !== undefined) this.#globalNames.set(index, name);
    return index;
  }

  /** Exports function or global `index` as `name`. */
  #addExport(name: string, kind: ExportKind, index: number): void {
    if (this.#exports.some((e) => e.name === name)) throw bugError(Bug.DuplicateExport, name);
    this.#exports.push({ name, kind, index });
  }

  /** Exports function `index` as `name`. */
  exportFunction(name: string, index: number): void {
    this.#addExport(name, "func", index);
  }

  /** Exports global `index` as `name`. */
  exportGlobal(name: string, index: number): void {
    this.#addExport(name, "global", index);
  }

  // ---- Encoding ------------------------------------------------------------------------------

  /** The module's binary; `names: false` leaves out the "name" section. */
  toBytes(options: { names?: boolean } = {}): Uint8Array {
    const out = new ByteBuffer(1024);
    out.bytes(EMPTY_MODULE); // the magic number and version
    const s = new ByteBuffer(512);
    // Every section here is a vector: its entry count, then the prefix's entries and what
    // `write` adds.
    const section = (id: number, count: number, write: () => void) => {
      const prefix = this.#prefix[id as PrefixedSection];
      count += prefix?.count ?? 0;
      if (count === 0) return;
      s.clear();
      s.u32(count);
      if (prefix) s.bytes(prefix.bytes);
      write();
      out.u8(id);
      out.u32(s.length);
      out.bytes(s.view());
    };

    section(1, this.#types.length, () => {
      for (const t of this.#types) {
        s.u8(0x60);
        writeValTypes(s, t.params);
        writeValTypes(s, t.results);
      }
    });
    section(2, this.#imports.length, () => {
      for (const imp of this.#imports) {
        s.name(imp.module);
        s.name(imp.field);
        s.u8(imp.kind);
        if (imp.kind === 0) s.u32(imp.typeIndex);
        else {
          const { min, max } = imp.limits;
          s.u8(max === undefined ? 0 : 1);
          s.u32(min);
          if (max !== undefined) s.u32(max);
        }
      }
    });
    section(3, this.#functions.length, () => {
      for (const f of this.#functions) s.u32(f.typeIndex);
    });
    section(6, this.#globals.length, () => {
      for (const g of this.#globals) {
        s.u8(VALTYPE_CODE[g.type]);
        s.u8(g.mutable ? 1 : 0);
        writeConst(s, g.type, g.init);
      }
    });
    section(7, this.#exports.length, () => {
      for (const e of this.#exports) {
        s.name(e.name);
        s.u8(EXPORT_KIND[e.kind]);
        s.u32(e.index);
      }
    });
    section(10, this.#functions.length, () => {
      const locals = new ByteBuffer(32);
      for (const f of this.#functions) {
        if (f.labelDepth !== 0) throw bugError(Bug.OpenBlocks, f.index);
        locals.clear();
        // The locals declaration: one (count, type) entry per run of consecutive locals of
        // one type. Indices follow `addLocal` order, so declaring locals of a type together
        // gives the fewest entries.
        const runs: [count: number, type: ValType][] = [];
        for (const t of f.locals) {
          const last = runs.at(-1);
          if (last?.[1] === t) last[0]++;
          else runs.push([1, t]);
        }
        locals.u32(runs.length);
        for (const [count, type] of runs) {
          locals.u32(count);
          locals.u8(VALTYPE_CODE[type]);
        }
        s.u32(locals.length + f.code.length + 1);
        s.bytes(locals.view());
        s.bytes(f.code.view());
        s.u8(0x0b);
      }
    });
    if (options.names !== false && nameWriter) {
      nameWriter(out, s, {
        name: this.name,
        functions: this.#funcNames,
        globals: this.#globalNames,
        prefix: this.#prefix,
        imported: this.#importedFuncs,
        locals: this.#functions,
      });
    }
    return out.toBytes();
  }
}

function writeValTypes(s: ByteBuffer, types: readonly ValType[]): void {
  s.u32(types.length);
  for (const t of types) s.u8(VALTYPE_CODE[t]);
}

/** A constant expression: `t.const value end`. */
function writeConst(s: ByteBuffer, type: ValType, value: number | bigint): void {
  if (type === "i32") {
    s.u8(0x41);
    s.i32(Number(value));
  } else if (type === "i64") {
    s.u8(0x42);
    s.i64(BigInt(value));
  } else {
    s.u8(0x44);
    s.f64(Number(value));
  }
  s.u8(0x0b);
}
