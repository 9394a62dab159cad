/**
 * `sqlite_stat4`, the samples ANALYZE writes, read as SQLite's loadStat4 reads them
 * (analyze.c): rows `tbl idx neq nlt ndlt sample`, `sample` the record of an index entry's
 * leading fields, `neq`/`nlt`/`ndlt` one count per field prefix. Only `idx` names what a
 * row describes: an index, else a WITHOUT ROWID table's primary key. An index keeps as
 * many rows as it had (in rowid order), each read like stat1's numbers; then initAvgEq
 * works out the rows an `=` matches off the samples. Damage is never an error, as in
 * SQLite: a record that does not decode keeps the fields before the damage, a missing
 * count is 0, a table without the columns named is not read.
 */
import { SqliteError } from "../errors.ts";
import type { Pager } from "../pager.ts";
import type { SqlValue, TextEncoding } from "../value/types.ts";
import { decodeValue, serialTypeSize } from "./record.ts";
import { forEachRow } from "./schema_rows.ts";
import type { IndexStat1, IndexStat4, Schema, Stat4Sample, TableInfo } from "./schema_types.ts";
import { nameKey } from "./schema_types.ts";
import { decodeCounts } from "./stat1.ts";
import { encodeText } from "./text.ts";
import { getVarint32, varintEnd } from "./varint.ts";

/** What a row's `idx` names: an index or a primary key, with what its samples need. */
interface Sampled {
  /** The b-tree's schema object (the index, or the table of a primary key). */
  tree: object;
  table: TableInfo;
  /** Fields per sample (nSampleCol) and key columns (nKeyCol). */
  columns: number;
  keyColumns: number;
  stat1: IndexStat1 | undefined;
  set(stat: IndexStat4): void;
}

/** findIndexOrPrimaryKey: the index named so, else the primary key of a WITHOUT ROWID table. */
function sampled(schema: Schema, name: string): Sampled | undefined {
  const index = schema.indexes.get(nameKey(name));
  if (index) {
    const table = schema.tables.get(nameKey(index.tableName));
    if (!table) return undefined;
    return {
      tree: index,
      table,
      columns: index.recordColumns.length,
      keyColumns: index.keyColumns.length,
      stat1: index.stat1,
      set: (s) => index.stat4 = s,
    };
  }
  const table = schema.tables.get(nameKey(name));
  if (!table?.withoutRowid || !table.primaryKey.length) return undefined;
  return {
    tree: table,
    table,
    columns: table.primaryKey.length,
    keyColumns: table.primaryKey.length,
    stat1: table.primaryKeyStat1,
    set: (s) => table.primaryKeyStat4 = s,
  };
}

/** A value as sqlite3_column_text gives it, up to a NUL as C reads it ("" for NULL). */
function asText(v: SqlValue): string {
  const s = v === null ? "" : v instanceof Uint8Array ? String.fromCharCode(...v) : String(v);
  const nul = s.indexOf("\0");
  return nul < 0 ? s : s.slice(0, nul);
}

/** A value as sqlite3_column_blob gives it: a blob's bytes, else its text's. */
function asBytes(v: SqlValue, enc: TextEncoding): Uint8Array {
  if (v instanceof Uint8Array) return v;
  return v === null ? new Uint8Array(0) : encodeText(String(v), enc);
}

/** The first `n` fields of record `bytes`, as far as it decodes. */
function sampleKey(bytes: Uint8Array, n: number, enc: TextEncoding): SqlValue[] {
  const key: SqlValue[] = [];
  try {
    const headerSize = getVarint32(bytes, 0, bytes.length, 0);
    if (headerSize > bytes.length) return key;
    let h = varintEnd;
    let body = headerSize;
    while (h < headerSize && key.length < n) {
      const t = getVarint32(bytes, h, headerSize, 0);
      h = varintEnd;
      const size = serialTypeSize(t);
      if (t === 10 || t === 11 || body + size > bytes.length) break;
      key.push(decodeValue(bytes, body, t, enc));
      body += size;
    }
  } catch (e) {
    // A varint running past the record: the fields before it stand.
    if (!(e instanceof SqliteError)) throw e;
  }
  return key;
}

/**
 * initAvgEq: for each prefix but the whole entry (whose entries are unique), the rows an `=`
 * not among the samples matches: the rows the samples leave over the distinct prefixes they
 * leave (per `sqlite_stat1` when it has the figure, else per the last sample); also the
 * index's rows (nRowEst0).
 */
function averages(samples: Stat4Sample[], columns: number, keyColumns: number, stat1?: number[]) {
  const avgEq = new Array<number>(columns).fill(0);
  const last = samples[samples.length - 1];
  let n = 1;
  if (columns > 1) {
    n = columns - 1;
    avgEq[n] = 1;
  }
  let rows = 0;
  for (let col = 0; col < n; col++) {
    let counted = samples.length;
    let dist100: number;
    if (!stat1 || col >= keyColumns || !stat1[col + 1]) {
      rows = last.lt[col];
      dist100 = 100 * last.dlt[col];
      counted--;
    } else {
      rows = stat1[0];
      dist100 = Math.floor(100 * stat1[0] / stat1[col + 1]);
    }
    // The samples' distinct prefixes and their rows, a repeated prefix once.
    let sumEq = 0, sum100 = 0;
    for (let i = 0; i < counted; i++) {
      if (i === samples.length - 1 || samples[i].dlt[col] !== samples[i + 1].dlt[col]) {
        sumEq += samples[i].eq[col];
        sum100 += 100;
      }
    }
    let avg = 0;
    if (dist100 > sum100 && sumEq < rows) {
      avg = Math.floor(100 * (rows - sumEq) / (dist100 - sum100));
    }
    avgEq[col] = avg || 1;
  }
  return { avgEq, rows };
}

/** The record positions of `names` among `table`'s stored columns (undefined: one is not). */
function fieldsNamed(table: TableInfo, names: string[]): number[] | undefined {
  const out: number[] = [];
  for (const name of names) {
    const i = table.columns.findIndex((c) => nameKey(c.name) === name);
    const c = table.columns[i];
    if (!c || c.recordIndex < 0 || i === table.rowidAlias) return undefined;
    out.push(c.recordIndex);
  }
  return out;
}

/** Records `sqlite_stat4`'s samples on the schema's indexes, if it exists. */
export function loadStat4(pager: Pager, enc: TextEncoding, schema: Schema): void {
  const stat4 = schema.tables.get("sqlite_stat4");
  if (!stat4 || stat4.withoutRowid || stat4.rootPage < 2) return;
  const at = fieldsNamed(stat4, ["idx", "neq", "nlt", "ndlt", "sample"]);
  if (!at) return;
  const rows: SqlValue[][] = [];
  forEachRow(
    pager,
    stat4.rootPage,
    enc,
    Math.max(...at) + 1,
    (f) => rows.push(at.map((i) => f[i])),
  );
  // `SELECT idx, count(*) ... GROUP BY idx COLLATE nocase`: each index takes as many samples
  // as the first group (by name) naming it has rows.
  const counts = new Map<string, number>();
  for (const [idx] of rows) {
    if (idx === null) continue;
    const k = nameKey(asText(idx));
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  // (Should two groups name one b-tree, the first one counts.)
  const trees = new Map<object, { s: Sampled; room: number; list: Stat4Sample[] }>();
  for (const k of [...counts.keys()].sort()) {
    const s = sampled(schema, k);
    if (!s || trees.has(s.tree)) continue;
    trees.set(s.tree, { s, room: counts.get(k)!, list: [] });
    s.table.hasStat4 = true;
  }
  for (const [idx, neq, nlt, ndlt, sample] of rows) {
    const s = idx === null ? undefined : sampled(schema, asText(idx));
    const tree = s && trees.get(s.tree);
    if (!tree || tree.list.length >= tree.room) continue;
    const n = tree.s.columns;
    const counts = (v: SqlValue) => {
      const c = decodeCounts(asText(v), n).counts;
      while (c.length < n) c.push(0);
      return c;
    };
    tree.list.push({
      key: sampleKey(asBytes(sample, enc), n, enc),
      eq: counts(neq),
      lt: counts(nlt),
      dlt: counts(ndlt),
    });
  }
  for (const { s, list } of trees.values()) {
    if (!list.length) continue;
    const { avgEq, rows } = averages(list, s.columns, s.keyColumns, s.stat1?.rows);
    s.set({ samples: list, columns: s.columns, avgEq, rows, encoding: enc });
  }
}
