/** Common table expressions: binding a CTE on first use, recursive self-references. */
import type * as A from "../sql/ast.ts";
import { nameKey } from "../format/schema_types.ts";
import type * as B from "./bound.ts";
import { bindError } from "./errors.ts";
import type { BindContext, CteEntry, CteScope } from "./scope.ts";
import { bindSelect, selectSourceColumns } from "./select_binder.ts";
import { needSourceCollations } from "./collation_check.ts";
import { selectCores } from "./bound_walk.ts";

/** Makes a WITH clause's CTEs visible (innermost first); returns the previous chain. */
export function pushWith(ctx: BindContext, w: A.WithClause): CteScope | null {
  const saved = ctx.ctes;
  const scope: CteScope = { parent: saved, recursive: w.recursive, entries: [] };
  for (const ast of w.ctes) {
    scope.entries.push({
      ast,
      key: nameKey(ast.name),
      bound: null,
      binding: false,
      recursiveRefs: 0,
      inRecursivePart: false,
      scope,
    });
  }
  ctx.ctes = scope;
  return saved;
}

function namedColumns(entry: CteEntry, columns: B.SourceColumn[]): B.SourceColumn[] {
  const names = entry.ast.columns;
  if (!names) return columns;
  if (names.length !== columns.length) {
    throw bindError(
      `table ${entry.ast.name} has ${columns.length} values for ${names.length} columns`,
    );
  }
  return columns.map((c, i) => ({ ...c, name: names[i] }));
}

function source(id: number, name: string, cte: B.BoundCte, recursiveRef: boolean): B.CteSource {
  return { kind: "cte", id, name, columns: cte.columns, cte, recursiveRef };
}

/** A FROM reference to the CTE of `entry`, binding the CTE the first time. */
export function bindCte(ctx: BindContext, entry: CteEntry, id: number, name: string): B.CteSource {
  if (entry.binding) {
    if (!entry.inRecursivePart || !entry.bound) {
      throw bindError(`circular reference: ${entry.ast.name}`);
    }
    if (++entry.recursiveRefs > 1) {
      throw bindError(`multiple references to recursive table: ${entry.ast.name}`);
    }
    entry.bound.recursive = true;
    return source(id, name, entry.bound, true);
  }
  if (!entry.bound) {
    entry.binding = true;
    const saved = ctx.ctes;
    ctx.ctes = entry.scope;
    try {
      const cte: B.BoundCte = {
        id: ctx.nextId++,
        name: entry.ast.name,
        columns: [],
        materialized: entry.ast.materialized,
        recursive: false,
        uses: 0,
        select: null as unknown as B.BoundSelect,
      };
      const select = bindSelect(ctx, entry.ast.select, null, (seed) => {
        // The seed (left-most part) fixes the columns the recursive part reads.
        cte.columns = namedColumns(entry, seed);
        entry.bound = cte;
        entry.inRecursivePart = true;
      });
      cte.select = select;
      needSourceCollations(ctx, select);
      cte.columns = namedColumns(entry, selectSourceColumns(ctx, select));
      entry.bound = cte;
      // The parts of a recursive CTE from the first that reads the CTE on are its recursive
      // steps; SQLite refuses aggregates and window functions there when it generates code
      // (so after every name has resolved: a late error).
      let recursive = false;
      for (const part of cte.recursive ? selectCores(select) : []) {
        if (part.kind !== "core") continue;
        recursive ||= readsRecursively(part.from, cte);
        if (recursive && part.windowFunctions.length) {
          ctx.late.push(bindError("cannot use window functions in recursive queries"));
          break;
        }
        if (recursive && part.aggregate) {
          ctx.late.push(bindError("recursive aggregate queries not supported"));
          break;
        }
      }
    } finally {
      ctx.ctes = saved;
      entry.binding = false;
      entry.inRecursivePart = false;
    }
  }
  entry.bound!.uses++;
  return source(id, name, entry.bound!, false);
}

/** Whether `from` (joins included) reads the recursive CTE `cte` through its queue row. */
export function readsRecursively(from: B.BoundFrom | null, cte: B.BoundCte): boolean {
  if (!from) return false;
  return from.items.some(({ item }) =>
    item.kind === "join"
      ? readsRecursively(item, cte)
      : item.kind === "cte" && item.cte === cte && item.recursiveRef
  );
}
