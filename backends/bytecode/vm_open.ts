/**
 * The run-time objects of the instructions that open a slot, made by one function that
 * the VM and generated code both call: an open runs once per loop, not per row.
 */
import type { DatabaseFile } from "../../core/database_file.ts";
import { InSet } from "../../core/exec/in_set.ts";
import { RecursiveQueue } from "../../core/exec/recursive_queue.ts";
import { tableFunctionRows } from "../../core/functions/table/registry.ts";
import type { Reg } from "../../core/value/reg.ts";
import type { TextEncoding } from "../../core/value/types.ts";
import type {
  AggEntry,
  HashEntry,
  InSetEntry,
  QueueEntry,
  SortEntry,
  TableFunctionEntry,
} from "./descriptors.ts";
import { Op } from "./opcode_spec.ts";
import { aggOpen } from "./vm_agg.ts";
import { HashSlot, RowsSlot, SorterSlot } from "./vm_objects.ts";

/**
 * The object SorterOpen, OpenEphemeral, HashOpen, InSetOpen, AggOpen, QueueOpen, VFilter or
 * MatchSetOpen (`op`) puts into its slot, from its pool entry `entry` and operands P2, P3
 * (registers `regs`).
 */
export function openSlot(
  op: Op,
  entry: unknown,
  regs: readonly Reg[],
  p2: number,
  p3: number,
  enc: TextEncoding,
  file: DatabaseFile,
): unknown {
  switch (op) {
    case Op.SorterOpen: {
      // LIMIT r[P2] (none when P2 is 0) plus OFFSET r[P3]: the rows a sort must keep.
      const s = new SorterSlot(entry as SortEntry, false);
      let keep = -1;
      if (p2 !== 0) {
        const limit = regs[p2].v as number;
        if (limit >= 0) keep = limit + (p3 !== 0 ? regs[p3].v as number : 0);
      }
      s.sorter.reset(keep);
      return s;
    }
    case Op.OpenEphemeral:
      return new SorterSlot(entry as SortEntry, true);
    case Op.HashOpen:
      return new HashSlot(entry as HashEntry);
    case Op.InSetOpen: {
      const k = entry as InSetEntry;
      return new InSet(k.affs, k.colls, enc);
    }
    case Op.AggOpen:
      return aggOpen(entry as AggEntry, enc);
    case Op.QueueOpen: {
      const k = entry as QueueEntry;
      return new RecursiveQueue(k.compare, k.folds);
    }
    case Op.VFilter: {
      const args = regs.slice(p2, p2 + p3);
      return new RowsSlot(tableFunctionRows((entry as TableFunctionEntry).name, args, file));
    }
    default: // MatchSetOpen
      return new Set<number>();
  }
}
