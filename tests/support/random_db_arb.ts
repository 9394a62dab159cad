/**
 * fast-check arbitraries for random databases ({@link arbDbSpec}), a one-line summary of a
 * spec for failure messages ({@link describe}) and the list of features a spec exercises
 * ({@link featuresOf}, used by the generator's own coverage test).
 *
 * Sizes are biased small: most tables get a handful of rows, a few get hundreds to a few
 * thousand (bulk rows) so that b-trees grow interior levels; long values are rare, and
 * values of ~200 KB rarer still.
 */
import fc from "fast-check";
import {
  AUTO_MODE_ROWIDS,
  type AutoVacuum,
  type BatchSpec,
  CASE_TEXTS,
  type Collation,
  type ColumnSpec,
  type DbSpec,
  DECL_TYPES,
  DEFAULT_LITERALS,
  EDGE_INTEGERS,
  EDGE_REALS,
  type Encoding,
  EXPR_KINDS,
  type IndexSpec,
  INT64,
  isLong,
  LONG_PATTERNS,
  NUMERIC_TEXTS,
  ODD_COLUMN_NAMES,
  ODD_TABLE_NAMES,
  type PrimaryKeySpec,
  type QuoteStyle,
  type RowSelector,
  type RowSpec,
  SCRIPT_TEXTS,
  STRICT_TYPES,
  strictDefaults,
  type TableFlavor,
  type TableSpec,
  type ValueSpec,
  type WalSpec,
  WHERE_KINDS,
} from "./random_db_spec.ts";

/** `arbitrary` with probability `p`, else null. */
function maybe<T>(p: number, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  const scale = 1000;
  const w = Math.round(p * scale);
  return fc.oneof(
    { arbitrary: fc.constant(null), weight: scale - w },
    { arbitrary, weight: w },
  );
}

/** True with probability `p`. */
function flag(p: number): fc.Arbitrary<boolean> {
  return fc.integer({ min: 0, max: 999 }).map((x) => x < p * 1000);
}

const arbCollation: fc.Arbitrary<Collation> = fc.constantFrom("BINARY", "NOCASE", "RTRIM");

/** Text without U+0000: node:sqlite cuts text at the first NUL, so the oracle could not see it. */
const arbFreeText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
).map((s) => s.replaceAll("\0", ""));

const arbInteger: fc.Arbitrary<bigint> = fc.oneof(
  { arbitrary: fc.bigInt({ min: -1000n, max: 1000n }), weight: 4 },
  { arbitrary: fc.constantFrom(...EDGE_INTEGERS), weight: 3 },
  { arbitrary: fc.bigInt({ min: INT64.min, max: INT64.max }), weight: 1 },
);

const arbReal: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.constantFrom(...EDGE_REALS), weight: 3 },
  { arbitrary: fc.double({ noNaN: true }), weight: 2 },
  { arbitrary: fc.integer({ min: -1000, max: 1000 }).map((i) => i / 8), weight: 1 },
);

const arbText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SCRIPT_TEXTS), weight: 3 },
  { arbitrary: fc.constantFrom(...NUMERIC_TEXTS), weight: 2 },
  { arbitrary: fc.constantFrom(...CASE_TEXTS), weight: 2 },
  { arbitrary: arbFreeText, weight: 2 },
);

const arbBlob: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.constant(new Uint8Array(0)),
  fc.uint8Array({ maxLength: 24 }),
);

/** Lengths for long values: mostly a page or a few, sometimes tens of KB, rarely ~200 KB. */
const arbLongLength: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.integer({ min: 100, max: 2000 }), weight: 60 },
  { arbitrary: fc.integer({ min: 2001, max: 20000 }), weight: 30 },
  { arbitrary: fc.integer({ min: 20001, max: 80000 }), weight: 8 },
  { arbitrary: fc.integer({ min: 150000, max: 200000 }), weight: 2 },
);

const arbLong: fc.Arbitrary<ValueSpec> = fc.oneof(
  fc.record({
    kind: fc.constant("longText" as const),
    pattern: fc.constantFrom(...LONG_PATTERNS),
    length: arbLongLength,
  }),
  fc.record({
    kind: fc.constant("longBlob" as const),
    seed: fc.nat(),
    length: arbLongLength,
  }),
);

/** Any value: NULL, INTEGER (bigint), REAL (number), TEXT, BLOB, or a long text/blob. */
export const arbValue: fc.Arbitrary<ValueSpec> = fc.oneof(
  { arbitrary: fc.constant(null), weight: 10 },
  { arbitrary: arbInteger, weight: 30 },
  { arbitrary: arbReal, weight: 18 },
  { arbitrary: arbText, weight: 30 },
  { arbitrary: arbBlob, weight: 8 },
  { arbitrary: arbLong, weight: 4 },
);

function arbRowid(mode: "auto" | "explicit"): fc.Arbitrary<bigint | null> {
  if (mode === "auto") {
    return fc.oneof(
      { arbitrary: fc.constant(null), weight: 9 },
      { arbitrary: fc.constantFrom(...AUTO_MODE_ROWIDS), weight: 1 },
    );
  }
  return fc.oneof(
    { arbitrary: fc.bigInt({ min: -50n, max: 200n }), weight: 3 },
    { arbitrary: fc.constantFrom(...EDGE_INTEGERS), weight: 2 },
    { arbitrary: fc.bigInt({ min: INT64.min, max: INT64.max }), weight: 1 },
  );
}

function arbRows(width: number, mode: "auto" | "explicit", max: number): fc.Arbitrary<RowSpec[]> {
  const row = fc.record({
    rowid: arbRowid(mode),
    values: fc.array(arbValue, { minLength: width, maxLength: width }),
  });
  return fc.array(row, { maxLength: max });
}

function arbBatch(
  width: number,
  mode: "auto" | "explicit",
  kind: "initial" | "later" | "tail",
): fc.Arbitrary<BatchSpec> {
  const bulk = kind === "initial"
    ? fc.oneof(
      { arbitrary: fc.constant(null), weight: 70 },
      { arbitrary: fc.integer({ min: 20, max: 300 }), weight: 20 },
      { arbitrary: fc.integer({ min: 301, max: 3000 }), weight: 10 },
    )
    : kind === "later"
    ? maybe(0.2, fc.integer({ min: 1, max: 300 }))
    : maybe(0.05, fc.integer({ min: 1, max: 10 }));
  return fc.record({
    rows: arbRows(width, mode, kind === "tail" ? 4 : 20),
    bulk: fc.tuple(bulk, fc.nat()).map(([count, seed]) => count === null ? null : { count, seed }),
    commitPerRow: flag(kind === "initial" ? 0.1 : 0.25),
  });
}

const arbQuote: fc.Arbitrary<QuoteStyle> = fc.constantFrom("bare", "double", "bracket", "backtick");

/** Declared types with REAL affinity (the generator's own choice list, not an oracle). */
const REAL_TYPES = new Set(["REAL", "DOUBLE", "DOUBLE PRECISION", "FLOAT"]);
/**
 * Integer defaults no double can hold. SQLite stores such a DEFAULT of a REAL column as the
 * exact integer when an UPDATE rewrites an old row, while an index built earlier holds the
 * rounded REAL; integrity_check then reports the row missing from the index.
 */
const INEXACT_AS_REAL = new Set(["0x7FFFFFFFFFFFFFFF", "9223372036854775807"]);

function arbColumn(strict: boolean, added: boolean): fc.Arbitrary<ColumnSpec> {
  return fc.record({
    odd: maybe(0.15, fc.constantFrom(...ODD_COLUMN_NAMES)),
    quote: arbQuote,
    declType: fc.constantFrom(...(strict ? STRICT_TYPES : DECL_TYPES)),
    collate: maybe(0.25, arbCollation),
    unique: added ? fc.constant(false) : flag(0.08),
    hasDefault: flag(added ? 0.9 : 0.1),
    defaultPick: fc.nat(),
  }).map((c) => {
    const pool = strict
      ? strictDefaults(c.declType)
      : REAL_TYPES.has(c.declType)
      ? DEFAULT_LITERALS.filter((d) => !INEXACT_AS_REAL.has(d))
      : DEFAULT_LITERALS;
    return {
      name: c.odd ?? "",
      quote: c.quote,
      declType: c.declType,
      collate: c.collate,
      unique: c.unique,
      defaultSql: c.hasDefault ? pool[c.defaultPick % pool.length] : null,
    };
  });
}

const FLAVORS: { arbitrary: fc.Arbitrary<TableFlavor>; weight: number }[] = [
  { arbitrary: fc.constant("plain"), weight: 3 },
  { arbitrary: fc.constant("alias"), weight: 3 },
  { arbitrary: fc.constant("aliasDesc"), weight: 1 },
  { arbitrary: fc.constant("descQuirk"), weight: 1 },
  { arbitrary: fc.constant("intTypedPk"), weight: 1 },
  { arbitrary: fc.constant("compositePk"), weight: 1 },
  { arbitrary: fc.constant("withoutRowid"), weight: 4 },
];

const arbSelector: fc.Arbitrary<RowSelector> = fc.oneof(
  fc.record({
    mode: fc.constant("modulo" as const),
    mod: fc.integer({ min: 2, max: 7 }),
    rem: fc.integer({ min: 0, max: 6 }),
  }),
  fc.record({
    mode: fc.constant("range" as const),
    from: fc.integer({ min: 1, max: 400 }),
    count: fc.integer({ min: 1, max: 1500 }),
  }),
);

/** The primary key a flavor needs, given `n` original columns and random choices. */
function arbPrimaryKey(flavor: TableFlavor, n: number): fc.Arbitrary<PrimaryKeySpec | null> {
  const col = fc.integer({ min: 0, max: n - 1 });
  const parts = (min: number) =>
    fc.shuffledSubarray([...Array(n).keys()], { minLength: min, maxLength: Math.min(3, n) })
      .chain((cols) =>
        fc.tuple(
          ...cols.map((column) =>
            fc.record({
              column: fc.constant(column),
              desc: flag(0.4),
              collate: maybe(0.4, arbCollation),
            })
          ),
        )
      );
  switch (flavor) {
    case "plain":
      return fc.constant(null);
    case "alias":
      return fc.record({ column: col, style: fc.constantFrom("column", "table"), auto: flag(0.25) })
        .map(({ column, style, auto }) => ({
          style: style as "column" | "table",
          parts: [{ column, desc: false, collate: null }],
          autoincrement: style === "column" && auto,
        }));
    case "aliasDesc":
      return col.map((column) => ({
        style: "table" as const,
        parts: [{ column, desc: true, collate: null }],
        autoincrement: false,
      }));
    case "descQuirk":
      return col.map((column) => ({
        style: "column" as const,
        parts: [{ column, desc: true, collate: null }],
        autoincrement: false,
      }));
    case "intTypedPk":
      return fc.record({ column: col, style: fc.constantFrom("column", "table"), desc: flag(0.3) })
        .map(({ column, style, desc }) => ({
          style: style as "column" | "table",
          parts: [{ column, desc, collate: null }],
          autoincrement: false,
        }));
    case "compositePk":
      return parts(2).map((p) => ({ style: "table" as const, parts: p, autoincrement: false }));
    case "withoutRowid":
      return fc.tuple(parts(1), flag(0.3)).map(([p, columnStyle]) => ({
        // Column style cannot carry a COLLATE inside the key clause; the column's own applies.
        style: columnStyle && p.length === 1 && p[0].collate === null ? "column" : "table",
        parts: p,
        autoincrement: false,
      }));
  }
}

function arbIndexes(total: number, nOrig: number): fc.Arbitrary<IndexSpec[]> {
  const part = fc.record({
    column: fc.integer({ min: 0, max: total - 1 }),
    expr: maybe(0.25, fc.constantFrom(...EXPR_KINDS)),
    collate: maybe(0.3, arbCollation),
    desc: flag(0.35),
  });
  const index = fc.record({
    parts: fc.array(part, { minLength: 1, maxLength: 3 }),
    where: maybe(
      0.2,
      fc.record({
        kind: fc.constantFrom(...WHERE_KINDS),
        column: fc.integer({ min: 0, max: total - 1 }),
      }),
    ),
    unique: flag(0.12),
    late: flag(0.4),
  }).map((ix) => {
    // One plain reference per column: SQLite would keep duplicates, but they add nothing.
    const seen = new Set<number>();
    const parts = ix.parts.filter((p) => {
      if (p.expr !== null) return true;
      if (seen.has(p.column)) return false;
      seen.add(p.column);
      return true;
    });
    const touchesAdded = parts.some((p) => p.column >= nOrig) ||
      (ix.where !== null && ix.where.column >= nOrig);
    // A UNIQUE index built over existing data could fail on duplicates: only build it early.
    const unique = ix.unique && !touchesAdded;
    return { name: "", unique, parts, where: ix.where, late: (ix.late || touchesAdded) && !unique };
  });
  return fc.array(index, { maxLength: 3 });
}

function arbTable(): fc.Arbitrary<TableSpec> {
  return fc.record({
    flavor: fc.oneof(...FLAVORS),
    strict: flag(0.15),
    nOrig: fc.integer({ min: 1, max: 6 }),
    nAdded: fc.oneof(
      { arbitrary: fc.constant(0), weight: 55 },
      { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 45 },
    ),
    odd: maybe(0.15, fc.constantFrom(...ODD_TABLE_NAMES)),
    quote: arbQuote,
    rowidMode: fc.constantFrom("auto" as const, "explicit" as const),
    typePick: fc.nat(),
  }).chain((b) => {
    const nOrig = b.flavor === "compositePk" ? Math.max(2, b.nOrig) : b.nOrig;
    const total = nOrig + b.nAdded;
    return fc.record({
      columns: fc.array(arbColumn(b.strict, false), { minLength: nOrig, maxLength: nOrig }),
      added: fc.array(arbColumn(b.strict, true), { minLength: b.nAdded, maxLength: b.nAdded }),
      primaryKey: arbPrimaryKey(b.flavor, nOrig),
      unique: nOrig < 2 ? fc.constant(null) : maybe(
        0.15,
        fc.shuffledSubarray([...Array(nOrig).keys()], { minLength: 2, maxLength: 2 }),
      ),
      indexes: arbIndexes(total, nOrig),
      initial: arbBatch(nOrig, b.rowidMode, "initial"),
      later: arbBatch(total, b.rowidMode, "later"),
      tail: arbBatch(total, b.rowidMode, "tail"),
      update: maybe(
        0.25,
        fc.record({
          column: fc.integer({ min: 0, max: total - 1 }),
          value: arbValue,
          rows: arbSelector,
        }),
      ),
      deletes: maybe(0.4, arbSelector),
    }).map((d): TableSpec => {
      const pk = d.primaryKey;
      const pkCols = new Set(pk?.parts.map((p) => p.column) ?? []);
      const columns = d.columns.map((c, i) => ({ ...c, unique: c.unique && !pkCols.has(i) }));
      if (pk !== null && b.flavor !== "withoutRowid" && b.flavor !== "compositePk") {
        const c = columns[pk.parts[0].column];
        const intType = b.flavor === "intTypedPk"
          ? (b.strict ? "INT" : ["INT", "BIGINT"][b.typePick % 2])
          : ["INTEGER", "integer", "Integer"][b.typePick % 3];
        columns[pk.parts[0].column] = { ...c, declType: intType, collate: null };
      }
      // Skip a UNIQUE(...) that repeats the primary key: SQLite would fold the two.
      const uniques = d.unique !== null &&
          !(pk !== null && pk.parts.length === 2 && d.unique.every((c) => pkCols.has(c)))
        ? [d.unique]
        : [];
      // The rowid alias is never updated (it would move rows), nor is a WITHOUT ROWID key.
      const update = d.update !== null && !pkCols.has(d.update.column) ? d.update : null;
      return {
        name: b.odd ?? "",
        quote: b.quote,
        flavor: b.flavor,
        strict: b.strict,
        columns,
        added: d.added,
        primaryKey: pk,
        uniques,
        indexes: d.indexes,
        rowidMode: b.rowidMode,
        initial: d.initial,
        later: d.later,
        tail: d.tail,
        update,
        deletes: d.deletes,
      };
    });
  });
}

const arbWal: fc.Arbitrary<WalSpec> = fc.record({
  autocheckpoint: fc.oneof(
    { arbitrary: fc.constant(0), weight: 3 },
    { arbitrary: fc.constant(1000), weight: 1 },
    { arbitrary: fc.integer({ min: 2, max: 40 }), weight: 2 },
  ),
  checkpoint: fc.oneof(
    { arbitrary: fc.constant("none" as const), weight: 3 },
    { arbitrary: fc.constant("PASSIVE" as const), weight: 1 },
    { arbitrary: fc.constant("FULL" as const), weight: 1 },
    { arbitrary: fc.constant("RESTART" as const), weight: 2 },
    { arbitrary: fc.constant("TRUNCATE" as const), weight: 1 },
  ),
  spill: flag(0.3),
});

/** Lower-cased key for SQLite's case-insensitive identifier comparison. */
function identKey(name: string): string {
  return name.toLowerCase();
}

/** Gives every unnamed table/column a plain name and makes names unique. */
function assignNames(tables: TableSpec[]): TableSpec[] {
  const tableNames = new Set<string>(["v_view", "scratch_tmp", "spill_tmp"]);
  return tables.map((t, ti) => {
    let name = t.name === "" ? `t${ti}` : t.name;
    if (tableNames.has(identKey(name))) name = `${name}_${ti}`;
    tableNames.add(identKey(name));
    const colNames = new Set<string>();
    const fix = (c: ColumnSpec, ci: number): ColumnSpec => {
      let n = c.name === "" ? `c${ci}` : c.name;
      if (colNames.has(identKey(n))) n = `${n}_${ci}`;
      colNames.add(identKey(n));
      return { ...c, name: n };
    };
    const columns = t.columns.map(fix);
    const added = t.added.map((c, i) => fix(c, columns.length + i));
    const indexes = t.indexes.map((ix, k) => ({ ...ix, name: `ix_${ti}_${k}` }));
    return { ...t, name, columns, added, indexes };
  });
}

/** A random database description. */
export const arbDbSpec: fc.Arbitrary<DbSpec> = fc.record({
  pageSize: fc.constantFrom(512, 1024, 2048, 4096, 8192, 16384, 32768, 65536),
  encoding: fc.constantFrom<Encoding>("UTF-8", "UTF-16le", "UTF-16be"),
  autoVacuum: fc.constantFrom<AutoVacuum>("NONE", "FULL", "INCREMENTAL"),
  wal: fc.oneof(fc.constant(null), arbWal),
  tables: fc.array(arbTable(), { minLength: 1, maxLength: 4 }),
  view: flag(0.5),
  scratch: maybe(
    0.25,
    fc.record({
      rows: fc.integer({ min: 10, max: 300 }),
      size: fc.integer({ min: 20, max: 3000 }),
    }),
  ),
  incrementalVacuum: maybe(0.5, fc.integer({ min: 0, max: 20 })),
  analyze: flag(0.2),
}).map((s) => ({
  ...s,
  tables: assignNames(s.tables),
  incrementalVacuum: s.autoVacuum === "INCREMENTAL" ? s.incrementalVacuum : null,
}));

function batchSummary(b: BatchSpec): string {
  return `${b.rows.length}${b.bulk ? `+${b.bulk.count}b` : ""}${b.commitPerRow ? "c" : ""}`;
}

/** A one-line summary of a spec, for failure messages. */
export function describe(spec: DbSpec): string {
  const wal = spec.wal
    ? `wal(ac=${spec.wal.autocheckpoint},ckpt=${spec.wal.checkpoint}${
      spec.wal.spill ? ",spill" : ""
    })`
    : "rollback";
  const tables = spec.tables.map((t) => {
    const bits = [
      t.flavor,
      t.strict ? "strict" : "",
      t.rowidMode === "explicit" && t.flavor !== "withoutRowid" ? "explicit-rowids" : "",
      `${t.columns.length}${t.added.length ? `+${t.added.length}` : ""}cols`,
      `rows=${batchSummary(t.initial)}/${batchSummary(t.later)}/${batchSummary(t.tail)}`,
      t.indexes.length ? `idx=${t.indexes.length}` : "",
      t.uniques.length ? "unique" : "",
      t.update ? "upd" : "",
      t.deletes ? `del(${t.deletes.mode})` : "",
    ].filter((x) => x !== "");
    return `${JSON.stringify(t.name)}[${bits.join(" ")}]`;
  });
  const extras = [
    spec.view ? "view" : "",
    spec.scratch ? `scratch=${spec.scratch.rows}x${spec.scratch.size}` : "",
    spec.incrementalVacuum !== null ? `ivac=${spec.incrementalVacuum}` : "",
    spec.analyze ? "analyze" : "",
  ].filter((x) => x !== "");
  return [
    `page=${spec.pageSize} ${spec.encoding} av=${spec.autoVacuum} ${wal}`,
    tables.join(" "),
    extras.join(" "),
  ].filter((x) => x !== "").join(" | ");
}

function valueFeatures(v: ValueSpec, out: Set<string>): void {
  if (v === null) out.add("value:null");
  else if (typeof v === "bigint") {
    if (v === INT64.max) out.add("value:int64max");
    if (v === INT64.min) out.add("value:int64min");
    if (v === (1n << 53n) + 1n || v === -(1n << 53n) - 1n) out.add("value:2^53+1");
    if (v === (1n << 53n) - 1n || v === -(1n << 53n) + 1n) out.add("value:2^53-1");
    if (v === 0n) out.add("value:zero");
  } else if (typeof v === "number") {
    if (Object.is(v, -0)) out.add("value:-0.0");
    if (Math.abs(v) > 1e300 && Number.isFinite(v)) out.add("value:huge real");
    if (v !== 0 && Math.abs(v) < 2.3e-308) out.add("value:subnormal real");
    if (!Number.isFinite(v)) out.add("value:infinity");
  } else if (typeof v === "string") {
    if (v === "") out.add("value:empty text");
    if (/[\u{10000}-\u{10FFFF}]/u.test(v)) out.add("value:astral text");
  } else if (v instanceof Uint8Array) {
    if (v.length === 0) out.add("value:empty blob");
  } else {
    out.add(v.kind === "longText" ? "value:long text" : "value:long blob");
    if (v.length >= 150000) out.add("value:~200KB");
  }
}

/** Names of the features a spec exercises (see the generator's coverage test). */
export function featuresOf(spec: DbSpec): Set<string> {
  const f = new Set<string>();
  f.add(`pageSize:${spec.pageSize}`);
  f.add(`encoding:${spec.encoding}`);
  f.add(`autoVacuum:${spec.autoVacuum}`);
  if (spec.wal === null) f.add("journal:rollback");
  else {
    f.add("journal:wal");
    f.add(`wal:checkpoint:${spec.wal.checkpoint}`);
    if (spec.wal.autocheckpoint === 0) f.add("wal:autocheckpoint:off");
    else if (spec.wal.autocheckpoint < 1000) f.add("wal:autocheckpoint:small");
    if (spec.wal.spill) f.add("wal:spill");
  }
  if (spec.view) f.add("view");
  if (spec.scratch) f.add("scratch");
  if (spec.incrementalVacuum !== null) f.add("incrementalVacuum");
  if (spec.analyze) f.add("analyze");
  if (spec.tables.length === 4) f.add("tables:4");
  for (const t of spec.tables) {
    f.add(`flavor:${t.flavor}`);
    if (t.strict) f.add("strict");
    if (t.rowidMode === "explicit") f.add("rowids:explicit");
    if (t.primaryKey?.autoincrement) f.add("autoincrement");
    if (t.flavor === "withoutRowid") {
      if (t.primaryKey!.parts.length > 1) f.add("withoutRowid:composite");
      for (const p of t.primaryKey!.parts) {
        if (p.desc) f.add("withoutRowid:desc");
        if (p.collate) f.add(`withoutRowid:collate:${p.collate}`);
      }
    }
    for (const c of [...t.columns, ...t.added]) {
      f.add(`decl:${c.declType}`);
      if (c.collate) f.add(`column:collate:${c.collate}`);
      if (c.unique) f.add("unique:column");
      if (c.quote !== "bare") f.add(`quote:${c.quote}`);
      if (ODD_COLUMN_NAMES.includes(c.name)) f.add("name:odd");
    }
    for (const c of t.added) f.add(`alter:default:${c.defaultSql ?? "none"}`);
    if (t.uniques.length) f.add("unique:table");
    for (const ix of t.indexes) {
      f.add(ix.late ? "index:late" : "index:early");
      if (ix.parts.length > 1) f.add("index:multi");
      if (ix.unique) f.add("index:unique");
      if (ix.where) f.add(`index:where:${ix.where.kind}`);
      if (ix.parts.some((p) => p.column >= t.columns.length)) f.add("index:onAddedColumn");
      for (const p of ix.parts) {
        if (p.desc) f.add("index:desc");
        if (p.collate) f.add(`index:collate:${p.collate}`);
        if (p.expr) f.add(`index:expr:${p.expr}`);
      }
    }
    if (t.update) f.add("update");
    if (t.deletes) f.add(`deletes:${t.deletes.mode}`);
    const batches = [t.initial, t.later, t.tail];
    if (t.later.rows.length || t.later.bulk) f.add("rows:afterAlter");
    for (const b of batches) {
      if (b.commitPerRow && b.rows.length > 1) f.add("commitPerRow");
      if (b.bulk && b.bulk.count >= 1000) f.add("bulk:1000+");
      for (const r of b.rows) {
        if (r.rowid === INT64.max) f.add("rowid:max");
        if (r.rowid === INT64.min) f.add("rowid:min");
        for (const v of r.values) {
          valueFeatures(v, f);
          if (isLong(v) && v.length > spec.pageSize) f.add("value:longer than a page");
        }
      }
    }
  }
  return f;
}
