/**
 * The texts of litejit's internal errors (core/internal_error.ts): importing this module
 * installs them. The full entry points do; the browser bundles carry only the numbers.
 */
import { Bug, installBugTexts } from "./internal_error.ts";

type Details = readonly unknown[];

const TEXTS: Record<Bug, (d: Details) => string> = {
  [Bug.StrayRowValue]: () => "planner: stray row value",
  [Bug.UnknownSource]: () => "planner: unknown source",
  [Bug.UnlistedAggregate]: () => "planner: unlisted aggregate",
  [Bug.StrayAggregate]: () => "planner: stray aggregate",
  [Bug.StrayWindowCall]: () => "planner: stray window call",
  [Bug.BadAutoIndex]: () => "planner: bad auto index",
  [Bug.LeafWithoutNode]: () => "planner: leaf without node",
  [Bug.StrayRecursiveReference]: () => "planner: stray recursive reference",
  [Bug.NoJoinOrder]: () => "planner: no join order",
  [Bug.JoinAsSource]: () => "unreachable",
  [Bug.UnresolvedLabel]: ([label]) => `unresolved label ${label}`,
  [Bug.NodeOutOfScope]: ([id]) => `plan reads node ${id} outside its scope`,
  [Bug.NoSlotOpener]: ([slot]) => `no instruction opens slot ${slot}`,
  [Bug.UnknownOpcode]: ([op, pc]) => `unknown opcode ${op} at ${pc}`,
  [Bug.NativeGroupInJs]: () => "a native group is in JS",
  [Bug.NoBlockAt]: ([pc]) => `address ${pc} starts no block`,
  [Bug.NoNativeCode]: ([pc]) => `no native code for instruction ${pc}`,
  [Bug.NotU32]: ([n]) => `not a u32: ${n}`,
  [Bug.NotI32]: ([n]) => `not an i32: ${n}`,
  [Bug.NotI64]: ([v]) => `not an i64: ${v}`,
  [Bug.AboveNaturalAlignment]: ([opcode, a, natural]) =>
    `opcode ${opcode}: alignment 2^${a} above natural 2^${natural}`,
  [Bug.BadTypeIndex]: ([type]) => `bad type index ${type}`,
  [Bug.NotInnermostBlock]: () => "endBlock: not the innermost open block",
  [Bug.LabelOutOfScope]: () => "branch to a label that is not in scope",
  [Bug.FunctionImportedLate]: () => "import functions before defining any",
  [Bug.SecondMemory]: () => "a module has at most one memory",
  [Bug.GlobalImportedLate]: () => "import globals before defining any",
  [Bug.GlobalInitType]: ([type]) =>
    `an ${type} global needs a ${type === "i64" ? "bigint" : "number"}`,
  [Bug.DuplicateExport]: ([name]) => `duplicate export name ${name}`,
  [Bug.OpenBlocks]: ([index]) => `function ${index} has open blocks`,
  [Bug.MaxBelowMin]: ([max, min]) => `limits: max ${max} below min ${min}`,
  [Bug.NonIntegerOperand]: ([pc]) => `instruction ${pc} has a non-integer operand`,
  [Bug.NotLeafCell]: () => "not a leaf cell",
  [Bug.NoEntry]: () => "cursor is not on an entry",
};

installBugTexts((bug, details) => TEXTS[bug](details));
