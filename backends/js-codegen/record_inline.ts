/**
 * Records read by the generated code itself: for each b-tree cursor whose fields the
 * program reads (Column), a function in the generated source (or, for a table scan the
 * function steps itself, leaf_loops.ts, a block where the loop's body starts) parses the
 * current entry's record header once per position, as far as the highest field read and no
 * further, into locals holding just those fields' serial types and offsets; each Column
 * then decodes its value inline (NULL, integers of up to 4 bytes, 0 and 1) or through the
 * shared decoder (`core/format/record.ts`: wider integers, REAL, TEXT, BLOB), and a column
 * compared as bytes with a TEXT constant is compared where it lies. (Parsing lazily, field
 * by field as RecordReader does, measured slower: a call per field read costs more than
 * the header bytes a rejected row leaves unread.)
 *
 * Only the common case is inlined, and it is recognised, not assumed: a record whose
 * header lies on its page, with a one-byte header size and serial types of at most three
 * bytes, no reserved serial type and values inside the record. Anything else (a NULL row,
 * a cursor on no entry, a malformed header) leaves the position to the cursor's own reader
 * (`VCursor.column`), which reads it or reports the corruption exactly as the interpreter
 * does; so does every field past {@link MAX_INLINE_FIELD}, and, in a record that overflows
 * its page, every field whose value does not end on the page (the fields before a long
 * text or blob are still read where they lie). tests/js_record_inline_test.ts holds the
 * two to the same answers.
 *
 * Names made here: `h<c>` (the parse), `p<c>` (its block, left where the record ends),
 * `H<c>` (the cursor stamp parsed; in a leaf loop a row count), `E<c>`, `Q<c>`, `N<c>`
 * and `M<c>` (a leaf loop's page, cell, cell count, and the function that
 * takes them from the cursor after it moves), `q<c>` (in the function of a leaf loop's JS
 * loop, its cell, a local), `G<c>` (true: the cursor's reader has
 * this position), `D<c>` (the page's bytes), `T<c>_<f>` and `O<c>_<f>` (field f's serial
 * type, {@link MISSING} or {@link ON_OVERFLOW}, and offset), `X<c>_<f>` and `Y<c>_<f>`
 * (a TEXT field read more than once: the stamp it was decoded at, and its string), `SZ`
 * (value sizes of the serial types of one header byte) and `I` (a small integer's value). In a scan written as a
 * JS loop (loop_regions.ts) G, D, T and O are locals of the loop's body.
 */
import { Op, OPCODES } from "../bytecode/opcodes.ts";
import type { CompiledProgram, Insn } from "../bytecode/program.ts";
import { StorageClass } from "../../core/value/types.ts";
import { leafLoops } from "./leaf_loops.ts";
import { serialTypeSize } from "../../core/format/record.ts";
import { getOrMake } from "../../core/util/multimap.ts";
import { setValue } from "./fast_paths.ts";
import type { LoopRegion } from "./loop_regions.ts";

/** Fields past this one are read by the cursor's reader (the parse is unrolled per field). */
export const MAX_INLINE_FIELD = 63;

/** `T<c>_<f>` of a field the record is too short to hold: it reads as the column's default. */
const MISSING = -1;
/**
 * `T<c>_<f>` of a field whose value ends past the page (overflow) is `ON_OVERFLOW - t` for
 * its serial type `t`: the cursor's reader reads its value, but its type is known from
 * the header on the page, so a NULL test or count(x) reads no overflow page (SQLite's
 * OP_Column reads no more either).
 */
const ON_OVERFLOW = -3;

/**
 * `SZ[t]`: the value size of each serial type of one header byte (0–127); the reserved 10
 * and 11 run past any record. One load where `t >= 12 ? … : …` mispredicts row by row on
 * a column that is NULL in some rows (a filtered scan measured 0.88× the time with it).
 */
export const SERIAL_SIZES = Int32Array.from(
  { length: 128 },
  (_, t) => t === 10 || t === 11 ? 1e9 : serialTypeSize(t),
);

/** The value size of serial type `t` (an expression, any type of at most three bytes). */
const size = (t: string) => `(${t}<128?SZ[${t}]:${t}-12>>>1)`;

/**
 * The statement that leaves (`fail`) unless the header size `d[s]` is a byte of 1–127 and
 * the header, ending at `e`, lies within the record's part on the page (ending at `l`).
 * An empty record (`s` at the record's end) fails too: its "size" is a byte past the record,
 * 0, or one that puts `e` past `l`.
 */
const headerSizeTest = (l: string, fail: string) => `if(d[s]-1>>>0>126||e>${l})${fail};`;

/** `I(d, o, t)`: the big-endian signed integer of serial type `t` (1–4) at `d[o]`. */
const READ_INT =
  "function I(d,o,t){let v=d[o]<<24>>24;for(let i=1;i<t;i++)v=v*256+d[o+i];return v}";

/** The inline record readers of one program. */
export class InlineReaders {
  /** Per cursor read inline: the fields the program reads, ascending. */
  readonly #fields = new Map<number, number[]>();

  /** `c_f` of each field more than one Column reads: its TEXT is decoded once per position. */
  readonly #reread = new Set<string>();

  /** `leaf`: the function runs the whole program, so it may step table scans itself. */
  constructor(p: CompiledProgram, leaf: boolean) {
    const fields = new Map<number, Set<number>>();
    const seen = new Set<string>();
    for (const ins of p.code) {
      // An index range's end test reads the entry's first field (indexKey).
      const index = ins.op >= Op.IdxGT && ins.op <= Op.IdxLE;
      if (ins.op !== Op.Column && !index) continue;
      getOrMake(fields, ins.p1, () => new Set()).add(index ? 0 : ins.p2);
      if (index) continue;
      const key = `${ins.p1}_${ins.p2}`;
      if (seen.has(key)) this.#reread.add(key);
      seen.add(key);
    }
    for (const [cursor, set] of fields) {
      const inline = [...set].filter((f) => f <= MAX_INLINE_FIELD).sort((a, b) => a - b);
      if (inline.length) this.#fields.set(cursor, inline);
    }
    if (leaf) this.#loops = leafLoops(p, this.#fields, MAX_INLINE_FIELD);
  }

  /** Per cursor stepped along its leaves by the function (leaf_loops.ts): its body's start. */
  readonly #loops: ReadonlyMap<number, number> = new Map();

  /**
   * Per leaf loop whose header is parsed in stages (see {@link stage}): the highest field
   * parsed where the body starts.
   */
  readonly #firstStage = new Map<number, number>();

  /**
   * After an address that may leave the row: the cursor, the field its parse stopped at,
   * and the field it goes on to.
   */
  readonly #stageAt = new Map<number, [cursor: number, from: number, upTo: number]>();

  /**
   * Splits the header parse of a leaf loop's row (a JS loop, `region`) at the tests that
   * may leave the row: where the body starts, only the fields the statements before the
   * first such test read; after each, on to the fields read before the next (after the
   * last, all). A row rejected by a test on an early field leaves the rest of its header
   * unread, as SQLite's OP_Column parses only as far as the field it reads (`… WHERE
   * duration IS NULL AND gender = 'x'` parsed eleven fields a row for one test). Only in the
   * stretch where every statement is reached from the one before (no jump lands there,
   * each jump leaves the row), and where each address's statement is its own (`fused`:
   * addresses written into a later statement).
   */
  stage(p: CompiledProgram, region: LoopRegion, fused: ReadonlySet<number>): void {
    const c = region.cursor, fields = this.#fields.get(c);
    if (this.#loops.get(c) !== region.start || !fields) return;
    // Each cut: its address, and the highest field read before it.
    const cuts: number[][] = [];
    let high = -1;
    for (let pc = region.start; pc < region.end; pc++) {
      const ins = p.code[pc];
      // (A forward jump lands after the start.)
      if (region.targets.includes(pc) || ins.op === Op.ResultRow) break;
      // (A leaf loop's fields are all read inline.)
      if (ins.op === Op.Column && ins.p1 === c) high = Math.max(high, ins.p2);
      if (!OPCODES[ins.op].jump) continue;
      if (ins.p2 < region.end || fused.has(pc)) break;
      cuts.push([pc, high]);
    }
    if (!cuts.length) return;
    // After each cut, on to what the statements before the next one read (after the last,
    // all), from where the parse stopped.
    let done = cuts[0][1];
    this.#firstStage.set(c, done);
    cuts.forEach(([pc], i) => {
      const upTo = cuts[i + 1]?.[1] ?? fields.at(-1)!;
      if (upTo > done) this.#stageAt.set(pc, [c, done, done = upTo]);
    });
  }

  /** The parse's next stage after the statement of addresses `pcs` (see {@link stage}). */
  stageAfter(pcs: readonly number[]): string {
    return pcs.map((pc) => {
      const stage = this.#stageAt.get(pc);
      return stage ? this.#resume(...stage) : "";
    }).join("");
  }

  /**
   * The declaration, at the top of a JS loop's body, of cursor c's row: the header's
   * results as locals of the loop, which no row leaves to the next (and the dispatch
   * loop never carries: kept in the closure, every parse stored them there).
   */
  rowLocals(c: number): string {
    if (!this.#loops.has(c)) return "";
    const fields = this.#fields.get(c)!.map((f) => `T${c}_${f}=-1,O${c}_${f}=0`);
    // A parse in stages keeps where it stopped: header byte, value offset, header end,
    // record end, end on the page (one cursor's: a loop steps one).
    const state = this.#firstStage.has(c) ? "Jp=0,Jb=0,Je=0,Jz=0,Jl=0," : "";
    return `let G${c}=true,D${c}=null,${state}${fields};`;
  }

  /** Whether field `field` of `cursor` is read inline. */
  covers(cursor: number, field: number): boolean {
    return field <= MAX_INLINE_FIELD && this.#fields.has(cursor);
  }

  /** The declarations and parse functions, for the head of the generated function. */
  head(): string[] {
    if (!this.#fields.size) return [];
    const out = [`const SZ=RT.serialSizes;`, READ_INT];
    for (const [c, fields] of this.#fields) {
      const locals = fields.map((f) =>
        `T${c}_${f}=-1,O${c}_${f}=0` +
        (this.#reread.has(`${c}_${f}`) ? `,X${c}_${f}=-1,Y${c}_${f}=null` : "")
      );
      out.push(`let H${c}=-1,G${c}=true,D${c}=null,${locals};`);
      if (!this.#loops.has(c)) out.push(`function h${c}(){`, ...this.#parser(c, fields), `}`);
      else {
        // E: the leaf page, Q: the cell the function is on, N: the leaf's cells (0: the
        // cursor's own position is the one to read).
        out.push(
          `let E${c}=null,Q${c}=-1,N${c}=0;`,
          `function M${c}(ok){const u=c${c}.bt,g=u.page;` +
            `if(ok&&g.isLeaf&&g.isTable){E${c}=g;Q${c}=u.pageIndex;N${c}=g.nCells}` +
            `else{Q${c}=-1;N${c}=0;G${c}=true}return ok}`,
        );
      }
    }
    return out;
  }

  /**
   * `h<c>()`: parses the header of cursor c's current record, or leaves the position to
   * the cursor's reader (G<c> stays true). Mirrors RecordReader.resetLocal and #parseTo.
   */
  #parser(c: number, fields: readonly number[]): string[] {
    // In a leaf loop the parse is a block at the body's start, left with `break`.
    const leaf = this.#loops.has(c), fail = leaf ? `break h${c}` : "return";
    // z: the record's end; l: the end of its part on the page (before z if it overflows).
    const located = [
      // (A cursor a DeferredSeek left seeks first: VCursor.at.)
      leaf ? `const u=c${c}.bt;` : `const u=c${c}.at();H${c}=u.stamp;G${c}=true;`,
      leaf ? `if(${this.#q(c)}>=0)u.setLeafIndex(${this.#q(c)});` : "",
      `if(c${c}.nullRow)${fail};`,
      `const s=u.localRecord();`,
      `if(s<0)${fail};`,
      `const d=u.page.data,z=s+u.recordSize,l=s+u.localSize,e=s+d[s];`,
      headerSizeTest("l", fail),
      ...this.#fieldsParse(c, fields, fail, "l"),
    ];
    if (!leaf) return located;
    // In a leaf loop, the common case apart: a record that BtreePage.wholeRecord located,
    // all on the page (l is z). Apart, its parse tests less per row (no overflow marks).
    const g = `E${c}`, q = this.#q(c);
    return [
      `h${c}:{G${c}=true;H${c}++;let s=-1;`,
      `if(${q}>=0&&(s=${g}.wholeRecord(${q}))>=0){`,
      `const d=${g}.data,z=s+${g}.lastPayload,e=s+d[s];`,
      headerSizeTest("z", fail),
      ...this.#fieldsParse(c, fields, fail, null),
      `}else{`,
      ...located,
      `}`,
    ];
  }

  /**
   * The parse of the header (of `d`, the record at `s` ending at `z`, its header at `e`)
   * into T<c>_<f> and O<c>_<f>; `l`: the end of the record's part on the page, or null
   * when it is all on the page.
   */
  #fieldsParse(c: number, fields: readonly number[], fail: string, l: string | null): string[] {
    const staged = this.#firstStage.get(c);
    return [
      `let p=s+1,b=e,t=0;`,
      fields.map((f) => `T${c}_${f}=${MISSING};`).join(""),
      this.#fieldTypes(c, -1, staged ?? fields.at(-1)!, fail, l, "z"),
      `D${c}=d;`,
      staged === undefined ? "" : `Jp=p;Jb=b;Je=e;Jz=z;Jl=${l ?? "z"};`,
    ];
  }

  /**
   * The serial types of the fields after `from` up to `upTo`, from header byte `p` (value
   * offset `b`) of the header ending at `e`, in `d`; G<c> set to whether values run past
   * the record's end `z`, and fields whose values end past `l` (the end of the part on the
   * page) marked as the cursor's reader's.
   */
  #fieldTypes(c: number, from: number, upTo: number, fail: string, l: string | null, z: string) {
    const fields = this.#fields.get(c)!.filter((f) => f > from && f <= upTo);
    // Per field: the record may end (the parse block is left); a serial type of three
    // bytes at most (a text or blob of up to a megabyte), inside the header.
    const type = `t=d[p++];if(t>127){if(p===e)${fail};t&=127;let u=d[p++];` +
      `if(u>127){if(p===e||d[p]>127)${fail};t=t<<7|u&127;u=d[p++]}t=t<<7|u}`;
    // A header whose next bytes are one field each (every serial type below 128, the
    // common case) is read at fixed offsets, without a test per field.
    let out = `p${c}:{`, fast = "", bytes = "";
    for (let f = from + 1, i = 0; f <= upTo; f++, i++) {
      const keep = fields.includes(f) ? `T${c}_${f}=t;O${c}_${f}=b;` : "";
      out += `if(p===e)break p${c};${type}${keep}b+=${size("t")};`;
      fast += `t=d[p+${i}];${keep}b+=SZ[t];`;
      bytes += `|d[p+${i}]`;
    }
    if (fast) {
      out = `if(e-p>=${upTo - from}&&(${bytes.slice(1)})<128){${fast}p+=${upTo - from}}else ${out}`;
    }
    // Values past the end of the record are damage: the cursor's reader reports it. In a
    // record that overflows its page, the fields whose values end past the page are the
    // cursor's reader's.
    const marks = fields.map((f) => {
      const t = `T${c}_${f}`, o = `O${c}_${f}`;
      return `if(${t}>=0&&${o}+${size(t)}>${l})${t}=${ON_OVERFLOW}-${t};`;
    });
    return `${out}}G${c}=b>${z};${l === null ? "" : `if(${l}<${z}){${marks.join("")}}`}`;
  }

  /**
   * The next stage of a leaf loop's parse (see {@link stage}): the fields after `from` up
   * to `upTo`, from where the stage before stopped, unless the cursor's reader has the row.
   */
  #resume(c: number, from: number, upTo: number): string {
    return `if(!G${c}){h${c}:{G${c}=true;let p=Jp,b=Jb,t=0;const d=D${c},e=Je;` +
      `${this.#fieldTypes(c, from, upTo, `break h${c}`, "Jl", "Jz")}Jp=p;Jb=b}${this.#told(c)}}`;
  }

  /**
   * The statements where a leaf loop's body starts at address `pc`: its row's record
   * parsed, and the cursor told its position when its reader is to read the row.
   */
  loopStart(pc: number): string {
    let out = "";
    for (const [c, start] of this.#loops) {
      if (start !== pc) continue;
      out += `${this.#parser(c, this.#fields.get(c)!).join("")}}${this.#told(c)};`;
    }
    return out;
  }

  /** The leaf loop whose JS loop's function is being written, if any (see {@link #q}). */
  #local = -1;

  /**
   * Cursor c's cell index: in the function of its leaf loop a local (`q<c>`), read from
   * Q<c> where the function starts and written back ({@link sync}) where it returns, but
   * after the cursor moved on (M<c> then sets Q<c>): a row's step writes no variable of
   * the closure (a scan 3–7 % faster).
   */
  #q(c: number): string {
    return c === this.#local ? `q${c}` : `Q${c}`;
  }

  /**
   * The function of the JS loop `region` is written from now on (until the next one): the
   * declaration of its locals.
   */
  enterLoop(region: LoopRegion): string {
    const c = region.cursor;
    this.#local = this.#loops.get(c) === region.start ? c : -1;
    return this.#local < 0 ? "" : `let q${c}=Q${c};`;
  }

  /** Before the loop's function returns (its cursor not moved on): its locals written back. */
  sync(): string {
    const c = this.#local;
    return c < 0 ? "" : `Q${c}=q${c};`;
  }

  /** The cursor told its position when its reader is to read the row. */
  #told(c: number): string {
    return `if(G${c}&&${this.#q(c)}>=0)c${c}.bt.setLeafIndex(${this.#q(c)})`;
  }

  /**
   * Rewind, Next (Last, Prev) and Rowid of a cursor in a leaf loop (null for any other
   * instruction):
   * the steps along the leaf counted here, the cursor told where it is before it moves on;
   * the rowid read from the cell. `jump`: the statement that jumps to the target (from a
   * new page: `page`).
   */
  leafStep(ins: Insn, jump: (page?: boolean) => string): string | null {
    const c = ins.p1, q = this.#q(c), n = `N${c}`;
    if (!this.#loops.has(c)) return null;
    if (ins.op === Op.Rewind || ins.op === Op.Last) {
      return `c${c}.nullRow=false;if(!M${c}(c${c}.bt.${ins.op === Op.Last ? "last" : "first"}()))` +
        jump();
    }
    if (ins.op === Op.Next) {
      return `if(++${q}<${n})${jump()}if(${n}>0)c${c}.bt.setLeafIndex(${n}-1);` +
        `if(M${c}(c${c}.bt.next()))${jump(true)}`;
    }
    if (ins.op === Op.Prev) {
      return `if(--${q}>=0)${jump()}if(${n}>0)c${c}.bt.setLeafIndex(0);` +
        `if(M${c}(c${c}.bt.prev()))${jump(true)}`;
    }
    if (ins.op !== Op.Rowid) return null;
    // A row parsed on the leaf (G<c> false) is in a cell whose key can be read; the
    // cursor knows any other row (the parse told it).
    const out = `r${ins.p2}`;
    return `if(!G${c}&&${q}>=0)${setValue(out, `RT.cellKey(E${c},${q})`, StorageClass.Integer)}` +
      `else c${c}.rowid(${out});`;
  }

  /** Brings cursor c's locals up to its position. */
  #fresh(c: number): string {
    if (this.#loops.has(c)) return ""; // parsed where the loop's body starts
    return `if(c${c}.nullRow||c${c}.bt.stamp!==H${c})h${c}();`;
  }

  /**
   * Column: the value of field `ins.p2` into `ins.p3`. `generic` is the template's
   * statement; `missing` its statement for a shorter record; `real`: an INTEGER read is
   * made REAL (the column has REAL affinity).
   */
  column(ins: Insn, generic: string, missing: string, real: boolean): string {
    const c = ins.p1, out = `r${ins.p3}`;
    const int = StorageClass.Integer;
    const toReal = real
      ? `if(${out}.c===${int})${setValue(out, `Number(${out}.v)`, StorageClass.Real)}`
      : "";
    return `${this.#fresh(c)}if(G${c}){${generic}}` +
      `else{const t=T${c}_${ins.p2},o=O${c}_${ins.p2};` +
      `if(t>0&&t<5)${
        setValue(out, `t===1?D${c}[o]<<24>>24:t===2?D${c}[o]<<24>>16|D${c}[o+1]:I(D${c},o,t)`, int)
      }` +
      `else if(t===8||t===9)${setValue(out, "t-8", int)}` +
      `else if(t===0)${setValue(out, "null", StorageClass.Null)}` +
      `else if(t<0){if(t===${MISSING}){${missing}}else{${generic}}}` +
      `else${this.#decoded(c, ins.p2, out)}${toReal}}`;
  }

  /**
   * The statement that decodes field `f` (REAL, wide integers, TEXT, BLOB): a TEXT that
   * more than one Column reads is decoded once per position (`Y<c>_<f>`, kept with the
   * stamp `X<c>_<f>` it was decoded at).
   */
  #decoded(c: number, f: number, out: string): string {
    const decode = `RT.decodeValue(D${c},o,t,ENC)`;
    const plain = setValue(out, decode, `RT.fieldClass(t,${out}.v)`);
    if (!this.#reread.has(`${c}_${f}`)) return plain;
    const x = `X${c}_${f}`, y = `Y${c}_${f}`;
    return `{if(t>=13&&t&1){if(${x}!==H${c}){${y}=${decode};${x}=H${c}}` +
      `${setValue(out, y, StorageClass.Text)}}else${plain}}`;
  }

  /**
   * `test(d, o, n)` (an expression over the expressions it is given: field `f` of cursor
   * `c` is TEXT at `d[o, o + n)`, on the page or, for a field past it, in the payload the
   * cursor's reader assembles) into the local `e` when the field is TEXT; null when it is
   * not, or when the position is the cursor's reader's (the caller then reads the field
   * and goes the general way).
   */
  textField(c: number, f: number, test: (d: string, o: string, n: string) => string): string {
    const t = `T${c}_${f}`;
    if (!this.covers(c, f)) return "const e = null;";
    // A field past the page (an overflowing record): its bytes in the assembled payload.
    const overflow = `else if(${t}<=${ON_OVERFLOW}){const q=c${c}.bt.record(),u=q.locate(${f});` +
      `if(u>=13&&u&1)e=${test("q.rawBuf", "q.rawStart", "u-13>>>1")}}`;
    return `${this.#fresh(c)}let e=null;if(!G${c}){if(${t}>=13&&${t}&1)` +
      `e=${test(`D${c}`, `O${c}_${f}`, `${t}-13>>>1`)};${overflow}}`;
  }

  /**
   * `test(t)` (an expression over the expression it is given: field `f`'s serial type,
   * whether its value lies on the page or not) into the local `e` when the record holds
   * the field; null when it does not (the field reads as the column's default) or when the
   * position is the cursor's reader's.
   */
  serialField(c: number, f: number, test: (t: string) => string): string {
    const t = `T${c}_${f}`;
    if (!this.covers(c, f)) return "const e = null;";
    const type = `(${t}<0?${ON_OVERFLOW}-${t}:${t})`;
    return `${this.#fresh(c)}const e=!G${c}&&${t}!==${MISSING}?${test(type)}:null;`;
  }

  /**
   * `test(v)` (an expression over the expression it is given: field `f`'s value) into the
   * local `e` when the field holds an INTEGER of up to four bytes, 0 or 1; null when it
   * holds anything else or the position is the cursor's reader's (the caller then reads
   * the field and goes the general way).
   */
  intField(c: number, f: number, test: (v: string) => string): string {
    const t = `T${c}_${f}`;
    if (!this.covers(c, f)) return "const e = null;";
    return `${this.#fresh(c)}const e=!G${c}&&(${t}>0&&${t}<5||${t}===8||${t}===9)?` +
      `${test(`(${t}>4?${t}-8:I(D${c},O${c}_${f},${t}))`)}:null;`;
  }

  /**
   * IdxGT … IdxLE on cursor `c` with the key `R[start ..]` of `n` fields: into the local `e`
   * the entry's order against it from its first field (VCursor.compareInline), or undefined
   * where the cursor's reader is to compare (no parse, no such field, NULL, past the page).
   */
  indexKey(c: number, start: number, n: number): string {
    const t = `T${c}_0`;
    return `${this.#fresh(c)}const e=!G${c}&&${t}>0?` +
      `c${c}.compareInline(R,${start},${n},D${c},O${c}_0,${t}):undefined;`;
  }

  /** After OpenRead of cursor `c`: a new cursor's stamps start again. */
  opened(c: number): string {
    const fields = this.#fields.get(c);
    if (!fields) return "";
    const decoded = fields.filter((f) => this.#reread.has(`${c}_${f}`)).map((f) =>
      `X${c}_${f}=-1;`
    );
    return `H${c}=-1;${decoded.join("")}`;
  }
}
