/**
 * Native access to the current cell of a native cursor (plan/frame_layout.ts
 * `CursorField`): its rowid and its record's header, with the bounds checks core's reader
 * makes (core/format/cursor.ts, btree_page.ts, record.ts); anything else (an overflowing
 * payload, a malformed cell, a cursor on no entry) is declined and read by the JS cursor.
 */
import type { FunctionBuilder } from "../emit/function_builder.ts";
import type { ModuleBuilder } from "../emit/module_builder.ts";
import { Load, Plain, Store } from "../emit/instructions.ts";
import { CursorField, CursorMode, FIELD_ENTRY } from "../plan/frame_layout.ts";
import { Slot } from "./reg_slots.ts";
import { StaticArea } from "./static_area.ts";

/**
 * `cell(cursor, want) -> record address` (0: declined): the current cell of a native cursor
 * on a table leaf, kept whole on the leaf, cached in the cursor with its rowid
 * (`CursorField.Cached*`), and its header read into the cursor's field table as far as
 * field `want` - 1 (readHeader, handing the unusual records to `header`); the checks are
 * core's (cursor.ts, btree_page.ts).
 */
export function addCell(
  m: ModuleBuilder,
  varint: number,
  varintEnd: number,
  header: number,
): number {
  const f = m.addFunction(["i32", "i32"], ["i32"], "cell");
  const [st, want] = [0, 1];
  const sz = f.addLocal("i32", "sz");
  const leaf = f.addLocal("i32", "leaf"), off = f.addLocal("i32", "off");
  const end = f.addLocal("i32", "end"), size = f.addLocal("i64", "size");
  const p = f.addLocal("i32", "p"), idx = f.addLocal("i32", "idx");
  const rowid = f.addLocal("i64", "rowid");
  const decline = () => f.i32Const(0).op(Plain["return"]);
  const declineIf = () => f.ifElse("empty", decline);
  f.localGet(st).load(Load["i32.load"], CursorField.Mode).i32Const(CursorMode.Native).op(
    Plain["i32.ne"],
  );
  declineIf();
  // (The module calls this only when the cached cell is another row's.)
  f.localGet(st).load(Load["i32.load"], CursorField.Index).localSet(idx);
  f.localGet(st).load(Load["i32.load"], CursorField.Leaf).localSet(leaf);
  f.localGet(st).load(Load["i32.load"], CursorField.UsableEnd).localSet(end);
  f.localGet(idx);
  f.localGet(st).load(Load["i32.load"], CursorField.Count).op(Plain["i32.ge_u"]);
  declineIf();
  // The cell pointer, checked to lie in the cell content area (btree_page.ts cellOffset).
  f.localGet(st).load(Load["i32.load"], CursorField.CellPtr).localGet(idx).i32Const(1).op(
    Plain["i32.shl"],
  );
  f.op(Plain["i32.add"]).localTee(p).load(Load["i32.load8_u"], 0).i32Const(8).op(Plain["i32.shl"]);
  f.localGet(p).load(Load["i32.load8_u"], 1).op(Plain["i32.or"]).localGet(leaf).op(Plain["i32.add"])
    .localTee(off);
  f.localGet(st).load(Load["i32.load"], CursorField.CellPtr);
  f.localGet(st).load(Load["i32.load"], CursorField.Count).i32Const(1).op(Plain["i32.shl"]).op(
    Plain["i32.add"],
  );
  f.op(Plain["i32.lt_u"]);
  f.localGet(off).i32Const(4).op(Plain["i32.add"]).localGet(end).op(Plain["i32.gt_u"]).op(
    Plain["i32.or"],
  );
  declineIf();
  // Payload size (one byte for most rows), then the rowid; a payload that overflows is
  // the JS reader's.
  f.localGet(off).load(Load["i32.load8_u"], 0).localTee(p).i32Const(0x80).op(Plain["i32.lt_u"]);
  f.ifElse("empty", () => {
    f.localGet(p).op(Plain["i64.extend_i32_u"]).localSet(size);
    f.localGet(off).i32Const(1).op(Plain["i32.add"]).globalSet(varintEnd);
  }, () => {
    f.localGet(off).localGet(end).call(varint).localSet(size);
  });
  f.globalGet(varintEnd).op(Plain["i32.eqz"]);
  f.localGet(size).localGet(st).load(Load["i32.load"], CursorField.MaxLocal).op(
    Plain["i64.extend_i32_u"],
  );
  f.op(Plain["i64.gt_u"]).op(Plain["i32.or"]);
  declineIf();
  f.globalGet(varintEnd).localGet(end).call(varint).localSet(rowid);
  f.globalGet(varintEnd).localSet(p);
  f.localGet(p).op(Plain["i32.eqz"]);
  f.localGet(p).localGet(size).op(Plain["i32.wrap_i64"]).localTee(sz).op(Plain["i32.add"]);
  f.localGet(end).op(Plain["i32.gt_u"]).op(Plain["i32.or"]);
  declineIf();
  f.localGet(st).localGet(idx).i32Const(1).op(Plain["i32.add"]).store(
    Store["i32.store"],
    CursorField.CachedIndex,
  );
  f.localGet(st).localGet(rowid).store(Store["i64.store"], CursorField.CachedRowid);
  f.localGet(st).i32Const(0).store(Store["i32.store"], CursorField.Parsed);
  f.localGet(want).ifElse(
    "empty",
    () => readHeader(f, { st, want, p, sz, varint, varintEnd }, header),
  );
  f.localGet(p);
  return f.index;
}

/**
 * `header(cursor, want, record, size) -> record`: {@link readHeader}'s careful loop, for the
 * records `cell`'s fast path leaves (a wide type, fewer fields, a long header). A function
 * of its own, so that `cell` stays small enough for V8 to inline into `run` (a scan went
 * about 10 % faster inlined).
 */
export function addHeader(m: ModuleBuilder, varint: number, varintEnd: number): number {
  const f = m.addFunction(["i32", "i32", "i32", "i32"], ["i32"], "header");
  const [st, want, p, sz] = [0, 1, 2, 3];
  readHeader(f, { st, want, p, sz, varint, varintEnd });
  f.localGet(p);
  return f.index;
}

/**
 * The record at `p` (`sz` bytes)'s header, as far as field `want` - 1, into the cursor's
 * field table; its `Parsed` set to the number of fields read (`want`, or fewer in a record
 * with fewer fields: ALTER TABLE ADD COLUMN) when their values lie in the record, else left
 * 0: a damaged record, which JS reads. A serial type of one byte (nearly all) has its size
 * from the static table (static_area.ts), which marks the reserved 10 and 11 with a size no
 * record holds: found past the record's end when the loop ends, with nothing checked per
 * field. A wider one (long TEXT or BLOB) is a varint, checked at once so that the sum of
 * the sizes never wraps around. With `careful` (in `cell`), only the one-byte types are
 * read, and any other header is handed to that function; without (in it), the careful loop.
 */
function readHeader(
  f: FunctionBuilder,
  { st, want, p, sz, varint, varintEnd }: Record<string, number>,
  careful?: number,
): void {
  const [q, hdrEnd, body, e, t, len, last] = ["q", "hdr_end", "body", "e", "t", "len", "last"].map((
    name,
  ) => f.addLocal("i32", name));
  const wide = f.addLocal("i64", "wide");
  // The cell is read all the same: its record's address.
  const stop = () => f.localGet(p).op(Plain["return"]);
  // With a `careful` function, what its loop would read is handed to it.
  const handOver = () =>
    f.localGet(st).localGet(want).localGet(p).localGet(sz).call(careful!).op(Plain["return"]);
  // A varint at q below `limit` into t, q past it; a malformed one or one of more than 32
  // bits stops.
  const wideVarint = (limit: () => void) => {
    f.localGet(q);
    limit();
    f.call(varint).localTee(wide).i64Const(0xffffffffn).op(Plain["i64.gt_u"]);
    f.globalGet(varintEnd).localTee(q).op(Plain["i32.eqz"]).op(Plain["i32.or"]).ifElse(
      "empty",
      stop,
    );
    f.localGet(wide).op(Plain["i32.wrap_i64"]).localSet(t);
  };
  // The header size: at least its own varint, at most the record.
  f.localGet(p).localTee(q).load(Load["i32.load8_u"], 0).localTee(t).i32Const(0x80).op(
    Plain["i32.lt_u"],
  );
  f.ifElse(
    "empty",
    () => f.localGet(p).i32Const(1).op(Plain["i32.add"]).localSet(q),
    careful ? handOver : () => wideVarint(() => f.localGet(p).localGet(sz).op(Plain["i32.add"])),
  );
  f.localGet(t).localGet(sz).op(Plain["i32.gt_u"]);
  f.localGet(p).localGet(t).op(Plain["i32.add"]).localTee(hdrEnd).localGet(q).op(Plain["i32.lt_u"]);
  f.op(Plain["i32.or"]).ifElse("empty", stop);
  f.localGet(hdrEnd).localSet(body);
  f.localGet(st).localTee(e).localGet(want).i32Const(3).op(Plain["i32.shl"]).op(Plain["i32.add"]);
  f.localSet(last);
  if (careful) {
    // With a header byte for each field wanted, one-byte types only, nothing checked per
    // field (nearly every record); a varint type's first byte then counts as a size no record
    // holds, and `careful` reads the header again, as it reads one with fewer bytes (fewer
    // fields, or wide types).
    f.localGet(hdrEnd).localGet(q).op(Plain["i32.sub"]).localGet(want).op(Plain["i32.lt_u"]);
    f.ifElse("empty", handOver);
    f.localGet(q).localSet(len);
    f.loop("empty", (next) => {
      f.localGet(e).localGet(len).load(Load["i32.load8_u"], 0).localTee(t);
      f.store(Store["i32.store"], CursorField.Table);
      f.localGet(e).localGet(body).store(Store["i32.store"], CursorField.Table + 4);
      f.localGet(body).localGet(t).i32Const(2).op(Plain["i32.shl"]);
      f.load(Load["i32.load"], StaticArea.SerialSizes).op(Plain["i32.add"]).localSet(body);
      f.localGet(len).i32Const(1).op(Plain["i32.add"]).localSet(len);
      f.localGet(e).i32Const(FIELD_ENTRY).op(Plain["i32.add"]).localTee(e);
      f.localGet(last).op(Plain["i32.lt_u"]).brIf(next);
    });
    f.localGet(body).localGet(p).op(Plain["i32.sub"]).localGet(sz).op(Plain["i32.gt_u"]);
    f.ifElse("empty", handOver);
  } else carefulLoop(f, { q, hdrEnd, body, e, t, len, last, sz }, stop, wideVarint);
  // The fields read, if their values lie in the record (measured from the record's start:
  // the test holds even if the sum wrapped around).
  f.localGet(body).localGet(p).op(Plain["i32.sub"]).localGet(sz).op(Plain["i32.le_u"]);
  f.ifElse("empty", () => {
    f.localGet(st).localGet(e).localGet(st).op(Plain["i32.sub"]).i32Const(3).op(Plain["i32.shr_u"]);
    f.store(Store["i32.store"], CursorField.Parsed);
  });
}

/**
 * The careful loop of {@link readHeader}: any serial type, each checked; it ends early where
 * the header does (a record with fewer fields: those it has are read).
 */
function carefulLoop(
  f: FunctionBuilder,
  { q, hdrEnd, body, e, t, len, last, sz }: Record<string, number>,
  stop: () => void,
  wideVarint: (limit: () => void) => void,
): void {
  f.block("empty", (done) =>
    f.loop("empty", (next) => {
      f.localGet(q).localGet(hdrEnd).op(Plain["i32.ge_u"]).brIf(done);
      f.localGet(q).load(Load["i32.load8_u"], 0).localTee(t).i32Const(0x80).op(Plain["i32.lt_u"]);
      f.ifElse("empty", () => {
        f.localGet(q).i32Const(1).op(Plain["i32.add"]).localSet(q);
        f.localGet(t).i32Const(2).op(Plain["i32.shl"]).load(
          Load["i32.load"],
          StaticArea.SerialSizes,
        );
        f.localSet(len);
      }, () => {
        wideVarint(() => f.localGet(hdrEnd));
        // (t - 12) / 2 for TEXT and BLOB; a smaller type written wide, from the table.
        f.localGet(t).i32Const(12).op(Plain["i32.sub"]).i32Const(1).op(Plain["i32.shr_u"]);
        f.localGet(t).i32Const(127).op(Plain["i32.and"]).i32Const(2).op(Plain["i32.shl"]);
        f.load(Load["i32.load"], StaticArea.SerialSizes);
        f.localGet(t).i32Const(12).op(Plain["i32.ge_u"]).op(Plain["select"]);
        // No bigger than the record, so that the sum never wraps around.
        f.localTee(len).localGet(sz).op(Plain["i32.gt_u"]).ifElse("empty", stop);
      });
      f.localGet(e).localGet(t).store(Store["i32.store"], CursorField.Table);
      f.localGet(e).localGet(body).store(Store["i32.store"], CursorField.Table + 4);
      f.localGet(body).localGet(len).op(Plain["i32.add"]).localSet(body);
      f.localGet(e).i32Const(FIELD_ENTRY).op(Plain["i32.add"]).localTee(e);
      f.localGet(last).op(Plain["i32.lt_u"]).brIf(next);
    }));
}

/**
 * `text_order(slot, b, n) -> i32`: how the TEXT in `slot` (its bytes' address and length
 * in the value) orders against the `n` bytes at `b`, as SQLite's BINARY (memcmp, then the
 * shorter first): negative, 0 or positive. The fused text comparisons' equality and order.
 */
export function addTextOrder(m: ModuleBuilder): number {
  const f = m.addFunction(["i32", "i32", "i32"], ["i32"], "text_order");
  const [slot, b, n] = [0, 1, 2];
  const [a, na, i, v, d] = ["a", "na", "i", "v", "d"].map((name) => f.addLocal("i32", name));
  const byte = (base: number) =>
    f.localGet(base).localGet(i).op(Plain["i32.add"]).load(Load["i32.load8_u"], 0);
  f.localGet(slot).load(Load["i32.load"], Slot.VALUE).localSet(a);
  f.localGet(slot).load(Load["i32.load"], Slot.VALUE + 4).localTee(na);
  f.localGet(n).localGet(na).localGet(n).op(Plain["i32.lt_u"]).op(Plain["select"]).localSet(v);
  f.block("empty", (done) => {
    f.loop("empty", (more) => {
      f.localGet(i).localGet(v).op(Plain["i32.ge_u"]).brIf(done);
      byte(a);
      byte(b);
      f.op(Plain["i32.sub"]).localTee(d).ifElse("empty", () => f.localGet(d).op(Plain["return"]));
      f.localGet(i).i32Const(1).op(Plain["i32.add"]).localSet(i).br(more);
    });
  });
  f.localGet(na).localGet(n).op(Plain["i32.sub"]);
  return f.index;
}
