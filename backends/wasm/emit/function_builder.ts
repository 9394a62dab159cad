/**
 * Builds one WebAssembly function body: locals, typed methods per instruction family, and
 * structured control whose branch targets are {@link Label} objects, turned into relative
 * depths from the builder's label stack. The module builder wraps the result.
 *
 * Arguments are checked before anything is written, and a body callback that throws takes
 * its partial block out again, so a builder that threw still holds well-formed code.
 */
import { Bug, bugError, bugMessage } from "../../../core/internal_error.ts";
import { ByteBuffer, checkI32, checkI64, checkU32 } from "./leb128.ts";
import {
  type BlockType,
  BLOCKTYPE_EMPTY,
  type Load,
  type Plain,
  type Store,
  type ValType,
  VALTYPE_CODE,
} from "./instructions.ts";

/**
 * A branch target: the block, loop or if that created it. A branch to a block or if jumps
 * past its end; a branch to a loop jumps back to its start.
 */
export class Label {
  /** @internal Position in the builder's label stack while in scope. */
  declare readonly level: number;

  /** @internal Labels are made by {@link FunctionBuilder}'s structured methods. */
  constructor(level: number) {
    this.level = level;
  }
}

/** A callback that emits the body of a block, loop or if arm. */
export type BodyFn = (label: Label) => void;

/** Builds the code of one function; get one from `ModuleBuilder.addFunction`. */
export class FunctionBuilder {
  /** The function's parameter types (locals 0 .. params.length - 1). */
  declare readonly params: readonly ValType[];
  /** The function's index in the module's function index space. */
  declare readonly index: number;
  /** Index of the function's type in the module's type section. */
  declare readonly typeIndex: number;
  /** Types of the locals declared after the parameters, in index order. */
  readonly locals: ValType[] = [];
  /** Names of parameters and locals by index, for the "name" section. */
  readonly localNames: Map<number, string> = new Map();

  /** The instructions emitted so far, without the final `end`. */
  readonly code: ByteBuffer = new ByteBuffer(128);
  readonly #labels: Label[] = [];

  /** Prefer `ModuleBuilder.addFunction`, which assigns `index` and `typeIndex`. */
  constructor(index: number, typeIndex: number, params: readonly ValType[]) {
    this.index = index;
    this.typeIndex = typeIndex;
    this.params = params;
  }

  // ---- Locals ------------------------------------------------------------------------------

  /** Declares a local of type `type` (optionally named) and returns its index. */
  addLocal(type: ValType, name?: string): number {
    const index = this.params.length + this.locals.length;
    this.locals.push(type);
    if (name !== undefined) this.localNames.set(index, name);
    return index;
  }

  // ---- Plain instructions --------------------------------------------------------------------

  /** Emits an instruction that has no immediate, e.g. `op(Plain["i32.add"])`. */
  op(code: Plain): this {
    if (code > 0xff) {
      this.code.u8(code >> 8);
      this.code.u32(code & 0xff);
    } else {
      this.code.u8(code);
    }
    return this;
  }

  /** `i32.const n`; `n` in [-2^31, 2^32) (unsigned values wrap to their i32 bits). */
  i32Const(n: number): this {
    checkI32(n);
    this.code.u8(0x41);
    this.code.i32(n);
    return this;
  }

  /** `i64.const v`; `v` in [-2^63, 2^64) (unsigned values wrap to their i64 bits). */
  i64Const(v: bigint): this {
    checkI64(v);
    this.code.u8(0x42);
    this.code.i64(v);
    return this;
  }

  /** `f64.const x`. */
  f64Const(x: number): this {
    this.code.u8(0x44);
    this.code.f64(x);
    return this;
  }

  // ---- Variables and calls -------------------------------------------------------------------

  #indexOp(opcode: number, index: number): this {
    checkU32(index);
    this.code.u8(opcode);
    this.code.u32(index);
    return this;
  }

  /** `local.get index`. */
  localGet(index: number): this {
    return this.#indexOp(0x20, index);
  }

  /** `local.set index`. */
  localSet(index: number): this {
    return this.#indexOp(0x21, index);
  }

  /** `local.tee index`. */
  localTee(index: number): this {
    return this.#indexOp(0x22, index);
  }

  /** `global.get index`. */
  globalGet(index: number): this {
    return this.#indexOp(0x23, index);
  }

  /** `global.set index`. */
  globalSet(index: number): this {
    return this.#indexOp(0x24, index);
  }

  /** `call funcIndex`. */
  call(funcIndex: number): this {
    return this.#indexOp(0x10, funcIndex);
  }

  // ---- Memory --------------------------------------------------------------------------------

  /** `access`: a {@link Load} or {@link Store}, the opcode with its natural alignment << 8. */
  #memOp(access: Load | Store, offset: number, align: number | undefined): this {
    const natural = access >> 8;
    const a = align ?? natural;
    if (!(a >= 0 && a <= natural)) {
      throw new RangeError(bugMessage(Bug.AboveNaturalAlignment, access & 0xff, a, natural));
    }
    checkU32(offset);
    this.code.u8(access & 0xff);
    this.code.u32(a);
    this.code.u32(offset);
    return this;
  }

  /** A load at address + `offset`; `align` is log2 bytes, natural alignment by default. */
  load(access: Load, offset = 0, align?: number): this {
    return this.#memOp(access, offset, align);
  }

  /** A store at address + `offset`; `align` is log2 bytes, natural alignment by default. */
  store(access: Store, offset = 0, align?: number): this {
    return this.#memOp(access, offset, align);
  }

  // ---- Structured control --------------------------------------------------------------------

  /**
   * Opens `block type` without a body callback (for code that nests blocks by the
   * thousand, where callbacks would exhaust the JS stack); close it with {@link endBlock}.
   */
  openBlock(type: BlockType): Label {
    return this.#open(0x02, type);
  }

  /** Pushes a new label and emits `opcode type`. */
  #open(opcode: number, type: BlockType): Label {
    const label = new Label(this.#labels.length);
    this.#labels.push(label);
    this.code.u8(opcode);
    // The block type.
    if (type === "empty") this.code.u8(BLOCKTYPE_EMPTY);
    else if (typeof type === "number") {
      // An s33 that is never negative: below 2^31 its bytes are those of the i32.
      if (!(type >= 0 && type <= 0x7fff_ffff)) {
        throw new RangeError(bugMessage(Bug.BadTypeIndex, type));
      }
      this.code.i32(type);
    } else this.code.u8(VALTYPE_CODE[type]);
    return label;
  }

  /** Emits `opcode type`, the arms (`else` between two), and `end`. */
  #structured(opcode: number, type: BlockType, body: BodyFn, otherwise?: BodyFn): this {
    const start = this.code.length;
    const level = this.#labels.length;
    try {
      const label = this.#open(opcode, type);
      body(label);
      if (otherwise) {
        this.code.u8(0x05);
        otherwise(label);
      }
      this.code.u8(0x0b);
    } catch (e) {
      this.code.length = start; // drop the unfinished block
      throw e;
    } finally {
      this.#labels.length = level;
    }
    return this;
  }

  /** Ends the innermost open block, which must be `label` (opened by {@link openBlock}). */
  endBlock(label: Label): this {
    if (this.#labels.at(-1) !== label) {
      throw bugError(Bug.NotInnermostBlock);
    }
    this.#labels.length = label.level;
    this.code.u8(0x0b);
    return this;
  }

  /** `block type … end`; a branch to the label jumps past the end. */
  block(type: BlockType, body: BodyFn): this {
    return this.#structured(0x02, type, body);
  }

  /** `loop type … end`; a branch to the label jumps back to the start. */
  loop(type: BlockType, body: BodyFn): this {
    return this.#structured(0x03, type, body);
  }

  /**
   * `if type … else … end`, popping the i32 condition; both arms get the same label, a
   * branch to which jumps past the end. A typed if needs both arms.
   */
  ifElse(type: BlockType, then: BodyFn, otherwise?: BodyFn): this {
    return this.#structured(0x04, type, then, otherwise);
  }

  /** Relative depth of `label` from the innermost open label; throws if not in scope. */
  depthOf(label: Label): number {
    if (this.#labels[label.level] !== label) {
      throw bugError(Bug.LabelOutOfScope);
    }
    return this.#labels.length - 1 - label.level;
  }

  /** `br label`. */
  br(label: Label): this {
    return this.#indexOp(0x0c, this.depthOf(label));
  }

  /** `br_if label` (pops an i32 condition). */
  brIf(label: Label): this {
    return this.#indexOp(0x0d, this.depthOf(label));
  }

  /** `br_table labels… defaultLabel` (pops an i32 index; out of range goes to the default). */
  brTable(labels: readonly Label[], defaultLabel: Label): this {
    const depths = labels.map((l) => this.depthOf(l));
    const fallback = this.depthOf(defaultLabel);
    this.code.u8(0x0e);
    this.code.u32(depths.length);
    for (const d of depths) this.code.u32(d);
    this.code.u32(fallback);
    return this;
  }

  /** Number of labels in scope (0 outside any block). */
  get labelDepth(): number {
    return this.#labels.length;
  }
}
