/**
 * Names of every token kind (`ID`, `LP`, ..., then the keywords), for tests and debugging.
 * No bundle imports this file: the parser needs only the keywords' names (token_kinds.ts).
 */
import { KEYWORD_LIST } from "./token_kinds.ts";

/** Names of the non-keyword kinds, indexed by kind. */
const NON_KEYWORD_NAMES = (
  "EOF ILLEGAL SPACE COMMENT ID STRING INTEGER FLOAT BLOB VARIABLE MINUS LP RP SEMI PLUS " +
  "STAR SLASH REM EQ LE NE LT GE GT LSHIFT RSHIFT BITAND BITOR CONCAT BITNOT COMMA DOT PTR"
).split(" ");

/** Token names indexed by kind: `ID`, `LP`, ..., then keywords in upper case. */
export const TOKEN_NAMES: readonly string[] = [...NON_KEYWORD_NAMES, ...KEYWORD_LIST];
