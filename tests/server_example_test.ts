/**
 * The HTTP server example (examples/server/deno_server.ts) on Deno, on every backend: its
 * `/users` pages and `/users/:id` answers are node:sqlite's rows as JSON, unknown ids are
 * 404, and a bad offset is 400. The database is made by node:sqlite and read by it as the
 * oracle.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { makeUsersDb } from "../examples/server/make_users_db.ts";
import { startDenoServer } from "../examples/server/deno_server.ts";
import { TEST_BACKENDS } from "./support/backends.ts";

const ROWS = 450; // three pages: 200, 200, 50

const dir = Deno.makeTempDirSync({ prefix: "litejit_server_" });
const path = `${dir}/users.db`;
makeUsersDb(path, ROWS);

const oracle = new DatabaseSync(path, { readOnly: true });
const expectedPage = (offset: number) =>
  oracle.prepare("SELECT * FROM users ORDER BY id LIMIT 200 OFFSET ?").all(offset);
const expectedUser = (id: number) => oracle.prepare("SELECT * FROM users WHERE id = ?").get(id);

async function fetchJson(url: string): Promise<{ status: number; type: string; body: unknown }> {
  const response = await fetch(url);
  const type = response.headers.get("content-type") ?? "";
  return { status: response.status, type, body: await response.json() };
}

for (const backend of TEST_BACKENDS) {
  Deno.test(`server example: /users and /users/:id on ${backend} equal node:sqlite's rows`, async () => {
    const server = startDenoServer({ path, backend });
    try {
      for (const offset of [0, 200, 400, 450]) {
        const query = offset === 0 ? "" : `?offset=${offset}`;
        const got = await fetchJson(`${server.url}/users${query}`);
        assert.equal(got.status, 200);
        assert.match(got.type, /^application\/json/);
        assert.deepEqual(got.body, JSON.parse(JSON.stringify(expectedPage(offset))));
        assert.equal((got.body as unknown[]).length, Math.max(0, Math.min(200, ROWS - offset)));
      }
      for (const id of [1, 2, 199, 200, 201, ROWS]) {
        const got = await fetchJson(`${server.url}/users/${id}`);
        assert.equal(got.status, 200);
        assert.deepEqual(got.body, JSON.parse(JSON.stringify(expectedUser(id))));
      }
      for (const missing of [`/users/0`, `/users/${ROWS + 1}`, `/users/abc`, `/nothing`]) {
        const got = await fetchJson(server.url + missing);
        assert.equal(got.status, 404, missing);
        assert.deepEqual(got.body, { error: "not found" });
      }
      const bad = await fetchJson(`${server.url}/users?offset=-3`);
      assert.equal(bad.status, 400);
    } finally {
      await server.shutdown();
    }
  });
}

Deno.test("server example: the node:sqlite engine answers with the same bytes as litejit", async () => {
  const lite = startDenoServer({ path });
  const native = startDenoServer({ path, engine: "node:sqlite" });
  try {
    for (const target of ["/users", "/users?offset=200", "/users/7", "/users/9999"]) {
      const a = await (await fetch(lite.url + target)).text();
      const b = await (await fetch(native.url + target)).text();
      assert.equal(a, b, target);
    }
  } finally {
    await lite.shutdown();
    await native.shutdown();
  }
});

Deno.test("server example: cleanup", () => {
  oracle.close();
  Deno.removeSync(dir, { recursive: true });
});
