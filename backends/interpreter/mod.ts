/**
 * The bytecode interpreter backend (placeholder until the compiler and VM land).
 */
import { SqliteError } from "../../core/errors.ts";
import type { Backend } from "../backend.ts";

/** The VDBE-style interpreter. */
export const INTERPRETER: Backend = {
  name: "interpreter",
  compile() {
    throw new SqliteError("SQLITE_ERROR", "the interpreter backend is not implemented yet");
  },
};
