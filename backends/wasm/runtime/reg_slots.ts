/**
 * Registers in linear memory: the layout native code reads and writes, and the conversion
 * between a slot and a JS {@link Reg} (core/value/reg.ts), which is how values cross between
 * native code and the JS that runs what native code does not.
 *
 * A slot is {@link Slot.SIZE} bytes: the storage class (core's `StorageClass` numbers) as
 * an i32 at +0 and the value at +8: an i64 (INTEGER), the bits of an f64 (REAL), or for
 * TEXT and BLOB a reference to bytes in the memory (offset in the low 32 bits, length in
 * the high 32).
 */
import { type Reg, setNull } from "../../../core/value/reg.ts";
import { normalizeInt, StorageClass } from "../../../core/value/types.ts";

/** A slot's layout. A const enum, so bundles hold the numbers rather than variables. */
export const enum Slot {
  /** Bytes of one register slot. */
  SIZE = 16,
  /** Offset of the storage class in a slot. */
  CLASS = 0,
  /** Offset of the value in a slot. */
  VALUE = 8,
  /**
   * Not a storage class but a marker in a slot's class field: the value lives only in the
   * JS register (a TEXT or BLOB the slot does not hold), so native code must decline on it.
   */
  HELD_IN_JS = 5,
}

/**
 * Writes a NULL, INTEGER or REAL register into the slot at `at`; false (slot untouched)
 * for TEXT and BLOB, whose bytes native code does not own.
 */
export function writeSlot(view: DataView, at: number, r: Reg): boolean {
  switch (r.c) {
    case StorageClass.Null:
      view.setInt32(at + Slot.CLASS, StorageClass.Null, true);
      view.setBigInt64(at + Slot.VALUE, 0n, true);
      return true;
    case StorageClass.Integer: {
      view.setInt32(at + Slot.CLASS, StorageClass.Integer, true);
      const v = r.v as number | bigint;
      if (typeof v === "bigint") {
        view.setBigInt64(at + Slot.VALUE, v, true);
        return true;
      }
      // Two halves instead of a BigInt: every crossing copies a few of these.
      const hi = Math.floor(v / 0x100000000);
      view.setUint32(at + Slot.VALUE, v - hi * 0x100000000, true);
      view.setInt32(at + Slot.VALUE + 4, hi, true);
      return true;
    }
    case StorageClass.Real:
      view.setInt32(at + Slot.CLASS, StorageClass.Real, true);
      view.setFloat64(at + Slot.VALUE, r.v as number, true);
      return true;
    default:
      return false;
  }
}

/**
 * Reads the slot at `at` into `r` when it holds NULL, INTEGER or REAL (false otherwise).
 * A REAL is taken as it is, NaN included: native arithmetic writes NULL where SQLite's
 * result is NaN, and a NaN read from a file is what core's reader gives too.
 */
export function readSlot(view: DataView, at: number, r: Reg): boolean {
  switch (view.getInt32(at + Slot.CLASS, true)) {
    case StorageClass.Null:
      setNull(r);
      return true;
    case StorageClass.Integer: {
      // Two halves first: a BigInt only for values beyond 2^53.
      const lo = view.getUint32(at + Slot.VALUE, true);
      const hi = view.getInt32(at + Slot.VALUE + 4, true);
      r.v = hi >= -0x200000 && hi < 0x200000 && !(hi === -0x200000 && lo === 0)
        ? hi * 0x100000000 + lo
        : normalizeInt(view.getBigInt64(at + Slot.VALUE, true));
      r.c = StorageClass.Integer;
      return true;
    }
    case StorageClass.Real:
      r.v = view.getFloat64(at + Slot.VALUE, true);
      r.c = StorageClass.Real;
      return true;
    default:
      return false;
  }
}
