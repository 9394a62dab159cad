/**
 * The VM's b-tree positioning steps, kept out of the dispatch loop's body: rowid range
 * seeks and tests, index seeks on a key prefix and index entry comparisons. Each returns
 * whether the instruction's jump is taken.
 */
import { rowidBound, rowidEqKey, rowidKey, RowidSeek } from "../../core/exec/rowid_key.ts";
import { SeekOp } from "../../core/format/cursor.ts";
import { keyComparator } from "../../core/format/index_key.ts";
import { type Reg, setInt, setNull } from "../../core/value/reg.ts";
import { type SqlValue, StorageClass, type TextEncoding } from "../../core/value/types.ts";
import { Op } from "./opcode_spec.ts";
import type { VCursor } from "./vm_objects.ts";

/** SeekRowid: position at the row whose rowid is `k` (after NUMERIC affinity); jump if none. */
export function seekRowid(c: VCursor, k: Reg, enc: TextEncoding): boolean {
  c.nullRow = false;
  return rowidEqKey(k, enc) !== RowidSeek.Key || !c.bt.seekRowidExact(rowidKey);
}

/**
 * RowidBound: the inclusive rowid bound `v` makes (`flags` 1: a lower bound, 2: inclusive)
 * into `out`, NULL when it bounds nothing; jump when no rowid can match.
 */
export function rowidBoundStep(v: Reg, flags: number, out: Reg, enc: TextEncoding): boolean {
  const s = rowidBound(v, !!(flags & 1), !!(flags & 2), enc);
  if (s === RowidSeek.Empty) return true;
  if (s === RowidSeek.Unbounded) setNull(out);
  else setInt(out, rowidKey);
  return false;
}

/** SeekRowidGE / SeekRowidLE: position at the bound (NULL: the first / last row); jump if none. */
export function seekRowidBound(c: VCursor, ge: boolean, k: Reg): boolean {
  c.nullRow = false;
  const ok = k.c === StorageClass.Null
    ? (ge ? c.bt.first() : c.bt.last())
    : c.bt.seekRowid(k.v as number | bigint, ge ? SeekOp.GE : SeekOp.LE);
  return !ok;
}

/** RowidGT / RowidLT: jump when the cursor's rowid is past the (non-NULL) bound. */
export function rowidPast(c: VCursor, gt: boolean, k: Reg): boolean {
  if (k.c === StorageClass.Null) return false;
  const id = c.bt.rowid();
  return gt ? id > (k.v as number) : id < (k.v as number);
}

/** SeekGE/GT/LE/LT and NotFound on an index key prefix `regs[start..start+n)`; jump if none. */
export function seekIndex(
  c: VCursor,
  op: Op,
  regs: readonly Reg[],
  start: number,
  n: number,
): boolean {
  c.nullRow = false;
  const key: SqlValue[] = new Array(n);
  for (let i = 0; i < n; i++) key[i] = regs[start + i].v;
  const cmp = keyComparator(key, c.entry.order!);
  // SeekGE … SeekLT are numbered in SeekOp's order (tests/opcode_order_test.ts).
  const ok = op === Op.NotFound
    ? c.bt.seek(cmp, SeekOp.GE) && cmp(c.bt.record()) === 0
    : c.bt.seek(cmp, (op - Op.SeekGE) as SeekOp);
  return !ok;
}

/**
 * IdxGT/GE/LT/LE: jump when the entry compares so with the key `regs[start..start+n)`
 * (`d`: that order when the caller has it, as generated code may).
 */
export function indexEntryJump(
  c: VCursor,
  op: Op,
  regs: readonly Reg[],
  start: number,
  n: number,
  d: number = c.compareEntry(regs, start, n),
): boolean {
  switch (op) {
    case Op.IdxGT:
      return d > 0;
    case Op.IdxGE:
      return d >= 0;
    case Op.IdxLT:
      return d < 0;
    default:
      return d <= 0;
  }
}
