/**
 * Prints a module made by module_builder.ts as WAT-like text for `explain()`, without wabt:
 * the sections and instructions we emit are decoded (anything else throws, naming what was
 * unexpected) and printed one instruction a line, indented by block depth, with names from
 * the "name" section. Names and data bytes are untrusted, so they are escaped or quoted and
 * can never break the printed syntax.
 */
import { ByteReader, f64FromBits } from "./leb128.ts";
// Modules built once the printer is loaded carry names for it to show.
import "./names.ts";
import {
  BLOCKTYPE_EMPTY,
  type InstrInfo,
  INSTRUCTIONS,
  type ValType,
  valTypeOfCode,
} from "./instructions.ts";

/** Unprefixed instructions by opcode byte (undefined where we emit nothing). */
const INSTR_BY_OPCODE: readonly (InstrInfo | undefined)[] = (() => {
  const out: (InstrInfo | undefined)[] = new Array(256).fill(undefined);
  for (const i of INSTRUCTIONS) if (i.sub < 0) out[i.opcode] = i;
  return out;
})();

/** 0xFC-prefixed instructions by sub-opcode. */
const INSTR_BY_FC_SUB: ReadonlyMap<number, InstrInfo> = new Map(
  INSTRUCTIONS.filter((i) => i.sub >= 0).map((i) => [i.sub, i]),
);

interface FuncType {
  params: ValType[];
  results: ValType[];
}

interface Limits {
  min: number;
  max: number | undefined;
}

type Import =
  | { kind: "func"; module: Uint8Array; field: Uint8Array; typeIndex: number }
  | { kind: "memory"; module: Uint8Array; field: Uint8Array; limits: Limits }
  | { kind: "global"; module: Uint8Array; field: Uint8Array; type: ValType; mutable: boolean };

/** What the decoder found, with names still as raw bytes. */
interface Decoded {
  types: FuncType[];
  imports: Import[];
  funcTypes: number[];
  globals: { type: ValType; mutable: boolean; init: string }[];
  exports: { name: Uint8Array; kind: number; index: number }[];
  bodies: { start: number; end: number }[];
  moduleName: Uint8Array | undefined;
  funcNames: Map<number, Uint8Array>;
  localNames: Map<number, Map<number, Uint8Array>>;
  globalNames: Map<number, Uint8Array>;
}

/** Section ids in the order the format requires them (custom sections may go anywhere). */
const SECTION_ORDER = [1, 2, 3, 6, 7, 10];

/** Decodes a module made by our emitter and prints it as WAT-like text. */
export function printModule(bytes: Uint8Array): string {
  const m = decodeModule(bytes);
  const out: string[] = [m.moduleName === undefined ? "(module" : `(module ${ident(m.moduleName)}`];
  m.types.forEach((t, i) => out.push(`  (type (;${i};) (func${signature(t, NO_NAMES)}))`));
  let funcs = 0;
  let globals = 0;
  for (const imp of m.imports) {
    const where = `(import ${quote(imp.module)} ${quote(imp.field)}`;
    if (imp.kind === "func") {
      const name = nameOf(m.funcNames, funcs);
      out.push(
        `  ${where} (func${name} (;${funcs++};)${signature(typeAt(m, imp.typeIndex), NO_NAMES)}))`,
      );
    } else if (imp.kind === "memory") {
      out.push(`  ${where} (memory (;0;) ${limitsText(imp.limits)}))`);
    } else {
      const name = nameOf(m.globalNames, globals);
      const type = imp.mutable ? `(mut ${imp.type})` : imp.type;
      out.push(`  ${where} (global${name} (;${globals++};) ${type}))`);
    }
  }
  m.bodies.forEach((body, i) => printFunction(m, bytes, funcs, i, body, out));
  for (const g of m.globals) {
    const name = nameOf(m.globalNames, globals);
    const type = g.mutable ? `(mut ${g.type})` : g.type;
    out.push(`  (global${name} (;${globals++};) ${type} ${g.init})`);
  }
  for (const e of m.exports) {
    const [kind, names] = e.kind === 0 ? ["func", m.funcNames] : ["global", m.globalNames];
    out.push(`  (export ${quote(e.name)} (${kind} ${nameOrIndex(names, e.index)}))`);
  }
  out.push(")");
  return out.join("\n");
}

// ---- Decoding ----------------------------------------------------------------------------

function decodeModule(bytes: Uint8Array): Decoded {
  const r = new ByteReader(bytes);
  const header = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  for (const b of header) if (r.u8() !== b) throw new Error("not a WebAssembly 1.0 binary");
  const m: Decoded = {
    types: [],
    imports: [],
    funcTypes: [],
    globals: [],
    exports: [],
    bodies: [],
    moduleName: undefined,
    funcNames: new Map(),
    localNames: new Map(),
    globalNames: new Map(),
  };
  let lastRank = -1;
  while (!r.atEnd) {
    const id = r.u8();
    const size = r.u32();
    const s = new ByteReader(bytes, r.pos, r.pos + size);
    if (s.end > bytes.length) throw new Error(`section ${id} runs past the end of input`);
    r.pos = s.end;
    if (id === 0) {
      decodeCustom(s, m);
      continue;
    }
    const rank = SECTION_ORDER.indexOf(id);
    if (rank < 0) throw new Error(`unexpected section id ${id}`);
    if (rank <= lastRank) throw new Error(`section id ${id} out of order or repeated`);
    lastRank = rank;
    decodeSection(id, s, m);
    if (!s.atEnd) throw new Error(`section ${id} has ${s.end - s.pos} bytes left over`);
  }
  if (m.funcTypes.length !== m.bodies.length) {
    throw new Error(`${m.funcTypes.length} functions declared but ${m.bodies.length} bodies`);
  }
  return m;
}

function decodeSection(id: number, s: ByteReader, m: Decoded): void {
  const count = s.u32();
  for (let i = 0; i < count; i++) {
    switch (id) {
      case 1: {
        if (s.u8() !== 0x60) throw new Error(`unexpected type form at byte offset ${s.pos - 1}`);
        m.types.push({ params: valTypes(s), results: valTypes(s) });
        break;
      }
      case 2: {
        const module = s.vecBytes();
        const field = s.vecBytes();
        const kind = s.u8();
        if (kind === 0) m.imports.push({ kind: "func", module, field, typeIndex: s.u32() });
        else if (kind === 2) m.imports.push({ kind: "memory", module, field, limits: limits(s) });
        else if (kind === 3) {
          const type = valType(s);
          m.imports.push({ kind: "global", module, field, type, mutable: mutability(s) });
        } else throw new Error(`unexpected import kind ${kind}`);
        break;
      }
      case 3:
        m.funcTypes.push(s.u32());
        break;
      case 6: {
        const type = valType(s);
        m.globals.push({ type, mutable: mutability(s), init: constExpr(s) });
        break;
      }
      case 7: {
        const name = s.vecBytes();
        const kind = s.u8();
        if (kind !== 0 && kind !== 3) throw new Error(`unexpected export kind ${kind}`);
        m.exports.push({ name, kind, index: s.u32() });
        break;
      }
      case 10: {
        const size = s.u32();
        if (size > s.end - s.pos) throw new Error(`function body ${i} runs past its section`);
        m.bodies.push({ start: s.pos, end: s.pos + size });
        s.pos += size;
        break;
      }
    }
  }
}

function decodeCustom(s: ByteReader, m: Decoded): void {
  const name = new TextDecoder().decode(s.vecBytes());
  if (name !== "name") throw new Error(`unexpected custom section ${JSON.stringify(name)}`);
  while (!s.atEnd) {
    const id = s.u8();
    const size = s.u32();
    const sub = new ByteReader(s.bytes, s.pos, s.pos + size);
    if (sub.end > s.end) throw new Error(`name subsection ${id} runs past its section`);
    s.pos = sub.end;
    if (id === 0) m.moduleName = sub.vecBytes();
    else if (id === 1) nameMap(sub, m.funcNames);
    else if (id === 7) nameMap(sub, m.globalNames);
    else if (id === 2) {
      const n = sub.u32();
      for (let i = 0; i < n; i++) {
        const names = new Map<number, Uint8Array>();
        m.localNames.set(sub.u32(), names);
        nameMap(sub, names);
      }
    } else throw new Error(`unexpected name subsection ${id}`);
    if (!sub.atEnd) throw new Error(`name subsection ${id} has bytes left over`);
  }
}

function nameMap(s: ByteReader, into: Map<number, Uint8Array>): void {
  const n = s.u32();
  for (let i = 0; i < n; i++) into.set(s.u32(), s.vecBytes());
}

function valType(s: ByteReader): ValType {
  const code = s.u8();
  const t = valTypeOfCode(code);
  if (t === undefined) throw new Error(`unexpected value type 0x${hex2(code)}`);
  return t;
}

function valTypes(s: ByteReader): ValType[] {
  const n = s.u32();
  const out: ValType[] = [];
  for (let i = 0; i < n; i++) out.push(valType(s));
  return out;
}

function mutability(s: ByteReader): boolean {
  const b = s.u8();
  if (b > 1) throw new Error(`unexpected global mutability ${b}`);
  return b === 1;
}

function limits(s: ByteReader): Limits {
  const flags = s.u8();
  if (flags > 1) throw new Error(`unexpected limits flags ${flags}`);
  const min = s.u32();
  return { min, max: flags === 1 ? s.u32() : undefined };
}

/** A constant expression (one `*.const` and `end`), printed as `(i32.const 5)`. */
function constExpr(s: ByteReader): string {
  const op = s.u8();
  let text: string;
  if (op === 0x41) text = `(i32.const ${s.i32()})`;
  else if (op === 0x42) text = `(i64.const ${s.i64()})`;
  else if (op === 0x44) text = `(f64.const ${f64Text(s.f64Bits())})`;
  else throw new Error(`unexpected constant expression opcode 0x${hex2(op)}`);
  if (s.u8() !== 0x0b) throw new Error(`constant expression not ended at byte ${s.pos - 1}`);
  return text;
}

// ---- Functions ---------------------------------------------------------------------------

/** Defined function `defined` (after `imported` imported ones): header, locals, code. */
function printFunction(
  m: Decoded,
  bytes: Uint8Array,
  imported: number,
  defined: number,
  body: { start: number; end: number },
  out: string[],
): void {
  const index = imported + defined;
  const typeIndex = m.funcTypes[defined];
  const type = typeAt(m, typeIndex);
  const locals = m.localNames.get(index) ?? NO_NAMES;
  const r = new ByteReader(bytes, body.start, body.end);
  const localTypes: ValType[] = [];
  const runs = r.u32();
  for (let i = 0; i < runs; i++) {
    const n = r.u32();
    const t = valType(r);
    if (localTypes.length + n > 50_000) throw new Error(`function ${index}: too many locals`);
    for (let j = 0; j < n; j++) localTypes.push(t);
  }
  out.push(
    `  (func${nameOf(m.funcNames, index)} (;${index};) (type ${typeIndex})${
      signature(type, locals)
    }`,
  );
  if (localTypes.length > 0) {
    out.push(`    ${typed("local", localTypes, type.params.length, locals).slice(1)}`);
  }
  printCode(m, r, index, locals, out);
  out.push("  )");
}

/** Instructions of a body, one a line, indented two spaces per open block. */
function printCode(
  m: Decoded,
  r: ByteReader,
  func: number,
  locals: ReadonlyMap<number, Uint8Array>,
  out: string[],
): void {
  const labels: number[] = []; // label numbers of the open blocks, innermost last
  const ifs: boolean[] = []; // whether each open block is an if still without its else
  let nextLabel = 0;
  const target = (depth: number): string => {
    if (depth < labels.length) return `$L${labels[labels.length - 1 - depth]}`;
    if (depth === labels.length) return String(depth); // the function's own label
    throw new Error(`function ${func}: branch depth ${depth} beyond ${labels.length} labels`);
  };
  const line = (depth: number, text: string) => out.push("    " + "  ".repeat(depth) + text);
  for (;;) {
    const at = r.pos;
    const byte = r.u8();
    const sub = byte === 0xfc ? r.u32() : -1;
    const info: InstrInfo | undefined = sub >= 0 ? INSTR_BY_FC_SUB.get(sub) : INSTR_BY_OPCODE[byte];
    if (info === undefined) {
      const what = sub >= 0 ? `0xfc ${sub}` : `0x${hex2(byte)}`;
      throw new Error(`unexpected opcode ${what} at byte offset ${at} in function ${func}`);
    }
    const name = info.name;
    if (name === "end") {
      if (labels.length === 0) break;
      labels.pop();
      ifs.pop();
      line(labels.length, "end");
      continue;
    }
    if (name === "else") {
      if (ifs.length === 0 || !ifs[ifs.length - 1]) {
        throw new Error(`function ${func}: else outside an if at byte offset ${at}`);
      }
      ifs[ifs.length - 1] = false;
      line(labels.length - 1, "else");
      continue;
    }
    let text: string = name;
    switch (info.imm) {
      case "none":
        break;
      case "local":
        text += " " + nameOrIndex(locals, r.u32());
        break;
      case "global":
        text += " " + nameOrIndex(m.globalNames, r.u32());
        break;
      case "func":
        text += " " + nameOrIndex(m.funcNames, r.u32());
        break;
      case "label":
        text += " " + target(r.u32());
        break;
      case "br_table": {
        const n = r.u32();
        if (n > r.end - r.pos) throw new Error(`function ${func}: br_table too long`);
        for (let i = 0; i <= n; i++) text += " " + target(r.u32());
        break;
      }
      case "block": {
        const label = nextLabel++;
        line(labels.length, `${name} $L${label}${blockType(r)}`);
        labels.push(label);
        ifs.push(name === "if");
        continue;
      }
      case "memarg": {
        const align = r.u32();
        const offset = r.u32();
        if (offset !== 0) text += ` offset=${offset}`;
        if (align !== info.align) text += ` align=${2 ** align}`;
        break;
      }
      case "i32":
        text += " " + r.i32();
        break;
      case "i64":
        text += " " + r.i64();
        break;
      case "f64":
        text += " " + f64Text(r.f64Bits());
        break;
    }
    line(labels.length, text);
  }
  if (!r.atEnd) throw new Error(`function ${func}: ${r.end - r.pos} bytes after its end`);
}
function blockType(r: ByteReader): string {
  const b = r.u8();
  if (b === BLOCKTYPE_EMPTY) return "";
  const t = valTypeOfCode(b);
  if (t !== undefined) return ` (result ${t})`;
  r.pos--; // the byte starts a type index
  const index = r.s33();
  if (index < 0) throw new Error(`unexpected block type ${index}`);
  return ` (type ${index})`;
}

// ---- Text helpers ------------------------------------------------------------------------

function typeAt(m: Decoded, index: number): FuncType {
  const t = m.types[index];
  if (t === undefined) throw new Error(`unexpected type index ${index}`);
  return t;
}

/** ` (param …) (result …)`, parameters named from `names` where they have one. */
function signature(t: FuncType, names: ReadonlyMap<number, Uint8Array>): string {
  return typed("param", t.params, 0, names) + typed("result", t.results, 0, NO_NAMES);
}

/** `(param $a i32) (param i64 f64)`: named ones alone, runs of unnamed ones together. */
function typed(
  keyword: string,
  types: readonly ValType[],
  first: number,
  names: ReadonlyMap<number, Uint8Array>,
): string {
  let text = "";
  let run: ValType[] = [];
  const flush = () => {
    if (run.length > 0) text += ` (${keyword} ${run.join(" ")})`;
    run = [];
  };
  types.forEach((t, i) => {
    const name = names.get(first + i);
    if (name === undefined) {
      run.push(t);
    } else {
      flush();
      text += ` (${keyword} ${ident(name)} ${t})`;
    }
  });
  flush();
  return text;
}

function nameOf(names: ReadonlyMap<number, Uint8Array>, index: number): string {
  const name = names.get(index);
  return name === undefined ? "" : " " + ident(name);
}

/** `$name` when `index` has a name, else the index itself. */
function nameOrIndex(names: ReadonlyMap<number, Uint8Array>, index: number): string {
  const name = names.get(index);
  return name === undefined ? String(index) : ident(name);
}

const NO_NAMES: ReadonlyMap<number, Uint8Array> = new Map();

function limitsText(l: Limits): string {
  return l.max === undefined ? String(l.min) : `${l.min} ${l.max}`;
}

function hex2(b: number): string {
  return b.toString(16).padStart(2, "0");
}

/** Bytes WAT allows in an unquoted identifier after `$`. */
function isIdByte(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) ||
    "!#$%&'*+-./:<=>?@\\^_`|~".includes(String.fromCharCode(b));
}

/** `$name`, or `$"…"` (quoted and escaped) when the name has other bytes or is empty. */
function ident(name: Uint8Array): string {
  if (name.length > 0 && name.every(isIdByte)) return "$" + String.fromCharCode(...name);
  return "$" + quote(name);
}

/**
 * A WAT string: printable ASCII as is except `"` and `\`, every other byte (controls,
 * newlines, non-ASCII) as `\hh`, so no byte can end the string or the line.
 */
function quote(bytes: Uint8Array): string {
  let s = '"';
  for (const b of bytes) {
    s += b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x5c
      ? String.fromCharCode(b)
      : "\\" + hex2(b);
  }
  return s + '"';
}

/** An f64 in WAT syntax: shortest round-trip decimal, `inf`, `-0`, `nan`, `nan:0x…`. */
function f64Text(bits: bigint): string {
  const x = f64FromBits(bits);
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (Number.isNaN(x)) {
    const sign = bits >> 63n === 1n ? "-" : "";
    const payload = bits & 0xf_ffff_ffff_ffffn;
    return payload === 0x8_0000_0000_0000n ? `${sign}nan` : `${sign}nan:0x${payload.toString(16)}`;
  }
  return Object.is(x, -0) ? "-0" : String(x);
}
