/**
 * A small LRU of compiled statements by SQL text, per Database and backend: preparing the
 * same SQL again skips parsing, binding, planning and compiling. An entry is compiled
 * against the schema and the functions the connection had then, so the Database clears the
 * cache when either changes: at the first prepare after the schema in use changed (another
 * connection changed it: DatabaseFile.schemaVersion), when a function or aggregate is
 * registered, and on close.
 */
import type { CompiledStatement } from "./compile.ts";
import { Lru } from "../util/lru.ts";

/** Compiled statements by SQL text, the least recently used dropped beyond `capacity`. */
export class StatementCache extends Lru<string, CompiledStatement> {}
