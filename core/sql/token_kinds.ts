/**
 * Token kinds of SQLite's SQL dialect: a numeric const enum, a name table, and the
 * keyword list with the facts the parser needs about each keyword (which SQLite token
 * class it belongs to, and whether parse.y's `%fallback ID` lets it act as an identifier).
 *
 * Reference: SQLite's tool/mkkeywordhash.c (keyword list) and src/parse.y (`%fallback`).
 */

/** Every kind of token the tokenizer produces. Keywords come last, from `Abort`. */
export const enum TokenKind {
  Eof = 0,
  /** A character or sequence SQLite rejects: `unrecognized token: "X"`. */
  Illegal,
  /** Whitespace (including a UTF-8/UTF-16 byte-order mark at a token start). */
  Space,
  /** `-- ...` or `/* ... *\/` (an unterminated block comment runs to the end). */
  Comment,
  /** Identifier: bare, `"quoted"`, `[bracketed]` or `` `backquoted` ``. */
  Id,
  /** `'string literal'`. */
  String,
  /** Decimal or `0x` hexadecimal integer (may contain `_` digit separators). */
  Integer,
  /** Real literal: `1.5`, `.5`, `1.`, `1e5`, `1.5E-3` (may contain `_` separators). */
  Float,
  /** `X'0A1b'`. */
  Blob,
  /** `?`, `?NNN`, `:name`, `@name`, `$name`, `#name`. */
  Variable,
  Minus,
  LParen,
  RParen,
  Semi,
  Plus,
  Star,
  Slash,
  /** `%` */
  Rem,
  /** `=` or `==` */
  Eq,
  Le,
  /** `<>` or `!=` */
  Ne,
  Lt,
  Ge,
  Gt,
  LShift,
  RShift,
  BitAnd,
  BitOr,
  /** `||` */
  Concat,
  /** `~` */
  BitNot,
  Comma,
  Dot,
  /** `->` or `->>` */
  Ptr,
  // Keywords, in SQLite's alphabetical order.
  Abort,
  Action,
  Add,
  After,
  All,
  Alter,
  Always,
  Analyze,
  And,
  As,
  Asc,
  Attach,
  Autoincrement,
  Before,
  Begin,
  Between,
  By,
  Cascade,
  Case,
  Cast,
  Check,
  Collate,
  Column,
  Commit,
  Conflict,
  Constraint,
  Create,
  Cross,
  Current,
  CurrentDate,
  CurrentTime,
  CurrentTimestamp,
  Database,
  Default,
  Deferred,
  Deferrable,
  Delete,
  Desc,
  Detach,
  Distinct,
  Do,
  Drop,
  End,
  Each,
  Else,
  Escape,
  Except,
  Exclusive,
  Exclude,
  Exists,
  Explain,
  Fail,
  Filter,
  First,
  Following,
  For,
  Foreign,
  From,
  Full,
  Generated,
  Glob,
  Group,
  Groups,
  Having,
  If,
  Ignore,
  Immediate,
  In,
  Index,
  Indexed,
  Initially,
  Inner,
  Insert,
  Instead,
  Intersect,
  Into,
  Is,
  Isnull,
  Join,
  Key,
  Last,
  Left,
  Like,
  Limit,
  Match,
  Materialized,
  Natural,
  No,
  Not,
  Nothing,
  Notnull,
  Null,
  Nulls,
  Of,
  Offset,
  On,
  Or,
  Order,
  Others,
  Outer,
  Over,
  Partition,
  Plan,
  Pragma,
  Preceding,
  Primary,
  Query,
  Raise,
  Range,
  Recursive,
  References,
  Regexp,
  Reindex,
  Release,
  Rename,
  Replace,
  Restrict,
  Returning,
  Right,
  Rollback,
  Row,
  Rows,
  Savepoint,
  Select,
  Set,
  Table,
  Temp,
  Temporary,
  Then,
  Ties,
  To,
  Transaction,
  Trigger,
  Unbounded,
  Union,
  Unique,
  Update,
  Using,
  Vacuum,
  Values,
  View,
  Virtual,
  When,
  Where,
  Window,
  With,
  Without,
}

/** First keyword kind; every kind >= this is a keyword. */
export const FIRST_KEYWORD = TokenKind.Abort;
/** Last keyword kind. */
export const LAST_KEYWORD = TokenKind.Without;

/**
 * SQLite's keywords in TokenKind order. A leading `*` marks a keyword listed in parse.y's
 * `%fallback ID`: where it cannot be read as itself, the parser takes it as an identifier
 * (so `CREATE TABLE t(key, value)` works). This is the list for SQLite's default build
 * (window functions and generated columns on); WITHIN is left out because it is a keyword
 * only with SQLITE_ENABLE_ORDERED_SET_AGGREGATES, which standard builds do not set.
 */
const KEYWORD_SPECS = (
  "*ABORT *ACTION ADD *AFTER ALL ALTER *ALWAYS *ANALYZE AND AS *ASC *ATTACH AUTOINCREMENT " +
  "*BEFORE *BEGIN BETWEEN *BY *CASCADE CASE *CAST CHECK COLLATE *COLUMN COMMIT *CONFLICT " +
  "CONSTRAINT CREATE CROSS *CURRENT *CURRENT_DATE *CURRENT_TIME *CURRENT_TIMESTAMP " +
  "*DATABASE DEFAULT *DEFERRED DEFERRABLE DELETE *DESC *DETACH DISTINCT *DO DROP *END *EACH " +
  "ELSE ESCAPE EXCEPT *EXCLUSIVE *EXCLUDE EXISTS *EXPLAIN *FAIL FILTER *FIRST *FOLLOWING " +
  "*FOR FOREIGN FROM FULL *GENERATED *GLOB GROUP *GROUPS HAVING *IF *IGNORE *IMMEDIATE IN " +
  "INDEX INDEXED *INITIALLY INNER INSERT *INSTEAD INTERSECT INTO IS ISNULL JOIN *KEY *LAST " +
  "LEFT *LIKE LIMIT *MATCH *MATERIALIZED NATURAL *NO NOT NOTHING NOTNULL NULL *NULLS *OF " +
  "*OFFSET ON OR ORDER *OTHERS OUTER OVER *PARTITION *PLAN *PRAGMA *PRECEDING PRIMARY " +
  "*QUERY *RAISE *RANGE *RECURSIVE REFERENCES *REGEXP *REINDEX *RELEASE *RENAME *REPLACE " +
  "*RESTRICT RETURNING RIGHT *ROLLBACK *ROW *ROWS *SAVEPOINT SELECT SET TABLE *TEMP " +
  "*TEMPORARY THEN *TIES TO TRANSACTION *TRIGGER *UNBOUNDED UNION UNIQUE UPDATE USING " +
  "*VACUUM VALUES *VIEW *VIRTUAL WHEN WHERE WINDOW *WITH *WITHOUT"
).split(" ");

/** How many token kinds there are (every TokenKind is below it). */
export const TOKEN_KIND_COUNT = LAST_KEYWORD + 1;

/**
 * Every keyword, upper case, in TokenKind order (the names of the other kinds are only for
 * tests and debugging: token_names.ts, outside the bundles).
 */
export const KEYWORD_LIST: readonly string[] = KEYWORD_SPECS.map((s) => s.replace("*", ""));

/** The upper-case name of keyword `kind`. */
export function keywordName(kind: TokenKind): string {
  return KEYWORD_LIST[kind - FIRST_KEYWORD];
}

const FALLBACK = new Uint8Array(TOKEN_KIND_COUNT);
const KEYWORDS = new Map<string, TokenKind>();
KEYWORD_SPECS.forEach((spec, i) => {
  if (spec[0] === "*") FALLBACK[FIRST_KEYWORD + i] = 1;
  KEYWORDS.set(KEYWORD_LIST[i], FIRST_KEYWORD + i);
});

/** The keyword kind for an upper-case ASCII word, or undefined. */
export function keywordKind(upperWord: string): TokenKind | undefined {
  return KEYWORDS.get(upperWord);
}

/** True if `kind` is a keyword. */
export function isKeyword(kind: TokenKind): boolean {
  return kind >= FIRST_KEYWORD;
}

/**
 * True if parse.y's `%fallback ID` lets this keyword be read as an identifier wherever it
 * cannot be read as itself (KEY, VALUE-like words, ACTION, REPLACE, ...).
 */
export function keywordFallsBackToId(kind: TokenKind): boolean {
  return FALLBACK[kind] === 1;
}

/**
 * True for the join keywords (SQLite's TK_JOIN_KW: CROSS FULL INNER LEFT NATURAL OUTER
 * RIGHT). They are not in `%fallback ID`, but the grammar accepts them as names (`nm`)
 * and as bare identifiers in expressions.
 */
export function isJoinKeyword(kind: TokenKind): boolean {
  return kind === TokenKind.Cross || kind === TokenKind.Full || kind === TokenKind.Inner ||
    kind === TokenKind.Left || kind === TokenKind.Natural || kind === TokenKind.Outer ||
    kind === TokenKind.Right;
}

/** True for CURRENT_DATE, CURRENT_TIME and CURRENT_TIMESTAMP (SQLite's TK_CTIME_KW). */
export function isCurrentTimeKeyword(kind: TokenKind): boolean {
  // The three are consecutive kinds (alphabetical order).
  return kind >= TokenKind.CurrentDate && kind <= TokenKind.CurrentTimestamp;
}

/** True for LIKE, GLOB and REGEXP (SQLite's TK_LIKE_KW). */
export function isLikeKeyword(kind: TokenKind): boolean {
  return kind === TokenKind.Like || kind === TokenKind.Glob || kind === TokenKind.Regexp;
}
