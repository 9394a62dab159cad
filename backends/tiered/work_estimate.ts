/**
 * Whether a statement's first run is worth generated code: the tiered backend runs a first
 * run on the interpreter (no code to make) unless the plan reads many rows, which generated
 * code reads two to three times faster than the interpreter. Only the plan's shape and the
 * size of the b-trees it scans are looked at, a page or two per scan: an estimate, which
 * the interpreter's first-row budget (vm.ts) corrects when it is wrong.
 */
import type { DatabaseFile } from "../../core/database_file.ts";
import type { Plan, RelNode } from "../../core/plan/plan.ts";
import { forEachNode } from "../../core/plan/walk.ts";

/** A LIMIT up to this many rows over rows that stream stops a scan early. */
const FEW_ROWS = 1000;
/** A b-tree of about this many entries or fewer is small. */
const SMALL_ENTRIES = 4096;

/** Whether a run of `plan` on `file` probably scans many rows. */
export function readsManyRows(plan: Plan, file: DatabaseFile): boolean {
  const limited = scansUnderSmallLimit(plan.query.root);
  let many = false;
  forEachNode(plan.query, (node) => {
    if (!many && !limited.has(node)) many = scansLarge(node, file);
  });
  return many;
}

/** Whether `node` scans (not one key's lookup) a b-tree that is not small. */
function scansLarge(node: RelNode, file: DatabaseFile): boolean {
  switch (node.kind) {
    case "tableScan":
      return node.rowid?.kind !== "key" && !smallBtree(file, node.table.rootPage);
    case "indexScan": {
      // (A skip-scan seeks once per distinct value of its skipped columns.)
      const range = node.eq.length === 0 || node.lower !== null || node.upper !== null ||
        node.eq[0].kind === "any";
      return range && !smallBtree(file, node.index.rootPage);
    }
    case "countRows":
      return !smallBtree(file, (node.index ?? node.table).rootPage);
    case "recursiveCte":
      return true; // as many steps as it recurses
    default:
      return false;
  }
}

/**
 * The scans below a top-level `LIMIT n` (n a small constant) whose rows stream to it
 * through filters and projections: the run stops after n of them.
 */
function scansUnderSmallLimit(root: RelNode): Set<RelNode> {
  const out = new Set<RelNode>();
  let node = root;
  while (node.kind === "project" || node.kind === "filter") node = node.input;
  if (node.kind !== "limit" || !small(node.limit) || (node.offset && !small(node.offset))) {
    return out;
  }
  for (node = node.input; node.kind === "project" || node.kind === "filter";) node = node.input;
  if (node.kind === "tableScan" || node.kind === "indexScan") out.add(node);
  return out;
}

function small(e: Plan["query"]["columns"][number] | null): boolean {
  return e !== null && e.kind === "const" && typeof e.value === "number" && e.value <= FEW_ROWS;
}

/**
 * Whether the b-tree at `root` is small: a leaf root of at most {@link SMALL_ENTRIES}
 * cells, or a root over leaves whose children times the cells of its last leaf are at most
 * that. Unreadable pages (not fetched yet, damaged) answer small: the interpreter then
 * runs, and reports any damage itself.
 */
function smallBtree(file: DatabaseFile, root: number): boolean {
  try {
    const [leaf, cells, last] = pageShape(file, root);
    if (leaf) return cells <= SMALL_ENTRIES;
    const [childLeaf, childCells] = pageShape(file, last);
    return childLeaf && (cells + 1) * childCells <= SMALL_ENTRIES;
  } catch {
    return true;
  }
}

/** A b-tree page's header: whether it is a leaf, its cell count, its right-most child. */
function pageShape(file: DatabaseFile, pgno: number): [boolean, number, number] {
  const page = file.pager.page(pgno);
  const at = pgno === 1 ? 100 : 0;
  const type = page[at];
  const cells = (page[at + 3] << 8) | page[at + 4];
  const last = ((page[at + 8] << 24) | (page[at + 9] << 16) | (page[at + 10] << 8) |
    page[at + 11]) >>> 0;
  return [type === 0x0d || type === 0x0a, cells, last];
}
