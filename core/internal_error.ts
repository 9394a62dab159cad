/**
 * Errors that mean litejit itself is wrong (a planner, compiler or code generator invariant
 * broken, a builder misused), never the SQL or the database. Their texts are for litejit's
 * developers, so the browser bundles carry a number for each: the full entry points install
 * the texts (core/internal_messages.ts, imported by core/api/full_front_end.ts), as the
 * wasm-text entry point installs the WAT printer. The error's class stays the thrower's.
 */

/** The internal errors, by what went wrong (core/internal_messages.ts has their texts). */
export const enum Bug {
  StrayRowValue = 1,
  UnknownSource,
  UnlistedAggregate,
  StrayAggregate,
  StrayWindowCall,
  BadAutoIndex,
  LeafWithoutNode,
  StrayRecursiveReference,
  NoJoinOrder,
  JoinAsSource,
  UnresolvedLabel,
  NodeOutOfScope,
  NoSlotOpener,
  UnknownOpcode,
  NativeGroupInJs,
  NoBlockAt,
  NoNativeCode,
  NotU32,
  NotI32,
  NotI64,
  AboveNaturalAlignment,
  BadTypeIndex,
  NotInnermostBlock,
  LabelOutOfScope,
  FunctionImportedLate,
  SecondMemory,
  GlobalImportedLate,
  GlobalInitType,
  DuplicateExport,
  OpenBlocks,
  MaxBelowMin,
  NonIntegerOperand,
  NotLeafCell,
  NoEntry,
}

/** Writes the text of `bug` from the values it names. */
export type BugTexts = (bug: Bug, details: readonly unknown[]) => string;

let texts: BugTexts | null = null;

/** Makes internal errors carry their full texts (core/internal_messages.ts calls it). */
export function installBugTexts(write: BugTexts): void {
  texts = write;
}

/** The message of internal error `bug`; `details` are the values it names (an address, ...). */
export function bugMessage(bug: Bug, ...details: unknown[]): string {
  if (texts) return texts(bug, details);
  return `litejit internal error ${bug}${details.length ? `: ${details.join(" ")}` : ""}`;
}

/** The Error that reports internal error `bug` (see {@link bugMessage}). */
export function bugError(bug: Bug, ...details: unknown[]): Error {
  return new Error(bugMessage(bug, ...details));
}
