/**
 * litejit without a backend: the `Database` API over bytes (`Uint8Array`, `ArrayBuffer`,
 * `Blob`/`File` through {@link Database.open}), for bundles that carry only the executor
 * they use. Import one or more of `./interpreter`, `./js`, `./wasm`: each registers itself,
 * and exports its backend object, which the `backend` option also takes.
 *
 * @example
 * ```ts
 * import { Database } from "./lite.ts";
 * import "./interpreter.ts";
 * const db = new Database(Deno.readFileSync("examples/sample.db"));
 * console.log(db.backend, db.prepare("SELECT count(*) AS n FROM cities").get());
 * db.close();
 * ```
 *
 * @module
 */
export { Database } from "./core/api/database.ts";
export type {
  AggregateOptions,
  ColumnDescription,
  DatabaseOptions,
  IndexDescription,
  TableDescription,
  UserFunctionOptions,
  ViewDescription,
} from "./core/api/database.ts";
export { SqliteError } from "./core/errors.ts";
export { ResultCode, type ResultCodeName } from "./core/errors.ts";
export { Statement } from "./core/api/statement.ts";
export type {
  BindParameters,
  BindValue,
  ColumnInfo,
  NamedParameters,
} from "./core/api/statement.ts";
export type { BackendHandle, BackendName } from "./core/backend.ts";
export type { Row } from "./core/api/row.ts";
export type { SqlValue } from "./core/value/types.ts";
