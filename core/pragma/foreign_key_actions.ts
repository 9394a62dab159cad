/**
 * The ON DELETE / ON UPDATE actions of each REFERENCES clause of a CREATE TABLE, which the
 * schema parser checks but does not keep (parse.y `refargs`).
 *
 * SQLite keeps the last ON DELETE and the last ON UPDATE of a clause, ignores ON INSERT
 * and MATCH, and reports a missing action as NO ACTION.
 */
import { type Token, tokenize, TokenKind } from "../sql/tokenize.ts";

/** The action names PRAGMA foreign_key_list reports. */
export type ForeignKeyAction = "NO ACTION" | "SET NULL" | "SET DEFAULT" | "CASCADE" | "RESTRICT";

/** One REFERENCES clause's actions. */
export interface ForeignKeyActions {
  onDelete: ForeignKeyAction;
  onUpdate: ForeignKeyAction;
}

/**
 * The actions of every REFERENCES clause in `createTableSql`, in text order (the order of
 * `TableDef.foreignKeys`). The statement must be one the schema parser accepted.
 */
export function foreignKeyActions(createTableSql: string): ForeignKeyActions[] {
  const tokens = tokenize(createTableSql);
  const out: ForeignKeyActions[] = [];
  let i = 0;
  while (i < tokens.length && tokens[i].kind === TokenKind.Semi) i++;
  for (; i < tokens.length; i++) {
    const k = tokens[i].kind;
    // Only the first statement counts, as when SQLite loads a schema.
    if (k === TokenKind.Semi) break;
    if (k === TokenKind.References) {
      const clause = readClause(tokens, i + 1);
      out.push(clause.actions);
      i = clause.end - 1;
    }
  }
  return out;
}

function readClause(tokens: Token[], i: number): { actions: ForeignKeyActions; end: number } {
  const actions: ForeignKeyActions = { onDelete: "NO ACTION", onUpdate: "NO ACTION" };
  i++; // the parent table's name
  if (tokens[i]?.kind === TokenKind.LParen) {
    while (i < tokens.length && tokens[i].kind !== TokenKind.RParen) i++;
    i++;
  }
  for (;;) {
    const k = tokens[i]?.kind;
    if (k === TokenKind.Match) {
      i += 2;
    } else if (k === TokenKind.On) {
      const event = tokens[i + 1]?.kind;
      const { action, length } = readAction(tokens, i + 2);
      if (event === TokenKind.Delete) actions.onDelete = action;
      else if (event === TokenKind.Update) actions.onUpdate = action;
      i += 2 + length;
    } else {
      return { actions, end: i };
    }
  }
}

function readAction(tokens: Token[], i: number): { action: ForeignKeyAction; length: number } {
  switch (tokens[i]?.kind) {
    case TokenKind.Set:
      return {
        action: tokens[i + 1]?.kind === TokenKind.Null ? "SET NULL" : "SET DEFAULT",
        length: 2,
      };
    case TokenKind.No:
      return { action: "NO ACTION", length: 2 };
    case TokenKind.Cascade:
      return { action: "CASCADE", length: 1 };
    default:
      return { action: "RESTRICT", length: 1 };
  }
}
