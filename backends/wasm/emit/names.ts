/**
 * The "name" section writer (custom section "name": module, function, local and global
 * names), installed by the printer (print.ts) when it is loaded: only the printer reads
 * names, so bundles without it build modules without them.
 */
import { ByteBuffer } from "./leb128.ts";
import {
  installNameSectionWriter,
  type ModuleNames,
  type SectionPrefix,
} from "./module_builder.ts";
import type { FunctionBuilder } from "./function_builder.ts";

/** Custom "name" section subsection ids. */
const NAME_MODULE = 0;
const NAME_FUNCTIONS = 1;
const NAME_LOCALS = 2;
const NAME_GLOBALS = 7;

/**
 * Names parameter or local `index` of `f` for the "name" section (`addLocal` names a local
 * as it declares it; this names one afterwards).
 */
export function nameLocal(f: FunctionBuilder, index: number, name: string): void {
  if (!(index >= 0 && index < f.params.length + f.locals.length)) {
    throw new RangeError(`no local ${index} to name`);
  }
  f.localNames.set(index, name);
}

/** The names of a prefix's functions and globals, in index order. */
export interface PrefixNames {
  functions: readonly string[];
  globals: readonly string[];
}

const PREFIX_NAMES = new WeakMap<SectionPrefix, PrefixNames>();

/**
 * Names the functions and globals of `prefix` in every module built on it from now on
 * (the runtime's, by the `./wasm-text` entry: bundles without the printer carry no names).
 */
export function namePrefix(prefix: SectionPrefix, names: PrefixNames): void {
  PREFIX_NAMES.set(prefix, names);
}

/** Appends the "name" section of `names` to `out`. */
export function writeNameSection(out: ByteBuffer, s: ByteBuffer, given: ModuleNames): void {
  const prefixed = PREFIX_NAMES.get(given.prefix);
  const withPrefix = (own: ReadonlyMap<number, string>, first: number, list: readonly string[]) =>
    new Map([...list.map((name, i) => [first + i, name] as const), ...own]);
  const names = prefixed === undefined ? given : {
    ...given,
    functions: withPrefix(given.functions, given.imported, prefixed.functions),
    globals: withPrefix(given.globals, 0, prefixed.globals),
  };
  const locals = names.locals.filter((f) => f.localNames.size > 0);
  if (
    names.name === undefined && names.functions.size === 0 && locals.length === 0 &&
    names.globals.size === 0
  ) return;
  s.clear();
  s.name("name");
  const sub = new ByteBuffer(256);
  const subsection = (id: number, write: () => void) => {
    sub.clear();
    write();
    s.u8(id);
    s.u32(sub.length);
    s.bytes(sub.view());
  };
  if (names.name !== undefined) subsection(NAME_MODULE, () => sub.name(names.name!));
  if (names.functions.size > 0) {
    subsection(NAME_FUNCTIONS, () => writeNameMap(sub, names.functions));
  }
  if (locals.length > 0) {
    subsection(NAME_LOCALS, () => {
      sub.u32(locals.length);
      for (const f of locals) {
        sub.u32(f.index);
        writeNameMap(sub, f.localNames);
      }
    });
  }
  if (names.globals.size > 0) subsection(NAME_GLOBALS, () => writeNameMap(sub, names.globals));
  out.u8(0);
  out.u32(s.length);
  out.bytes(s.view());
}

function writeNameMap(s: ByteBuffer, names: ReadonlyMap<number, string>): void {
  const indices = [...names.keys()].sort((a, b) => a - b);
  s.u32(indices.length);
  for (const i of indices) {
    s.u32(i);
    s.name(names.get(i)!);
  }
}

installNameSectionWriter(writeNameSection);
