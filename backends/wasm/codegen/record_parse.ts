/**
 * Per native cursor, a function of the statement's module that reads the header of the
 * cursor's cached cell (runtime/cell.ts) in the common case, unrolled for exactly the
 * fields the program reads: a one-byte header size, one-byte serial types, none reserved,
 * every value inside the record. It writes the fields read into the cursor's field table
 * (plan/frame_layout.ts `CursorField.Table`) as the runtime's generic `field` does, and
 * leaves any other record to that routine, which reads it or declines (the JS reader then
 * reports the corruption). Unrolled, with the sizes from a table (runtime/shared.ts
 * `StaticArea`), a field costs a load and an add, and no branch (the generic loop
 * measured three times that), as in the JS backend's inline parse
 * (js-codegen/record_inline.ts).
 */
import { Op } from "../../bytecode/opcodes.ts";
import type { CompiledProgram } from "../../bytecode/program.ts";
import { Load, Plain, Store } from "../emit/instructions.ts";
import type { ModuleBuilder } from "../emit/module_builder.ts";
import { CursorField, FIELD_ENTRY } from "../plan/frame_layout.ts";
import type { NativePlan } from "../plan/native.ts";
import { StaticArea } from "../runtime/shared.ts";

/** The highest field an unrolled parse reaches (a one-byte header holds at most 126 types). */
const MAX_UNROLLED_FIELD = 63;

/** Per cursor with an unrolled parse, the function `parse(cursor)`'s index in `m`. */
export function addRecordParsers(
  m: ModuleBuilder,
  p: CompiledProgram,
  plan: NativePlan,
): Map<number, number> {
  const fields = new Map<number, Set<number>>();
  p.code.forEach((ins, pc) => {
    if (ins.op !== Op.Column || !plan.native[pc]) return;
    const set = fields.get(ins.p1) ?? new Set<number>();
    fields.set(ins.p1, set.add(ins.p2));
  });
  const parsers = new Map<number, number>();
  for (const [cursor, read] of fields) {
    if (Math.max(...read) <= MAX_UNROLLED_FIELD) parsers.set(cursor, addRecordParser(m, read));
  }
  return parsers;
}

/**
 * Adds `parse(cursor)` for the fields `read` (none past {@link MAX_UNROLLED_FIELD}) to
 * `m`; returns its index. On success the cursor's `Parsed` is the last field read + 1;
 * otherwise nothing is written but table entries (the generic routine then reads it).
 */
export function addRecordParser(m: ModuleBuilder, read: ReadonlySet<number>): number {
  const last = Math.max(...read);
  const f = m.addFunction(["i32"], [], "parse");
  const st = 0;
  const [rec, size, body, t] = ["rec", "size", "body", "t"].map((name) => f.addLocal("i32", name));
  const addSize = () => {
    f.localGet(body).localGet(t).i32Const(2).op(Plain["i32.shl"]);
    f.load(Load["i32.load"], StaticArea.SerialSizes).op(Plain["i32.add"]).localSet(body);
  };
  f.localGet(st).load(Load["i32.load"], CursorField.CachedRecord).localSet(rec);
  f.localGet(st).load(Load["i32.load"], CursorField.CachedSize).localSet(size);
  // The header size: one byte, room for a one-byte type per field up to the last read,
  // inside the record.
  f.localGet(rec).load(Load["i32.load8_u"], 0).localTee(t).i32Const(last + 2).op(Plain["i32.sub"]);
  f.i32Const(127 - (last + 2)).op(Plain["i32.gt_u"]);
  f.localGet(t).localGet(size).op(Plain["i32.gt_u"]).op(Plain["i32.or"]);
  f.ifElse("empty", () => f.op(Plain["return"]));
  f.localGet(rec).localGet(t).op(Plain["i32.add"]).localSet(body);
  for (let field = 0; field <= last; field++) {
    f.localGet(rec).load(Load["i32.load8_u"], 1 + field).localSet(t);
    if (read.has(field)) {
      const entry = CursorField.Table + field * FIELD_ENTRY;
      f.localGet(st).localGet(t).store(Store["i32.store"], entry);
      f.localGet(st).localGet(body).store(Store["i32.store"], entry + 4);
    }
    addSize();
  }
  // Every value up to the last read inside the record: a type the table marks (reserved,
  // or a varint's first byte) adds more than a record holds. Measured from the record's
  // start, so that the test holds even if the addresses wrapped around.
  f.localGet(body).localGet(rec).op(Plain["i32.sub"]).localGet(size).op(Plain["i32.gt_u"]);
  f.ifElse("empty", () => f.op(Plain["return"]));
  f.localGet(st).i32Const(last + 1).store(Store["i32.store"], CursorField.Parsed);
  return f.index;
}
