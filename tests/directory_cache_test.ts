/**
 * Whether a name exists, as Deno asks it (core/io/file_stat.ts DirectoryCache): answers kept
 * while the directory's modification time stays the same and is older than RACY_MS, asked
 * again otherwise, so that a file created or deleted between two statements is seen at the
 * next one.
 */
import assert from "node:assert/strict";
import { DirectoryCache, exists, NODE_FS_AFTER, openFile, RACY_MS } from "../core/io/file_stat.ts";

/** A directory of names whose modification time the test sets, and a clock. */
function fakeDirectory() {
  const names = new Set<string>();
  const state = { mtime: 0, now: 10 * RACY_MS, asked: 0 };
  const stat = (path: string) => {
    if (path === "/d") return { size: 0, dev: 1, ino: 1, nlink: 1, mtime: new Date(state.mtime) };
    state.asked++;
    if (!names.has(path)) throw new Error("NotFound");
    return { size: 0, dev: 1, ino: 2, nlink: 1, mtime: new Date(state.mtime) };
  };
  return { names, state, cache: new DirectoryCache(stat, () => state.now) };
}

Deno.test("directory cache: an answer is kept while the directory's time is old and the same", () => {
  const { names, state, cache } = fakeDirectory();
  assert.equal(cache.exists("/d/x-wal"), false);
  assert.equal(cache.exists("/d/x-wal"), false);
  assert.equal(state.asked, 1, "the second answer came from the cache");
  // A writer creates the file: the directory's time moves.
  names.add("/d/x-wal");
  state.mtime = state.now - 5;
  assert.equal(cache.exists("/d/x-wal"), true);
  // While the directory changed within RACY_MS, every question is asked again.
  const asked = state.asked;
  assert.equal(cache.exists("/d/x-wal"), true);
  assert.equal(state.asked, asked + 1);
  // Deleted within the same clock tick (the time does not move): still seen.
  names.delete("/d/x-wal");
  assert.equal(cache.exists("/d/x-wal"), false);
  // Once the time is old, the answer is kept again.
  state.now += RACY_MS + 1;
  assert.equal(cache.exists("/d/x-wal"), false);
  const settled = state.asked;
  assert.equal(cache.exists("/d/x-wal"), false);
  assert.equal(state.asked, settled);
});

Deno.test("directory cache: files created and deleted beside a database are seen at once", () => {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_dircache_" });
  const path = `${dir}/x.db-wal`;
  try {
    // An old directory: its answers are kept.
    const past = new Date(Date.now() - 10 * RACY_MS);
    Deno.utimeSync(dir, past, past);
    assert.equal(exists(path), false);
    assert.equal(exists(path), false);
    Deno.writeTextFileSync(path, "");
    assert.equal(exists(path), true, "created");
    Deno.utimeSync(dir, past, past); // even if the directory's time is set back
    assert.equal(exists(path), true);
    Deno.removeSync(path);
    assert.equal(exists(path), false, "deleted");
    assert.equal(exists(`${dir}/x.db`), false);
    assert.equal(exists(dir), true);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("after NODE_FS_AFTER calls a Deno program reads through node:fs, the same bytes", () => {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_nodefs_" });
  try {
    const bytes = new Uint8Array(10_000).map((_, i) => (i * 31) & 255);
    Deno.writeFileSync(`${dir}/f`, bytes);
    const file = openFile(`${dir}/f`); // opened before the switch, through Deno's API
    const got = new Uint8Array(100);
    for (let i = 0; i <= NODE_FS_AFTER; i++) {
      // Each call counts; reads at changing offsets check the seek each one needs.
      const at = (i * 97) % 9_900;
      assert.equal(file.read(got, 0, 100, at), 100);
      assert.deepEqual(got, bytes.subarray(at, at + 100));
      assert.equal(exists(`${dir}/missing`), false);
    }
    // Switched by now (whichever test got there first): the same answers.
    assert.equal(file.read(got, 0, 100, 9_950), 50, "a read past the end is short");
    assert.deepEqual(got.subarray(0, 50), bytes.subarray(9_950));
    assert.equal(exists(`${dir}/f`), true);
    Deno.writeTextFileSync(`${dir}/missing`, "");
    assert.equal(exists(`${dir}/missing`), true);
    assert.equal(file.stat().size, 10_000);
    file.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
