/**
 * How many columns SQLite's built-in virtual-table modules declare (their xConnect's
 * sqlite3_declare_vtab), for `PRAGMA table_list`. litejit does not run modules; this
 * reads the module arguments the way each module does.
 */
import type { VirtualTableInfo } from "../format/schema_types.ts";
import { nameKey } from "../format/schema_types.ts";

/** `key=value` module options (fts4, fts5) as opposed to column definitions. */
const OPTION = /^\s*[A-Za-z_][\w]*\s*=/;
/** fts3/fts4 `tokenize <name> ...` or `tokenize=...`. */
const TOKENIZE = /^tokenize(?![\w\x80-\uffff])/i;

/**
 * The number of columns (hidden ones included) the module of `vtab` declares, or 0 for a
 * module litejit does not know (SQLite then cannot connect and reports 0 too).
 */
export function virtualTableColumnCount(vtab: VirtualTableInfo): number {
  const args = vtab.args, module = nameKey(vtab.module);
  switch (module) {
    case "fts3":
    case "fts4": {
      // Columns, then the hidden table-name, docid and __langid columns; no column
      // gives the single column "content".
      const cols = args.filter((a) => !TOKENIZE.test(a) && !(module === "fts4" && OPTION.test(a)));
      return Math.max(cols.length, 1) + 3;
    }
    case "fts5":
      // Columns, then the hidden table-name and rank columns.
      return args.filter((a) => !OPTION.test(a)).length + 2;
    case "rtree":
    case "rtree_i32":
      return args.length;
    default:
      return 0;
  }
}
