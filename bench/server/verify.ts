/**
 * Before any load, every server must answer a few URLs with exactly the bytes node:sqlite's
 * rows make as JSON: the rows are compared first (a clear message when an engine returns
 * other rows), then the bytes. Any difference stops the benchmark.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";

/** One URL and the status and body every engine must return for it. */
export interface Expected {
  target: string;
  status: number;
  body: string;
}

/** The expected answers for `db` (which has `rows` users), from node:sqlite. */
export function expectedAnswers(db: string, rows: number): Expected[] {
  const oracle = new DatabaseSync(db, { readOnly: true });
  try {
    const page = oracle.prepare(
      "SELECT id, name, email, created_at, bio FROM users ORDER BY id LIMIT 200 OFFSET ?",
    );
    const user = oracle.prepare("SELECT id, name, email, created_at, bio FROM users WHERE id = ?");
    const lastPage = Math.floor((rows - 1) / 200) * 200;
    const answers: Expected[] = [];
    for (const offset of [0, 200, lastPage]) {
      answers.push({
        target: offset === 0 ? "/users" : `/users?offset=${offset}`,
        status: 200,
        body: JSON.stringify(page.all(offset)),
      });
    }
    for (const id of [1, 2, Math.ceil(rows / 2), rows]) {
      answers.push({ target: `/users/${id}`, status: 200, body: JSON.stringify(user.get(id)) });
    }
    answers.push({ target: `/users/${rows + 1}`, status: 404, body: '{"error":"not found"}' });
    return answers;
  } finally {
    oracle.close();
  }
}

/** Throws unless the server at `url` gives every expected answer byte for byte. */
export async function verifyServer(engine: string, url: string, answers: Expected[]) {
  for (const { target, status, body } of answers) {
    const response = await fetch(url + target);
    const text = await response.text();
    const where = `${engine}: GET ${target}`;
    assert.equal(response.status, status, `${where}: status`);
    assert.deepEqual(JSON.parse(text), JSON.parse(body), `${where}: other rows than node:sqlite`);
    assert.equal(text, body, `${where}: same rows as node:sqlite but other JSON bytes`);
  }
}
