/**
 * What generated code calls: the shared implementations the interpreter's VM calls for the
 * same instructions (core/value, core/exec, core/functions and the VM's cursor, sorter and
 * aggregation objects), handed to each generated function as one object, so the generated
 * source names functions only by the property names below and never imports anything.
 * Each is listed by name (not a whole module's namespace), so the object holds exactly
 * what the templates (templates.ts) call.
 */
import { inListBytes, setInResult } from "../../core/exec/in_list.ts";
import { limitCount, offsetCount } from "../../core/exec/limit.ts";
import {
  clearJsonSubtype,
  copyJsonSubtype,
  markJson,
  passJsonSubtype,
} from "../../core/functions/json/subtype.ts";
import { applyAffinity } from "../../core/value/affinity.ts";
import {
  add,
  bitAnd,
  bitNot,
  bitOr,
  concat,
  divide,
  multiply,
  negate,
  realAffinity,
  remainder,
  shiftLeft,
  shiftRight,
  subtract,
} from "../../core/value/arith.ts";
import { truthValue } from "../../core/value/coerce.ts";
import { and, compare, is, isTruth, not, or } from "../../core/value/logic.ts";
import { setInt } from "../../core/value/reg.ts";
import { decodeValue, fieldClass } from "../../core/format/record.ts";
import { compareTextBinary } from "../../core/format/index_key.ts";
import { likeLiteralBytes } from "../../core/functions/scalar/like.ts";
import { foldedAscii, lengthBytes, substrBytes } from "../../core/functions/scalar/text.ts";
import { dateFromBytes } from "../../core/functions/scalar/date_bytes.ts";
import { stepMinMaxNumber, stepMinMaxText } from "../../core/functions/aggregate/min_max.ts";
import { countField } from "../../core/functions/aggregate/count.ts";
import { stepSumFast } from "../../core/functions/aggregate/sum.ts";
import { cellKey } from "../../core/format/cursor.ts";
import { openCursor, storeRow } from "../bytecode/vm_objects.ts";
import { openSlot } from "../bytecode/vm_open.ts";
import {
  aggFinal,
  aggGroup,
  aggLoad,
  aggNextGroup,
  aggSort,
  aggStore,
} from "../bytecode/vm_agg.ts";
import {
  indexEntryJump,
  rowidBoundStep,
  rowidPast,
  seekIndex,
  seekRowid,
  seekRowidBound,
} from "../bytecode/vm_seek.ts";
import { castStep, copyWithSubtype, inListStep } from "../bytecode/vm_values.ts";
import { SERIAL_SIZES } from "./record_inline.ts";

/** The run-time library of generated code. */
export const RUNTIME = {
  setInResult,
  limitCount,
  offsetCount,
  clearJsonSubtype,
  copyJsonSubtype,
  markJson,
  passJsonSubtype,
  applyAffinity,
  /** core/value/arith.ts: every operator of Add … Concat (ARITH_OPERATORS) and
   * the unary ones but Plus (copyWithSubtype). */
  add,
  subtract,
  multiply,
  divide,
  remainder,
  bitAnd,
  bitOr,
  shiftLeft,
  shiftRight,
  concat,
  negate,
  realAffinity,
  bitNot,
  truthValue,
  /** core/value/logic.ts. */
  not,
  and,
  or,
  isTruth,
  compare,
  is,
  setInt,
  /** The VM's run-time objects (vm_objects.ts). */
  openCursor,
  /** A table page's cell key (the rowid of a row a leaf loop is on). */
  cellKey,
  storeRow,
  /** The objects of the instructions that open a slot (vm_open.ts). */
  openSlot,
  /** The VM's aggregation steps (vm_agg.ts). */
  aggGroup,
  aggStore,
  aggLoad,
  aggFinal,
  aggSort,
  aggNextGroup,
  /** The VM's seek steps (vm_seek.ts). */
  seekRowid,
  rowidBoundStep,
  seekRowidBound,
  rowidPast,
  seekIndex,
  indexEntryJump,
  /** core/format: what records read inline (record_inline.ts) leave to the shared code. */
  decodeValue,
  fieldClass,
  compareTextBinary,
  inListBytes,
  likeLiteralBytes,
  substrBytes,
  lengthBytes,
  dateFromBytes,
  foldedAscii,
  stepMinMaxText,
  stepMinMaxNumber,
  countField,
  stepSumFast,
  /** Value sizes of one-byte serial types (record_inline.ts). */
  serialSizes: SERIAL_SIZES,
  /** The VM's value steps (vm_values.ts). */
  castStep,
  inListStep,
  copyWithSubtype,
};

/** The type of {@link RUNTIME}. */
export type Runtime = typeof RUNTIME;
