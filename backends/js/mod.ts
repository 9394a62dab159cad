/**
 * The JavaScript code-generation backend: the plan is compiled by the bytecode compiler
 * (backends/bytecode/: one lowering of every plan node, so the backends cannot disagree on
 * what a plan means), then its program is translated to JS source
 * (backends/js-codegen/translate.ts) and made a function with `new Function` once per
 * statement (backends/js-codegen/program.ts, which the Wasm backend uses too). A run calls
 * it for a set of locals, which the next run reuses.
 */
import { functionConstructorForbidden } from "../code_policy.ts";
import type { Backend } from "../../core/backend.ts";
import { compileWholeJs } from "../js-codegen/program.ts";

/** The JS code generator. */
export const JS_CODEGEN: Backend = {
  name: "js",
  unavailableReason: functionConstructorForbidden,
  compile: compileWholeJs,
};
