/**
 * CREATE TABLE, following SQLite's parse.y (grammar) and build.c (what each clause does:
 * sqlite3AddColumn, sqlite3AddPrimaryKey, sqlite3EndTable, ...).
 */
import { sqlError } from "../errors.ts";
import { Affinity } from "../value/types.ts";
import { keywordFallsBackToId, TokenKind } from "./tokenize.ts";
import { foldName, isIdsKind, type TokenStream } from "./ddl_stream.ts";
import { readSortTerm } from "./ddl_terms.ts";
import { readColumnType, readDefault } from "./ddl_column.ts";
import {
  checkedParenthesized,
  qualifiedName,
  readDeferrable,
  readNameList,
  readOnConflict,
  readReferences,
  readTableOptions,
  skipIfNotExists,
  startsTableConstraint,
} from "./ddl_clauses.ts";
import { autoIndexes } from "./auto_indexes.ts";
import type {
  ColumnDef,
  ConflictResolution,
  ForeignKeyDef,
  KeyColumnDef,
  KeyConstraintDef,
  TableDef,
} from "./ddl_types.ts";

/** Per-column facts used while building the table and dropped afterwards. */
interface ColumnState {
  def: ColumnDef;
  /** The declared type is one of SQLite's standard names (COLTYPE_* other than custom). */
  standardType: string | null;
  /** A type was declared (COLFLAG_HASTYPE). */
  hasType: boolean;
  /** Part of the primary key (COLFLAG_PRIMKEY). */
  inPrimaryKey: boolean;
}

/** Parses the rest of a CREATE TABLE after `CREATE [TEMP] TABLE`. */
export function parseCreateTable(ts: TokenStream): TableDef {
  skipIfNotExists(ts);
  const { schema, name } = qualifiedName(ts);
  if (ts.kind() === TokenKind.As) {
    // SQLite rewrites CREATE TABLE ... AS SELECT before storing it, and refuses to load it.
    throw sqlError(`CREATE TABLE ${name} AS SELECT cannot be stored in a schema`);
  }
  ts.expect(TokenKind.LParen);
  const b = new TableBuilder(ts, name);
  for (;;) {
    b.column();
    if (ts.accept(TokenKind.RParen)) break;
    ts.expect(TokenKind.Comma);
    if (startsTableConstraint(ts.kind())) {
      b.tableConstraints();
      break;
    }
  }
  const { withoutRowid, strict } = readTableOptions(ts);
  const table: TableDef = {
    kind: "table",
    schema,
    name,
    columns: b.columns.map((c) => c.def),
    withoutRowid,
    strict,
    keyConstraints: b.keys,
    primaryKey: b.primaryKey,
    rowidAlias: b.rowidAlias,
    foreignKeys: b.foreignKeys,
  };
  b.finish(table);
  return table;
}

class TableBuilder {
  columns: ColumnState[] = [];
  keys: KeyConstraintDef[] = [];
  primaryKey: KeyConstraintDef | null = null;
  rowidAlias = -1;
  foreignKeys: ForeignKeyDef[] = [];
  #names = new Map<string, number>();

  readonly #ts: TokenStream;
  readonly #tableName: string;

  constructor(ts: TokenStream, tableName: string) {
    this.#ts = ts;
    this.#tableName = tableName;
  }

  column(): void {
    const ts = this.#ts;
    const name = ts.expectName();
    const type = readColumnType(ts);
    const key = foldName(name);
    if (this.#names.has(key)) throw sqlError(`duplicate column name: ${name}`);
    this.#names.set(key, this.columns.length);
    const col: ColumnState = {
      def: {
        name,
        declaredType: type.declaredType,
        affinity: type.affinity,
        collation: null,
        notNull: false,
        default: null,
        defaultText: null,
        generated: null,
        hidden: 0,
        pk: 0,
      },
      standardType: type.standardType,
      hasType: type.hasType,
      inPrimaryKey: false,
    };
    this.columns.push(col);
    this.#columnConstraints(col);
  }

  #columnConstraints(col: ColumnState): void {
    const ts = this.#ts;
    const def = col.def;
    const index = this.columns.length - 1;
    for (;;) {
      switch (ts.kind()) {
        case TokenKind.Constraint:
          ts.next();
          ts.expectName();
          break;
        case TokenKind.Default: {
          ts.next();
          const d = readDefault(ts, def.name);
          if (def.generated) throw sqlError("cannot use DEFAULT on a generated column");
          def.default = d.value;
          def.defaultText = d.text;
          break;
        }
        case TokenKind.Null:
          ts.next();
          readOnConflict(ts);
          break;
        case TokenKind.Not:
          ts.next();
          if (ts.accept(TokenKind.Null)) {
            readOnConflict(ts);
            def.notNull = true;
          } else readDeferrable(ts);
          break;
        case TokenKind.Primary: {
          ts.next();
          ts.expect(TokenKind.Key);
          let desc = false;
          if (ts.kind() === TokenKind.Asc || ts.kind() === TokenKind.Desc) {
            desc = ts.next().kind === TokenKind.Desc;
          }
          const onConflict = readOnConflict(ts);
          const autoincrement = ts.accept(TokenKind.Autoincrement);
          this.#addPrimaryKey(
            [{ column: index, collation: null, desc }],
            true,
            onConflict,
            autoincrement,
          );
          break;
        }
        case TokenKind.Unique:
          ts.next();
          this.#addUnique([{ column: index, collation: null, desc: false }], true);
          break;
        case TokenKind.Check:
          ts.next();
          checkedParenthesized(ts);
          break;
        case TokenKind.References: {
          ts.next();
          const ref = readReferences(ts);
          if (ref.parentColumns && ref.parentColumns.length !== 1) {
            throw sqlError(
              `foreign key on ${def.name} should reference only one column of table ${ref.table}`,
            );
          }
          this.foreignKeys.push({ columns: [index], ...ref });
          break;
        }
        case TokenKind.Deferrable:
          readDeferrable(ts);
          break;
        case TokenKind.Collate:
          ts.next();
          if (!isIdsKind(ts.kind())) throw ts.syntaxError();
          def.collation = ts.name(ts.next());
          break;
        case TokenKind.Generated:
          ts.next();
          ts.expect(TokenKind.Always);
        // falls through: AS follows
        case TokenKind.As: {
          ts.expect(TokenKind.As);
          const exprText = checkedParenthesized(ts);
          let stored = false;
          let bad = !!def.default || !!def.generated;
          // `AS (expr) ID`: the ID (keywords fall back to it) must be VIRTUAL or STORED.
          if (ts.kind() === TokenKind.Id || keywordFallsBackToId(ts.kind())) {
            const word = foldName(ts.text(ts.next()));
            if (word === "stored") stored = true;
            else if (word !== "virtual") bad = true;
          }
          if (bad) throw sqlError(`error in generated column "${def.name}"`);
          def.generated = { stored, exprText };
          def.hidden = stored ? 3 : 2;
          if (col.inPrimaryKey) {
            throw sqlError("generated columns cannot be part of the PRIMARY KEY");
          }
          break;
        }
        default:
          return;
      }
    }
  }

  tableConstraints(): void {
    const ts = this.#ts;
    for (;;) {
      switch (ts.kind()) {
        case TokenKind.Constraint:
          ts.next();
          ts.expectName();
          break;
        case TokenKind.Primary: {
          ts.next();
          ts.expect(TokenKind.Key);
          const { columns, autoincrement } = this.#keyList(true);
          this.#addPrimaryKey(columns, false, readOnConflict(ts), autoincrement);
          break;
        }
        case TokenKind.Unique:
          ts.next();
          this.#addUnique(this.#keyList(false).columns, false);
          break;
        case TokenKind.Check:
          ts.next();
          checkedParenthesized(ts);
          readOnConflict(ts);
          break;
        case TokenKind.Foreign: {
          ts.next();
          ts.expect(TokenKind.Key);
          const names = readNameList(ts);
          ts.expect(TokenKind.References);
          const ref = readReferences(ts);
          if (ts.accept(TokenKind.Not) || ts.kind() === TokenKind.Deferrable) readDeferrable(ts);
          if (ref.parentColumns && ref.parentColumns.length !== names.length) {
            throw sqlError(
              "number of columns in foreign key does not match the number of columns in the " +
                "referenced table",
            );
          }
          const columns = names.map((n) => {
            const i = this.#names.get(foldName(n));
            if (i === undefined) throw sqlError(`unknown column "${n}" in foreign key definition`);
            return i;
          });
          this.foreignKeys.push({ columns, ...ref });
          break;
        }
        default:
          throw ts.syntaxError();
      }
      if (ts.accept(TokenKind.Comma)) {
        if (ts.kind() === TokenKind.RParen) throw ts.syntaxError();
      } else if (ts.accept(TokenKind.RParen)) return;
    }
  }

  /** A UNIQUE constraint on `columns`, with the ON CONFLICT clause that follows. */
  #addUnique(columns: KeyColumnDef[], columnLevel: boolean): void {
    this.keys.push({
      kind: "unique",
      columns,
      columnLevel,
      onConflict: readOnConflict(this.#ts),
      autoincrement: false,
      integerPrimaryKey: false,
    });
  }

  /** `( term, ... [AUTOINCREMENT] )` of a table-level PRIMARY KEY or UNIQUE. */
  #keyList(allowAutoincrement: boolean) {
    const ts = this.#ts;
    ts.expect(TokenKind.LParen);
    const columns: KeyColumnDef[] = [];
    let autoincrement = false;
    do {
      const term = readSortTerm(ts, allowAutoincrement);
      autoincrement = term.autoincrement;
      if (term.column === null) {
        throw sqlError("expressions prohibited in PRIMARY KEY and UNIQUE constraints");
      }
      const column = this.#names.get(foldName(term.column));
      if (column === undefined) throw sqlError(`no such column: ${term.column}`);
      columns.push({ column, collation: term.collation, desc: term.desc });
    } while (!autoincrement && ts.accept(TokenKind.Comma));
    ts.expect(TokenKind.RParen);
    return { columns, autoincrement };
  }

  #addPrimaryKey(
    columns: KeyColumnDef[],
    columnLevel: boolean,
    onConflict: ConflictResolution | null,
    autoincrement: boolean,
  ): void {
    if (this.primaryKey) {
      throw sqlError(`table "${this.#tableName}" has more than one primary key`);
    }
    for (const c of columns) {
      const col = this.columns[c.column];
      col.inPrimaryKey = true;
      if (col.def.generated) {
        throw sqlError("generated columns cannot be part of the PRIMARY KEY");
      }
    }
    // SQLite's INTEGER PRIMARY KEY: one column typed exactly INTEGER, and not the
    // column-constraint form with DESC (the table-constraint form ignores DESC here).
    const integerPrimaryKey = columns.length === 1 &&
      this.columns[columns[0].column].standardType === "INTEGER" &&
      !(columnLevel && columns[0].desc);
    if (autoincrement && !integerPrimaryKey) {
      throw sqlError("AUTOINCREMENT is only allowed on an INTEGER PRIMARY KEY");
    }
    const key: KeyConstraintDef = {
      kind: "primaryKey",
      columns,
      columnLevel,
      onConflict,
      autoincrement,
      integerPrimaryKey,
    };
    this.primaryKey = key;
    if (integerPrimaryKey) this.rowidAlias = columns[0].column;
    this.keys.push(key);
  }

  /** sqlite3EndTable's checks and adjustments, once the table options are known. */
  finish(table: TableDef): void {
    const cols = this.columns;
    if (table.strict) {
      for (let i = 0; i < cols.length; i++) {
        const c = cols[i];
        if (c.standardType === null) {
          throw sqlError(
            c.hasType
              ? `unknown datatype for ${table.name}.${c.def.name}: "${c.def.declaredType}"`
              : `missing datatype for ${table.name}.${c.def.name}`,
          );
        }
        if (c.standardType === "ANY") c.def.affinity = Affinity.Blob;
        if (c.inPrimaryKey && i !== this.rowidAlias) c.def.notNull = true;
      }
    }
    if (table.withoutRowid) {
      if (this.primaryKey?.autoincrement) {
        throw sqlError("AUTOINCREMENT not allowed on WITHOUT ROWID tables");
      }
      if (!this.primaryKey) throw sqlError(`PRIMARY KEY missing on table ${table.name}`);
      for (const c of cols) if (c.inPrimaryKey) c.def.notNull = true;
      table.rowidAlias = -1;
    }
    // Every table has a column: parseCreateTable reads one before anything else.
    if (cols.every((c) => !!c.def.generated)) {
      throw sqlError("must have at least one non-generated column");
    }
    // ColumnDef.pk as PRAGMA table_info numbers primary-key columns: the rowid alias is 1,
    // other primary-key columns are numbered by their first position in the primary key's
    // automatic index. Building the automatic indexes also makes their "conflicting ON
    // CONFLICT clauses" check.
    const order = autoIndexes(table).find((i) => i.origin === "pk")?.columns ?? [];
    if (table.rowidAlias >= 0) table.columns[table.rowidAlias].pk = 1;
    for (let i = order.length - 1; i >= 0; i--) table.columns[order[i].column].pk = i + 1;
  }
}
