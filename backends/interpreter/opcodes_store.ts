/**
 * Opcodes for stored rows: sorters, distinct stores, window computation, hash tables and IN sets
 */
import { J, N, Op, type OpcodeSpec, spec } from "./opcode_spec.ts";

/** Opcodes for stored rows: sorters, distinct stores, window computation, hash tables and IN sets. */
export const STORE_OPCODES = {
  [Op.SorterOpen]: spec(
    "SorterOpen",
    N,
    { p1: "slot", p2: "limit reg", p3: "offset reg", p4: "pool" },
    "",
    "Empty sorter s[P1] (sort keys pool[P4]); with a LIMIT in r[P2] (and OFFSET in r[P3]) keep only the rows that can be emitted.",
  ),
  [Op.SorterInsert]: spec(
    "SorterInsert",
    N,
    { p1: "slot", p2: "first", p3: "count" },
    "s[P1] += r[P2@P3]",
    "Store a copy of r[P2..P2+P3) in s[P1].",
  ),
  [Op.SorterSort]: spec(
    "SorterSort",
    J,
    { p1: "slot", p2: "if empty" },
    "",
    "Sort s[P1] (stable) and move to its first row; jump to P2 if it has none.",
  ),
  [Op.SorterData]: spec(
    "SorterData",
    N,
    { p1: "slot", p2: "dest" },
    "r[P2..]=s[P1].row",
    "Copy the current row of s[P1] into registers from P2.",
  ),
  [Op.SorterNext]: spec(
    "SorterNext",
    J,
    { p1: "slot", p2: "if more" },
    "",
    "Move s[P1] to its next row; jump to P2 if there is one.",
  ),
  [Op.WindowCompute]: spec(
    "WindowCompute",
    N,
    { p1: "slot", p4: "pool" },
    "",
    "Replace the sorted rows of s[P1] by their columns and window call results (pool[P4]).",
  ),
  [Op.OpenEphemeral]: spec(
    "OpenEphemeral",
    N,
    { p1: "slot", p4: "pool" },
    "",
    "Empty distinct row store s[P1] (pool[P4]: width and collations); iterate it with the Sorter opcodes.",
  ),
  [Op.IdxInsert]: spec(
    "IdxInsert",
    N,
    { p1: "slot", p2: "first" },
    "s[P1] += r[P2@width]",
    "Add the row r[P2..] to s[P1] unless an equal row is there.",
  ),
  [Op.Distinct]: spec(
    "Distinct",
    J,
    { p1: "slot", p2: "if seen", p3: "first" },
    "if r[P3@width] in s[P1] goto P2",
    "Jump to P2 if s[P1] holds the row r[P3..]; else add it and fall through.",
  ),
  [Op.EphFilter]: spec(
    "EphFilter",
    N,
    { p1: "slot", p2: "other slot", p3: "1 keep common / 0 keep others" },
    "",
    "INTERSECT (P3=1) / EXCEPT (P3=0): keep the rows of s[P1] that s[P2] has (or lacks).",
  ),
  [Op.HashOpen]: spec(
    "HashOpen",
    N,
    { p1: "slot", p4: "pool" },
    "",
    "Empty hash table s[P1] (pool[P4]: key count, affinities, collations, width).",
  ),
  [Op.HashInsert]: spec(
    "HashInsert",
    N,
    { p1: "slot", p2: "key", p3: "row" },
    "s[P1][r[P2@k]] += r[P3@w]",
    "Store the row r[P3..] under the key r[P2..] (NULL keys are dropped).",
  ),
  [Op.HashProbe]: spec(
    "HashProbe",
    J,
    { p1: "slot", p2: "if none", p3: "key" },
    "",
    "Find the rows of s[P1] under the key r[P3..]; jump to P2 if none.",
  ),
  [Op.HashData]: spec(
    "HashData",
    N,
    { p1: "slot", p2: "dest" },
    "r[P2..]=s[P1].row",
    "Copy the current matching row into registers from P2.",
  ),
  [Op.HashNext]: spec(
    "HashNext",
    J,
    { p1: "slot", p2: "if more" },
    "",
    "Next matching row; jump to P2 if there is one.",
  ),
  [Op.InSetOpen]: spec(
    "InSetOpen",
    N,
    { p1: "slot", p4: "pool" },
    "",
    "Empty IN (SELECT) candidate set s[P1] (pool[P4]: affinities, collations).",
  ),
  [Op.InSetAdd]: spec(
    "InSetAdd",
    N,
    { p1: "slot", p2: "first" },
    "s[P1] += r[P2@n]",
    "Add a candidate row.",
  ),
  [Op.InSetProbe]: spec(
    "InSetProbe",
    N,
    { p1: "slot", p2: "first", p3: "dest", p5: "NOT" },
    "r[P3]=r[P2@n] IN s[P1]",
    "Three-valued membership of the operand row (negated when P5).",
  ),
} satisfies Partial<Record<Op, OpcodeSpec>>;
