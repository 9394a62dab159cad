/**
 * Name contexts and column lookup (SQLite's NameContext and lookupName): a scope is one
 * SELECT core's FROM items, linked to the scope of the enclosing query.
 */
import type { SqliteError } from "../errors.ts";
import type { NamedWindow } from "../sql/ast.ts";
import { isRowidName, nameKey } from "../format/schema_types.ts";
import type { Schema } from "../format/schema_types.ts";
import type { FunctionOptions } from "../functions/catalog.ts";
import type { BoundCore, BoundCte, BoundExpr, BoundSource, TableFunctionSource } from "./bound.ts";
import type { CommonTableExpr, Expr } from "../sql/ast.ts";
import type { ResultItem } from "./column_names.ts";

/** A FROM item as name lookup sees it. */
export interface ScopeItem {
  source: BoundSource;
  /** Qualifier names (name keys) this item answers to: its own, and enclosing join aliases. */
  names: string[];
  /** "main" for schema objects; null for subqueries and CTEs (they match schema `*`). */
  schema: string | null;
  /** Right operand of a RIGHT or FULL join (SQLite's JT_RIGHT). */
  right: boolean;
  /** Right operand of a LEFT or FULL join (JT_LEFT). */
  left: boolean;
  /** Name keys of the USING / NATURAL columns that join this item to the ones before it. */
  using: Set<string> | null;
  /** `rowid` may be referenced (rowid tables and table-valued functions). */
  rowid: boolean;
  /**
   * Reached only by a qualified name (an upsert's `excluded.x`: a bare `x` names the
   * target table's column).
   */
  qualifiedOnly?: boolean;
}

/** A result column as the alias fallback in WHERE / GROUP BY / HAVING / ORDER BY sees it. */
export interface ResultAlias {
  /** Name key of the alias (or of the column name, for `*`-expanded columns). */
  key: string;
  /** 0-based position in the result list. */
  index: number;
  expr: BoundExpr;
  hasAgg: boolean;
  hasWin: boolean;
}

export interface Scope {
  parent: Scope | null;
  items: ScopeItem[];
  /** The core being bound (aggregates attach to it); null for LIMIT and VALUES. */
  core: BoundCore | null;
  allowAgg: boolean;
  allowWin: boolean;
  hasAgg: boolean;
  hasWin: boolean;
  /** Result columns usable by alias; null before the result list is bound. */
  aliases: ResultAlias[] | null;
  windows: NamedWindow[] | null;
  /** Binding the WHERE or ON clauses (aggregates there are misused). */
  inWhere: boolean;
}

/** One WITH clause's common table expressions, innermost first. */
export interface CteScope {
  parent: CteScope | null;
  recursive: boolean;
  entries: CteEntry[];
}

export interface CteEntry {
  ast: CommonTableExpr;
  key: string;
  bound: BoundCte | null;
  /** Being bound: a reference now is recursive (or circular). */
  binding: boolean;
  /** References from the recursive part seen so far. */
  recursiveRefs: number;
  /** The recursive part is being bound (the seed is done). */
  inRecursivePart: boolean;
  /** The WITH clause it belongs to (what its body sees). */
  scope: CteScope;
}

/** Statement-wide binding state. */
export interface BindContext {
  schema: Schema;
  /** Columns of table-valued `pragma_<name>`, or undefined when there is none. */
  pragmaColumns(name: string): readonly string[] | undefined;
  functions: FunctionOptions;
  doubleQuotedStrings: boolean;
  nextId: number;
  /**
   * A function-call error SQLite records without stopping the walk (a later error in
   * the same expression replaces it; see resolveExprStep).
   */
  pending: SqliteError | null;
  /** Errors SQLite only reports while generating code, after all names resolved. */
  late: SqliteError[];
  /** Views being expanded (circularity check). */
  views: string[];
  ctes: CteScope | null;
  /** Every source bound so far, by id. */
  sources: Map<number, BoundSource>;
  /** Table-valued function arguments waiting for their core's scope (see bindFrom). */
  tableFunctionArgs: { source: TableFunctionSource; args: Expr[] }[];
  /** A SELECT was bound (the statement's own is the first). */
  selected?: boolean;
  /** The planner's flattening may change the statement (see BoundStatement). */
  flattenable?: boolean;
  /** The result items of the left-most core of the SELECT bound last (for naming). */
  lastItems?: ResultItem[];
}

/**
 * A new scope for a core; `allow` false forbids aggregate and window functions (LIMIT,
 * VALUES, schema expressions, ...).
 */
export function newScope(
  parent: Scope | null,
  items: ScopeItem[],
  core: BoundCore | null,
  allow = true,
): Scope {
  return {
    parent,
    items,
    core,
    allowAgg: allow,
    allowWin: allow,
    hasAgg: false,
    hasWin: false,
    aliases: null,
    windows: null,
    inWhere: false,
  };
}

/** Index of a column named `name` (name key) in `item`, or -1. */
export function columnIndex(item: ScopeItem, key: string): number {
  const cols = item.source.columns;
  for (let j = 0; j < cols.length; j++) if (nameKey(cols[j].name) === key) return j;
  return -1;
}

/** Does `item` answer to qualifier `schema.table`? */
export function itemMatches(item: ScopeItem, schema: string | null, table: string): boolean {
  if (schema !== null) {
    const s = nameKey(schema);
    if (item.schema === null ? s !== "*" : nameKey(item.schema) !== s) return false;
  }
  return item.names.includes(nameKey(table));
}

/** What {@link lookupInScope} found. */
export type Lookup =
  | { kind: "column"; item: ScopeItem; column: number; fullJoin: ScopeItem[] | null }
  | { kind: "rowid"; item: ScopeItem }
  | { kind: "alias"; alias: ResultAlias }
  | { kind: "ambiguous" }
  | { kind: "none" };

/** Looks a column name up among one scope's FROM items (and its result aliases). */
export function lookupInScope(
  scope: Scope,
  schema: string | null,
  table: string | null,
  name: string,
): Lookup {
  const key = nameKey(name);
  let cnt = 0;
  let match: ScopeItem | null = null;
  let matchCol = -1;
  let fullJoin: ScopeItem[] | null = null;
  let ambiguous = false;
  const rowidItems: ScopeItem[] = [];
  for (const item of scope.items) {
    if (table !== null ? !itemMatches(item, schema, table) : item.qualifiedOnly) continue;
    const j = columnIndex(item, key);
    if (j >= 0) {
      if (cnt > 0) {
        if (!item.using?.has(key)) {
          ambiguous = true;
          fullJoin = null;
        } else if (!item.right) {
          continue; // INNER or LEFT JOIN USING: the left-most table's column
        } else if (!item.left) {
          cnt = 0; // RIGHT JOIN USING: the right-most table's column
          fullJoin = null;
          ambiguous = false;
        } else {
          (fullJoin ??= []).push(match!);
        }
      }
      cnt++;
      match = item;
      matchCol = j;
    } else if (cnt === 0 && item.rowid) {
      rowidItems.push(item);
    }
  }
  // FULL JOIN USING on every match is one column; other matches of several items clash.
  if (cnt > 1 && (ambiguous || fullJoin?.length !== cnt - 1)) return { kind: "ambiguous" };
  // One match leaves fullJoin null: only a second match fills it, and a reset empties it.
  if (cnt > 0) return { kind: "column", item: match!, column: matchCol, fullJoin };
  if (isRowidName(name) && rowidItems.length) {
    return rowidItems.length === 1 ? { kind: "rowid", item: rowidItems[0] } : { kind: "ambiguous" };
  }
  if (table === null && scope.aliases) {
    for (const a of scope.aliases) if (a.key === key) return { kind: "alias", alias: a };
  }
  return { kind: "none" };
}
