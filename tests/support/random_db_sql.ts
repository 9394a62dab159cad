/**
 * SQL text for a random database spec: identifiers in each quoting style, CREATE TABLE /
 * CREATE INDEX / ALTER TABLE statements, index expressions and partial-index WHEREs. The
 * builder runs these; the oracle reuses the expression and WHERE texts to ask SQLite for
 * index contents.
 */
import {
  allColumns,
  type ColumnSpec,
  type IndexExprKind,
  type IndexSpec,
  type QuoteStyle,
  type TableSpec,
  type WhereKind,
} from "./random_db_spec.ts";

const KEYWORDS = new Set([
  "select",
  "order",
  "table",
  "index",
  "from",
  "where",
  "group",
  "default",
]);

/** `name` as a double-quoted identifier. */
export function dq(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `name` quoted in `style`, falling back to double quotes where the style cannot express it. */
export function quoteIdent(name: string, style: QuoteStyle): string {
  switch (style) {
    case "bare":
      return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !KEYWORDS.has(name.toLowerCase())
        ? name
        : dq(name);
    case "bracket":
      return name.includes("]") ? dq(name) : `[${name}]`;
    case "backtick":
      return name.includes("`") ? dq(name) : `\`${name}\``;
    case "double":
      return dq(name);
  }
}

/**
 * SQL for an index expression over the (already quoted) column `c`.
 *
 * In UTF-16 databases `lower()`/`upper()` take `c || ''` instead of `c`: there SQLite
 * computes `lower(blob)` differently at INSERT time and when re-reading a stored blob of
 * more than ~4000 bytes, so the index holds keys that recomputation (and integrity_check)
 * disagree with. Concatenating first makes the text conversion consistent.
 */
export function exprSql(kind: IndexExprKind, c: string, utf16: boolean): string {
  const t = utf16 ? `${c} || ''` : c;
  switch (kind) {
    case "lower":
      return `lower(${t})`;
    case "upper":
      return `upper(${t})`;
    case "plus1":
      return `${c} + 1`;
    case "times2":
      return `${c} * 2`;
    case "length":
      return `length(${c})`;
    case "substr":
      return `substr(${c}, 2, 3)`;
    case "coalesce":
      return `coalesce(${c}, 'none')`;
    case "concat":
      return `${c} || 'x'`;
    case "typeof":
      return `typeof(${c})`;
    case "negate":
      return `-${c}`;
  }
}

/** SQL for a partial-index condition over the (already quoted) column `c`. */
export function whereSql(kind: WhereKind, c: string): string {
  switch (kind) {
    case "notNull":
      return `${c} IS NOT NULL`;
    case "isNull":
      return `${c} IS NULL`;
    case "positive":
      return `${c} > 0`;
    case "isText":
      return `typeof(${c}) = 'text'`;
    case "shortLength":
      return `length(${c}) < 8`;
    case "notEmpty":
      return `${c} <> ''`;
  }
}

function columnRef(t: TableSpec, i: number): string {
  const c = allColumns(t)[i];
  return quoteIdent(c.name, c.quote);
}

/** The column definition `i` of `t` (original or added) as written in DDL. */
export function columnDef(t: TableSpec, c: ColumnSpec, i: number): string {
  const out = [quoteIdent(c.name, c.quote)];
  if (c.declType !== "") out.push(c.declType);
  const pk = t.primaryKey;
  if (pk !== null && pk.style === "column" && pk.parts[0].column === i) {
    out.push("PRIMARY KEY");
    if (pk.parts[0].desc) out.push("DESC");
    if (pk.autoincrement) out.push("AUTOINCREMENT");
  }
  if (c.unique) out.push("UNIQUE");
  if (c.collate !== null) out.push(`COLLATE ${c.collate}`);
  if (c.defaultSql !== null) out.push(`DEFAULT ${c.defaultSql}`);
  return out.join(" ");
}

/** CREATE TABLE for `t` with its original columns. */
export function createTableSql(t: TableSpec): string {
  const defs = t.columns.map((c, i) => columnDef(t, c, i));
  const pk = t.primaryKey;
  if (pk !== null && pk.style === "table") {
    const parts = pk.parts.map((p) =>
      [columnRef(t, p.column), p.collate ? `COLLATE ${p.collate}` : "", p.desc ? "DESC" : ""]
        .filter((x) => x !== "").join(" ")
    );
    defs.push(`PRIMARY KEY (${parts.join(", ")})`);
  }
  for (const u of t.uniques) defs.push(`UNIQUE (${u.map((c) => columnRef(t, c)).join(", ")})`);
  const options = [t.flavor === "withoutRowid" ? "WITHOUT ROWID" : "", t.strict ? "STRICT" : ""]
    .filter((x) => x !== "");
  return `CREATE TABLE ${quoteIdent(t.name, t.quote)} (${defs.join(", ")})${
    options.length ? " " + options.join(", ") : ""
  }`;
}

/** ALTER TABLE ... ADD COLUMN for added column `k` of `t`. */
export function addColumnSql(t: TableSpec, k: number): string {
  const i = t.columns.length + k;
  return `ALTER TABLE ${quoteIdent(t.name, t.quote)} ADD COLUMN ${columnDef(t, t.added[k], i)}`;
}

/** SQL of an index key term (expression parenthesized), without COLLATE/DESC. */
export function indexTermSql(
  t: TableSpec,
  column: number,
  expr: IndexExprKind | null,
  utf16: boolean,
): string {
  const c = columnRef(t, column);
  return expr === null ? c : `(${exprSql(expr, c, utf16)})`;
}

/** The partial-index WHERE of `ix`, or null. */
export function indexWhereSql(t: TableSpec, ix: IndexSpec): string | null {
  return ix.where === null ? null : whereSql(ix.where.kind, columnRef(t, ix.where.column));
}

/** CREATE INDEX for `ix` on `t` (`utf16`: the database encoding is UTF-16). */
export function createIndexSql(t: TableSpec, ix: IndexSpec, utf16: boolean): string {
  const parts = ix.parts.map((p) =>
    [
      indexTermSql(t, p.column, p.expr, utf16),
      p.collate ? `COLLATE ${p.collate}` : "",
      p.desc ? "DESC" : "",
    ]
      .filter((x) => x !== "").join(" ")
  );
  const where = indexWhereSql(t, ix);
  return `CREATE ${ix.unique ? "UNIQUE " : ""}INDEX ${dq(ix.name)} ON ${
    quoteIdent(t.name, t.quote)
  } (${parts.join(", ")})${where === null ? "" : ` WHERE ${where}`}`;
}
