/**
 * The users API, shared by the Node (node_server.mjs) and Deno (deno_server.ts) servers:
 * the SQL both endpoints run and the routing from a request line to a JSON response. An
 * engine only supplies two prepared statements, so every engine answers from the same code.
 *
 * @module
 */

/**
 * The command-line options both servers take (node:util `parseArgs` options); each adds its
 * own (`--workers` on Node, `--reuse-port` on Deno).
 */
export const SERVER_OPTIONS = /** @type {const} */ ({
  db: { type: "string" },
  port: { type: "string", default: "3000" },
  host: { type: "string", default: "127.0.0.1" },
  engine: { type: "string", default: "litejit" },
  backend: { type: "string" },
});

/** How many rows `/users` returns per page. */
export const PAGE_SIZE = 200;

/** The columns every endpoint returns, in this order. */
const COLUMNS = "id, name, email, created_at, bio";

/** `/users?offset=N`: one page of users in id order. */
export const LIST_SQL = `SELECT ${COLUMNS} FROM users ORDER BY id LIMIT ${PAGE_SIZE} OFFSET ?`;

/** `/users/:id`: one user by its INTEGER PRIMARY KEY (a rowid seek). */
export const BY_ID_SQL = `SELECT ${COLUMNS} FROM users WHERE id = ?`;

/**
 * The two statements of the API, prepared once at start: anything with better-sqlite3's
 * (and node:sqlite's, and litejit's) `prepare(sql).all(...)` / `.get(...)`.
 *
 * @typedef {{ all(...params: unknown[]): unknown[]; get(...params: unknown[]): unknown }} Prepared
 * @typedef {{ prepare(sql: string): Prepared }} Connection
 * @typedef {{ list: Prepared; byId: Prepared }} UsersStatements
 * @typedef {{ status: number; body: string }} JsonResponse
 */

/**
 * Prepares the API's statements on an open connection.
 *
 * @param {Connection} db
 * @returns {UsersStatements}
 * @example
 * const statements = prepareUsers(new Database("users.db"));
 */
export function prepareUsers(db) {
  return { list: db.prepare(LIST_SQL), byId: db.prepare(BY_ID_SQL) };
}

const NOT_FOUND = { status: 404, body: '{"error":"not found"}' };
const BAD_OFFSET = { status: 400, body: '{"error":"offset must be a non-negative integer"}' };

/**
 * Answers one GET request: `/users[?offset=N]` → a JSON array of up to PAGE_SIZE users,
 * `/users/:id` → one user object, or 404. `url` is the request target (path and query).
 *
 * @param {UsersStatements} statements
 * @param {string} url
 * @returns {JsonResponse}
 * @example
 * route(statements, "/users/42"); // { status: 200, body: '{"id":42,...}' }
 */
export function route(statements, url) {
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  if (path === "/users") {
    const raw = q < 0 ? null : new URLSearchParams(url.slice(q + 1)).get("offset");
    const offset = raw === null ? 0 : Number(raw);
    if (!Number.isSafeInteger(offset) || offset < 0 || raw === "") return BAD_OFFSET;
    return { status: 200, body: JSON.stringify(statements.list.all(offset)) };
  }
  const match = /^\/users\/(\d{1,15})$/.exec(path);
  if (match === null) return NOT_FOUND;
  const row = statements.byId.get(Number(match[1]));
  return row === undefined ? NOT_FOUND : { status: 200, body: JSON.stringify(row) };
}
