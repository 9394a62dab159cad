/** The LRU cache behind the statement cache and the shared generated code (core/util/lru.ts). */
import assert from "node:assert/strict";
import { Lru } from "../core/util/lru.ts";

/** An LRU of boxed strings that records every value it is asked to make. */
function counted(capacity: number): { lru: Lru<string, { v: string }>; made: string[] } {
  const made: string[] = [];
  return { lru: new Lru(capacity), made };
}

function use(c: ReturnType<typeof counted>, key: string): { v: string } {
  return c.lru.get(key, () => {
    c.made.push(key);
    return { v: key };
  });
}

Deno.test("lru: a value is made once, then the kept one comes back", () => {
  const c = counted(2);
  const a = use(c, "a");
  assert.equal(use(c, "a"), a);
  assert.deepEqual(c.made, ["a"]);
  assert.equal(c.lru.size, 1);
});

Deno.test("lru: beyond the capacity the least recently used goes", () => {
  const c = counted(2);
  use(c, "a");
  use(c, "b");
  use(c, "a"); // now b is the least recently used
  use(c, "c"); // drops b
  assert.equal(c.lru.size, 2);
  use(c, "a");
  use(c, "c");
  assert.deepEqual(c.made, ["a", "b", "c"]);
  use(c, "b"); // made again; drops a
  use(c, "a");
  assert.deepEqual(c.made, ["a", "b", "c", "b", "a"]);
});

Deno.test("lru: capacity 0 keeps nothing", () => {
  const c = counted(0);
  use(c, "a");
  use(c, "a");
  assert.deepEqual(c.made, ["a", "a"]);
  assert.equal(c.lru.size, 0);
});

Deno.test("lru: a make that throws keeps nothing and drops nothing", () => {
  const c = counted(1);
  const a = use(c, "a");
  assert.throws(() =>
    c.lru.get("b", () => {
      throw new Error("no");
    }), /no/);
  assert.equal(use(c, "a"), a);
  assert.deepEqual(c.made, ["a"]);
});

Deno.test("lru: clear forgets every value", () => {
  const c = counted(4);
  use(c, "a");
  c.lru.clear();
  assert.equal(c.lru.size, 0);
  use(c, "a");
  assert.deepEqual(c.made, ["a", "a"]);
});
