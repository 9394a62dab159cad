/**
 * What generated code calls: the shared implementations the interpreter's VM calls for the
 * same instructions (core/value, core/exec, core/functions and the VM's cursor, sorter and
 * aggregation objects), handed to each generated function as one object, so the generated
 * source names functions only by the property names below and never imports anything.
 */
import { inList, setInResult } from "../../core/exec/in_list.ts";
import { InSet } from "../../core/exec/in_set.ts";
import { WindowComputer } from "../../core/exec/window.ts";
import { limitCount, offsetCount } from "../../core/exec/limit.ts";
import { RecursiveQueue } from "../../core/exec/recursive_queue.ts";
import {
  clearJsonSubtype,
  copyJsonSubtype,
  markJson,
  passJsonSubtype,
} from "../../core/functions/json/subtype.ts";
import { tableFunctionRows } from "../../core/functions/table/registry.ts";
import { applyAffinity } from "../../core/value/affinity.ts";
import * as arith from "../../core/value/arith.ts";
import { cast } from "../../core/value/cast.ts";
import { truthValue } from "../../core/value/coerce.ts";
import * as logic from "../../core/value/logic.ts";
import { setInt, setNull } from "../../core/value/reg.ts";
import * as vmObjects from "../interpreter/vm_objects.ts";
import * as vmAgg from "../interpreter/vm_agg.ts";
import * as vmSeek from "../interpreter/vm_seek.ts";

/** The run-time library of generated code. */
export const RUNTIME = {
  inList,
  setInResult,
  InSet,
  WindowComputer,
  limitCount,
  offsetCount,
  RecursiveQueue,
  clearJsonSubtype,
  copyJsonSubtype,
  markJson,
  passJsonSubtype,
  tableFunctionRows,
  applyAffinity,
  arith,
  cast,
  truthValue,
  logic,
  setInt,
  setNull,
  /**
   * The VM's run-time objects and their helpers (openCursor, SorterSlot, HashSlot, storeRow,
   * …), aggregation steps (aggOpen, aggGroup, aggStore, …) and seek steps.
   */
  ...vmObjects,
  ...vmAgg,
  ...vmSeek,
};

/** The type of {@link RUNTIME}. */
export type Runtime = typeof RUNTIME;
