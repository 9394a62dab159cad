/**
 * Turning b-tree entries into table rows and index entries, with each value's storage
 * class. Two of SQLite's storage rules are undone here:
 * - A REAL-affinity column stores integral reals as integers to save space; they read
 *   back as REAL (SQLite's OP_RealAffinity after OP_Column), in tables and indexes alike.
 * - A record shorter than the table (rows written before ALTER TABLE ADD COLUMN) reads the
 *   missing columns as the column's DEFAULT.
 */
import { Affinity, type SqlValue, StorageClass } from "../value/types.ts";
import type { BtreeCursor } from "./cursor.ts";
import { fieldClass } from "./record.ts";
import type { IndexInfo, KeyColumn, TableInfo } from "./schema_types.ts";

/** Where a row value comes from. */
const enum Source {
  Record,
  Rowid,
  /** VIRTUAL generated column: computed by the query engine, not stored. */
  Computed,
}

interface FieldPlan {
  source: Source;
  recordIndex: number;
  real: boolean;
  missing: SqlValue;
  missingClass: StorageClass;
}

/** Decodes table rows into `values`/`classes`, one array slot per table column. */
export class RowDecoder {
  readonly values: SqlValue[];
  readonly classes: StorageClass[];
  readonly #plan: FieldPlan[];

  constructor(table: TableInfo) {
    this.#plan = table.columns.map((col, i): FieldPlan => {
      const recordIndex = col.recordIndex;
      const source = i === table.rowidAlias && !table.withoutRowid
        ? Source.Rowid
        : recordIndex < 0
        ? Source.Computed
        : Source.Record;
      return {
        source,
        recordIndex,
        real: col.affinity === Affinity.Real,
        missing: col.missingValue?.value ?? null,
        missingClass: col.missingValue?.cls ?? StorageClass.Null,
      };
    });
    this.values = new Array(this.#plan.length).fill(null);
    this.classes = new Array(this.#plan.length).fill(StorageClass.Null);
  }

  /** Decodes the entry under `cursor` (which must be valid). */
  decode(cursor: BtreeCursor): void {
    const rec = cursor.record();
    const plan = this.#plan;
    for (let i = 0; i < plan.length; i++) {
      const p = plan[i];
      if (p.source === Source.Record) {
        const t = rec.locate(p.recordIndex);
        if (t < 0) {
          this.values[i] = p.missing;
          this.classes[i] = p.missingClass;
        } else {
          const v = rec.value(p.recordIndex)!;
          setField(this, i, v, fieldClass(t, v), p.real);
        }
      } else if (p.source === Source.Rowid) {
        this.values[i] = cursor.rowid();
        this.classes[i] = StorageClass.Integer;
      } else {
        this.values[i] = null;
        this.classes[i] = StorageClass.Null;
      }
    }
  }
}

function setField(
  out: { values: SqlValue[]; classes: StorageClass[] },
  i: number,
  v: SqlValue,
  cls: StorageClass,
  real: boolean,
): void {
  if (real && cls === StorageClass.Integer) {
    out.values[i] = Number(v);
    out.classes[i] = StorageClass.Real;
  } else {
    out.values[i] = v;
    out.classes[i] = cls;
  }
}

/** Decodes index entries: every field of the index record, in record order. */
export class IndexEntryDecoder {
  readonly values: SqlValue[];
  readonly classes: StorageClass[];
  readonly #real: boolean[];

  constructor(index: IndexInfo, table: TableInfo) {
    this.#real = index.recordColumns.map((k: KeyColumn) =>
      k.column >= 0 && table.columns[k.column].affinity === Affinity.Real
    );
    this.values = new Array(this.#real.length).fill(null);
    this.classes = new Array(this.#real.length).fill(StorageClass.Null);
  }

  /** Decodes the entry under `cursor`; returns the number of fields the record has. */
  decode(cursor: BtreeCursor): number {
    const rec = cursor.record();
    let n = 0;
    for (let t; (t = rec.locate(n)) >= 0; n++) {
      const v = rec.value(n)!;
      setField(this, n, v, fieldClass(t, v), this.#real[n] ?? false);
    }
    return n;
  }
}
