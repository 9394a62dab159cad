/**
 * The README's table of SQL functions (between `<!-- functions:start -->` and
 * `<!-- functions:end -->`) lists exactly the catalog's functions plus the table-valued
 * JSON functions, with the right kinds; every "yes" is implemented (present in the scalar,
 * aggregate or window registry, or runs as a table-valued function) and every "no" is not.
 */
import { deepStrictEqual, equal, ok } from "node:assert/strict";
import { FUNCTIONS } from "../core/functions/catalog.ts";
import { scalarFunction } from "../core/functions/scalar/registry.ts";
import { aggregateFunction } from "../core/functions/aggregate/registry.ts";
import { windowFunction } from "../core/functions/window/registry.ts";
import { Database } from "../mod.ts";

interface Row {
  name: string;
  kind: string;
  has: string;
  notes: string;
}

const TABLE_VALUED = ["json_each", "json_tree"];

function readmeRows(): Row[] {
  const text = Deno.readTextFileSync(new URL("../README.md", import.meta.url));
  const start = text.indexOf("<!-- functions:start -->");
  const end = text.indexOf("<!-- functions:end -->");
  ok(start >= 0 && end > start, "README has the functions region");
  const rows: Row[] = [];
  for (const line of text.slice(start, end).split("\n")) {
    if (!line.startsWith("| `")) continue;
    const cells = line.split("|").slice(1, -1).map((c) => c.trim());
    const name = /^`(.+)`$/.exec(cells[0]);
    ok(cells.length === 4 && name, `a row of four cells: ${line}`);
    rows.push({ name: name[1], kind: cells[1], has: cells[2], notes: cells[3] });
  }
  return rows;
}

/** The kind column the catalog implies for `name`. */
function catalogKind(name: string): string {
  const kinds = [...new Set(FUNCTIONS.get(name)!.map((d) => d.kind))];
  return kinds.map((k) => k === "aggregate" ? "aggregate (also window)" : k).join(", ");
}

/** Whether litejit implements every overload the catalog lists for `name`. */
function implemented(name: string): boolean {
  if (TABLE_VALUED.includes(name)) {
    const db = new Database(Deno.readFileSync(new URL("../examples/sample.db", import.meta.url)));
    try {
      return db.prepare(`SELECT count(*) AS n FROM ${name}('[1,2]')`).get()!.n ===
        (name === "json_tree" ? 3 : 2);
    } finally {
      db.close();
    }
  }
  return FUNCTIONS.get(name)!.every((d) => {
    switch (d.kind) {
      case "scalar":
        return scalarFunction(name) !== undefined;
      case "aggregate":
        return aggregateFunction(name, d.minArgs) !== undefined &&
          aggregateFunction(name, d.maxArgs) !== undefined;
      case "window":
        return windowFunction(name, d.minArgs, false) !== undefined &&
          windowFunction(name, d.maxArgs, false) !== undefined;
    }
  });
}

Deno.test("README function table: exactly the catalog's functions, one row each", () => {
  const rows = readmeRows();
  const names = rows.map((r) => r.name);
  equal(new Set(names).size, names.length, "no function is listed twice");
  deepStrictEqual([...names].sort(), [...FUNCTIONS.keys(), ...TABLE_VALUED].sort());
  for (const r of rows) {
    const kind = TABLE_VALUED.includes(r.name) ? "table-valued" : catalogKind(r.name);
    equal(r.kind, kind, `kind of ${r.name}`);
    const math = FUNCTIONS.get(r.name)?.some((d) => d.optional === "math") ?? false;
    equal(
      r.notes.startsWith("math"),
      math,
      `${r.name}: notes start with "math" for math functions`,
    );
  }
});

Deno.test("README function table: every 'yes' is implemented, every 'no' is not", () => {
  const rows = readmeRows();
  ok(rows.length > 100);
  for (const r of rows) {
    ok(r.has === "yes" || r.has.startsWith("no"), `${r.name}: "${r.has}" is yes or no (why)`);
    if (r.has === "yes") ok(implemented(r.name), `${r.name} is listed as implemented`);
    else {
      ok(r.has.length > 3, `${r.name}: a "no" says why`);
      ok(!implemented(r.name), `${r.name} is listed as missing but is implemented`);
    }
  }
});
