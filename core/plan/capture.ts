/**
 * Rewriting column references through storing nodes. Above a node that stores rows
 * (sort, window, ...) only its own outputs can be read, so every reference an
 * expression above makes to a node below becomes a stored column of that node.
 */
import type { ColumnExpr, PlanExpr } from "./plan.ts";

/**
 * A copy of `value` (an expression, a query, any plan data) where every column reference
 * is replaced by `fn(ref)`. Schema objects (`table`, `index`) are shared, not copied.
 */
export function mapColumnRefs<T>(value: T, fn: (ref: ColumnExpr) => PlanExpr): T {
  return mapAny(value, fn) as T;
}

function mapAny(v: unknown, fn: (ref: ColumnExpr) => PlanExpr): unknown {
  if (v === null || typeof v !== "object" || v instanceof Uint8Array) return v;
  if (Array.isArray(v)) return v.map((x) => mapAny(x, fn));
  const o = v as Record<string, unknown>;
  if (o.kind === "column" && typeof o.node === "number") return fn(o as unknown as ColumnExpr);
  const out: Record<string, unknown> = {};
  for (const k in o) {
    out[k] = k === "table" || k === "index" ? o[k] : mapAny(o[k], fn);
  }
  return out;
}

/** Collects the values a storing node keeps for the expressions above it. */
export class Capture {
  readonly #index = new Map<string, number>();

  /**
   * @param storeId the storing node's id
   * @param stored the node's stored column list (grows as references are captured)
   * @param hidden ids of the nodes below the storing node
   */
  constructor(
    readonly storeId: number,
    readonly stored: PlanExpr[],
    readonly hidden: ReadonlySet<number>,
  ) {
    stored.forEach((e, i) => {
      if (e.kind === "column") this.#index.set(`${e.node}:${e.column}`, i);
    });
  }

  /** `e` with its references below the storing node read from the node instead. */
  apply<T>(e: T): T {
    return mapColumnRefs(e, (ref) => {
      if (!this.hidden.has(ref.node)) return ref;
      const key = `${ref.node}:${ref.column}`;
      let i = this.#index.get(key);
      if (i === undefined) {
        i = this.stored.length;
        this.stored.push({ kind: "column", node: ref.node, column: ref.column });
        this.#index.set(key, i);
      }
      return { kind: "column", node: this.storeId, column: i };
    });
  }
}
