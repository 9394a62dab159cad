// The persistent page stores: MemoryPageStore (bounded LRU) and CacheApiPageStore (Deno's
// implementation of the Cache API). Expected contents come from the pages the tests wrote
// and, for eviction, from a small LRU model written here.
import assert from "node:assert/strict";
import {
  CacheApiPageStore,
  MemoryPageStore,
  type PageStore,
  pageStoreKey,
} from "../core/io/page_store.ts";
import { SqliteError } from "../core/errors.ts";
import { prng } from "./support/mutate.ts";

const PAGE = 4096;

/** A page whose every byte depends on `tag` and its position, so mix-ups show. */
function page(tag: number, size = PAGE): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (tag * 31 + i * 7) & 0xff;
  return bytes;
}

const KEY_A = pageStoreKey("https://example.com/a.db", `"v1"`)!;
const KEY_A2 = pageStoreKey("https://example.com/a.db", `"v2"`)!;
const KEY_B = pageStoreKey("https://example.com/b.db", `"v1"`)!;

/** The store contract shared by both stores. */
async function checkRoundTripAndKeys(store: PageStore): Promise<void> {
  await store.putPages(KEY_A, 5, [page(5), page(6), page(7)]);
  assert.deepEqual(await store.getPages(KEY_A, 4, 5), [
    undefined,
    page(5),
    page(6),
    page(7),
    undefined,
  ]);
  assert.deepEqual(await store.getPages(KEY_A, 6, 0), []);
  // Same page numbers under other keys: nothing leaks across, and each keeps its own.
  assert.deepEqual(await store.getPages(KEY_A2, 5, 3), [undefined, undefined, undefined]);
  assert.deepEqual(await store.getPages(KEY_B, 5, 1), [undefined]);
  await store.putPages(KEY_A2, 5, [page(105)]);
  await store.putPages(KEY_B, 5, [page(205)]);
  assert.deepEqual(await store.getPages(KEY_A, 5, 1), [page(5)]);
  assert.deepEqual(await store.getPages(KEY_A2, 5, 1), [page(105)]);
  assert.deepEqual(await store.getPages(KEY_B, 5, 1), [page(205)]);
  // Overwriting replaces.
  await store.putPages(KEY_A, 6, [page(66)]);
  assert.deepEqual(await store.getPages(KEY_A, 6, 1), [page(66)]);
  // Buffers are the caller's: changing them afterwards changes nothing stored.
  const mine = page(9);
  await store.putPages(KEY_A, 9, [mine]);
  mine.fill(0);
  const [got] = await store.getPages(KEY_A, 9, 1);
  assert.deepEqual(got, page(9));
  got!.fill(1);
  assert.deepEqual(await store.getPages(KEY_A, 9, 1), [page(9)]);
}

async function rejectsMisuse(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  await assert.rejects(promise, (e) => {
    assert.ok(e instanceof SqliteError, `not a SqliteError: ${e}`);
    assert.equal(e.code, "SQLITE_MISUSE");
    assert.match(e.message, pattern);
    return true;
  });
}

Deno.test("pageStoreKey: URL and validator, null without a validator", () => {
  assert.notEqual(KEY_A, KEY_A2);
  assert.notEqual(KEY_A, KEY_B);
  assert.equal(pageStoreKey(new URL("https://example.com/a.db"), `"v1"`), KEY_A);
  assert.equal(pageStoreKey("https://example.com/a.db", null), null);
  assert.equal(pageStoreKey("https://example.com/a.db", ""), null);
  // No concatenation ambiguity: ("a", "b c") and ("a b", "c") differ.
  assert.notEqual(pageStoreKey("a", "b c"), pageStoreKey("a b", "c"));
});

Deno.test("memory page store: round trips, misses, keys kept apart, copies", async () => {
  await checkRoundTripAndKeys(new MemoryPageStore());
});

Deno.test("memory page store: the least recently used page goes first", async () => {
  const store = new MemoryPageStore({ maxBytes: 3 * PAGE });
  await store.putPages(KEY_A, 1, [page(1), page(2), page(3)]);
  await store.getPages(KEY_A, 1, 1); // page 1 is now more recent than 2 and 3
  await store.putPages(KEY_A, 4, [page(4)]);
  assert.deepEqual(await store.getPages(KEY_A, 1, 4), [page(1), undefined, page(3), page(4)]);
  assert.equal(store.bytes, 3 * PAGE);
  assert.equal(store.pageCount, 3);
});

Deno.test("memory page store: a page larger than the bound is not stored", async () => {
  const store = new MemoryPageStore({ maxBytes: PAGE });
  await store.putPages(KEY_A, 1, [page(1)]);
  await store.putPages(KEY_A, 2, [page(2, PAGE + 1)]);
  assert.deepEqual(await store.getPages(KEY_A, 1, 2), [page(1), undefined]);
  assert.equal(store.bytes, PAGE);
});

Deno.test("memory page store: the byte bound holds over a seeded mixed run", async () => {
  const maxBytes = 10 * PAGE;
  const store = new MemoryPageStore({ maxBytes });
  const model: string[] = []; // page ids, least recently used first
  const touch = (id: string) => {
    const at = model.indexOf(id);
    if (at >= 0) model.splice(at, 1);
    model.push(id);
  };
  const random = prng(42);
  const keys = [KEY_A, KEY_B];
  for (let step = 0; step < 400; step++) {
    const key = keys[Math.floor(random() * 2)];
    const first = 1 + Math.floor(random() * 30);
    const count = 1 + Math.floor(random() * 4);
    if (random() < 0.5) {
      const pages = Array.from({ length: count }, (_, i) => page(first + i));
      await store.putPages(key, first, pages);
      for (let i = 0; i < count; i++) touch(`${key}#${first + i}`);
      while (model.length > 10) model.shift();
    } else {
      const got = await store.getPages(key, first, count);
      got.forEach((p, i) => {
        const id = `${key}#${first + i}`;
        assert.equal(p !== undefined, model.includes(id), `step ${step}: ${id}`);
        if (p) {
          assert.deepEqual(p, page(first + i));
          touch(id);
        }
      });
    }
    assert.ok(store.bytes <= maxBytes, `step ${step}: ${store.bytes} bytes`);
    assert.equal(store.pageCount, model.length, `step ${step}`);
  }
});

Deno.test("memory page store: bad arguments are SQLITE_MISUSE", async () => {
  const store = new MemoryPageStore();
  await rejectsMisuse(store.getPages(KEY_A, -1, 1), /bad page run/);
  await rejectsMisuse(store.getPages(KEY_A, 1.5, 1), /bad page run/);
  await rejectsMisuse(store.putPages(KEY_A, Number.NaN, [page(1)]), /bad page run/);
  assert.throws(() => new MemoryPageStore({ maxBytes: -1 }), SqliteError);
});

/** A store over a cache of its own, deleted afterwards. */
async function withCacheStore(body: (store: CacheApiPageStore) => Promise<void>): Promise<void> {
  const store = new CacheApiPageStore({ cacheName: `litejit-test-${crypto.randomUUID()}` });
  try {
    await body(store);
  } finally {
    await store.clear();
  }
}

Deno.test("cache API page store: round trips, misses, keys kept apart, copies", async () => {
  await withCacheStore(checkRoundTripAndKeys);
});

Deno.test("cache API page store: pages outlive the store object", async () => {
  await withCacheStore(async (store) => {
    await store.putPages(KEY_A, 1, [page(1), page(2)]);
    const again = new CacheApiPageStore({ cacheName: store.cacheName });
    assert.deepEqual(await again.getPages(KEY_A, 1, 3), [page(1), page(2), undefined]);
    const stored = await (await caches.open(store.cacheName)).keys();
    assert.deepEqual(
      stored.map((r) => r.url).sort(),
      [CacheApiPageStore.entryUrl(KEY_A, 1), CacheApiPageStore.entryUrl(KEY_A, 2)].sort(),
    );
  });
});

Deno.test("cache API page store: corrupt, short or unlabelled entries are misses", async () => {
  await withCacheStore(async (store) => {
    await store.putPages(KEY_A, 1, [page(1), page(2), page(3), page(4)]);
    const cache = await caches.open(store.cacheName);
    const url = (n: number) => CacheApiPageStore.entryUrl(KEY_A, n);
    const headersOf = async (n: number) => (await cache.match(url(n)))!.headers;
    // Page 1: one byte flipped, labels kept.
    const flipped = page(1);
    flipped[100] ^= 1;
    await cache.put(url(1), new Response(flipped, { headers: await headersOf(1) }));
    // Page 2: truncated, labels kept.
    await cache.put(
      url(2),
      new Response(page(2).subarray(0, 1000), { headers: await headersOf(2) }),
    );
    // Page 3: right bytes but no labels (written by something else).
    await cache.put(url(3), new Response(page(3)));
    assert.deepEqual(await store.getPages(KEY_A, 1, 4), [undefined, undefined, undefined, page(4)]);
    for (const n of [1, 2, 3]) assert.equal(await cache.match(url(n)), undefined, `${n} deleted`);
  });
});

Deno.test("cache API page store: a failing Cache API means misses, never errors", async () => {
  const refusing = {
    open: () => Promise.reject(new DOMException("denied", "SecurityError")),
    delete: () => Promise.resolve(false),
  } as unknown as CacheStorage;
  const denied = new CacheApiPageStore({ caches: refusing });
  await denied.putPages(KEY_A, 1, [page(1)]);
  assert.deepEqual(await denied.getPages(KEY_A, 1, 2), [undefined, undefined]);

  const full = {
    open: () =>
      Promise.resolve({
        put: () => Promise.reject(new DOMException("full", "QuotaExceededError")),
        match: () => Promise.reject(new Error("broken")),
      }),
    delete: () => Promise.resolve(false),
  } as unknown as CacheStorage;
  const quota = new CacheApiPageStore({ caches: full });
  await quota.putPages(KEY_A, 1, [page(1)]);
  assert.deepEqual(await quota.getPages(KEY_A, 1, 1), [undefined]);
});

Deno.test("cache API page store: without a Cache API every page is a miss", async () => {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, "caches")!;
  Object.defineProperty(globalThis, "caches", { value: undefined, configurable: true });
  try {
    const none = new CacheApiPageStore();
    await none.putPages(KEY_B, 77, [page(77)]);
    assert.deepEqual(await none.getPages(KEY_B, 77, 1), [undefined]);
    await none.clear();
  } finally {
    Object.defineProperty(globalThis, "caches", descriptor);
  }
  assert.equal(typeof caches.open, "function", "restored");
});

Deno.test("cache API page store: bad arguments are SQLITE_MISUSE", async () => {
  await withCacheStore(async (store) => {
    await rejectsMisuse(store.getPages(KEY_A, 1, -1), /bad page run/);
    await rejectsMisuse(store.putPages(KEY_A, -3, [page(1)]), /bad page run/);
  });
});
