/**
 * What the full entry points (mod.ts, and so the better-sqlite3 drop-in) add to the front
 * end, and the browser bundles leave out to stay small: INSERT / UPDATE / DELETE parsed
 * in full, every statement that writes checked against the schema as SQLite's prepare
 * checks it (core/analyze/write_binder.ts, schema_statements.ts), the pragmas that set
 * the connection (core/pragma/settings.ts), and the texts of internal errors
 * (core/internal_messages.ts). Importing this module installs them.
 *
 * Without it a statement that writes prepares unchecked (a DML statement is only
 * delimited) and is refused with SQLITE_READONLY when run, and the setting pragmas are
 * unknown (a query gives no rows, a setting is refused).
 *
 * @module
 */
import { readonlyError } from "../analyze/errors.ts";
import { installWriteChecker } from "../analyze/binder.ts";
import { bindDml } from "../analyze/write_binder.ts";
import { bindSchemaStatement } from "../analyze/schema_statements.ts";
import { installStatementParser } from "../sql/parser.ts";
import { DmlStatementParser } from "../sql/parse_dml.ts";
import { addPragmaSpecs } from "../pragma/catalog.ts";
import { installSettingPragmas } from "../pragma/pragma.ts";
import { type ConnectionSettings, settingPragmas, settingsFor } from "../pragma/settings.ts";
import { type Database, databaseFileOf } from "./database.ts";
import { compiledStatementOf, type Statement } from "./statement.ts";
import { pragmaWrites } from "../pragma/catalog.ts";
import { nameKey } from "../format/schema_types.ts";
import "../internal_messages.ts";

export type { ConnectionSettings, SettingsProfile } from "../pragma/settings.ts";

installStatementParser(() => new DmlStatementParser());

installWriteChecker((ctx, st) => {
  if (st.dml) {
    const columns = bindDml(ctx, st.dml);
    const error = { code: "SQLITE_READONLY" as const, message: readonlyError().message };
    return { columns, noop: false, error, readonly: false };
  }
  // Padded to its place in the SQL text, so that error offsets are the text's.
  return { columns: [], ...bindSchemaStatement(ctx, " ".repeat(st.start) + st.text) };
});

addPragmaSpecs(settingPragmas.specs);
installSettingPragmas(settingPragmas);

/**
 * Whether running `st` leaves the database unchanged, as SQLite's sqlite3_stmt_readonly
 * tells: false for a statement that writes (which litejit refuses when it runs), for
 * BEGIN IMMEDIATE / EXCLUSIVE, for journal_mode and the pragmas that would change the
 * file. The better-sqlite3 drop-in's `Statement.readonly`. Not part of the public API.
 */
export function statementIsReadonly(st: Statement): boolean {
  const c = compiledStatementOf(st);
  switch (c.kind) {
    case "select":
    case "listing":
      return true;
    case "pragma": {
      const k = nameKey(c.name);
      return !(k === "journal_mode" || k === "incremental_vacuum" || pragmaWrites(k, c.arg));
    }
    case "transaction":
      return !c.writes;
    case "write":
      return c.readonly;
  }
}

/**
 * The settings of `db`'s connection (what PRAGMA cache_size, journal_mode, ... report),
 * for a wrapper that follows another SQLite build's defaults or was asked for a
 * read-write connection (the better-sqlite3 drop-in). Not part of the public API.
 */
export function connectionSettings(db: Database): ConnectionSettings {
  return settingsFor(databaseFileOf(db));
}
