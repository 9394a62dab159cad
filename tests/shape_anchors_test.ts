/**
 * The cursors a database keeps alive between runs (DatabaseFile.shapeAnchors, so that V8
 * keeps their hidden classes across garbage collections) are closed ones: they pin no
 * page and hold none of the payloads they read, on every backend.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Database } from "../mod.ts";
import { databaseFileOf } from "../core/api/database.ts";
import { VCursor } from "../backends/bytecode/vm_objects.ts";
import { TEST_BACKENDS } from "./support/backends.ts";
import { isPinned } from "../core/pager/held_pages.ts";

const dir = Deno.makeTempDirSync();
const path = `${dir}/anchors.db`;
const w = new DatabaseSync(path);
w.exec(`CREATE TABLE t(id INTEGER PRIMARY KEY, x INTEGER, b BLOB);
  CREATE INDEX t_x ON t(x);
  INSERT INTO t(x, b) VALUES (1, zeroblob(300000)), (2, zeroblob(300000)),
    (3, zeroblob(300000)), (4, zeroblob(300000));`);
w.close();

for (const backend of TEST_BACKENDS) {
  Deno.test(`shape anchors (${backend}): kept cursors are closed, pin nothing, hold no payload`, () => {
    const db = new Database(path, { backend });
    const file = databaseFileOf(db);
    const pinned = () => {
      const pages = [];
      for (let pgno = 1; pgno <= file.pager.pageCount; pgno++) {
        if (isPinned(file.pager, pgno)) pages.push(pgno);
      }
      return pages;
    };
    // The schema's root may stay pinned by the connection itself: the runs add none.
    const pinnedAtOpen = pinned();
    try {
      assert.deepEqual(db.prepare("SELECT sum(length(b)) AS n FROM t").get(), { n: 1_200_000 });
      assert.deepEqual(db.prepare("SELECT x FROM t WHERE x > 2 ORDER BY x").all(), [
        { x: 3 },
        { x: 4 },
      ]);
      const [table, index] = file.shapeAnchors;
      assert.ok(table instanceof VCursor && index instanceof VCursor);
      assert.ok(table.bt.isTable && !index.bt.isTable);
      for (const cursor of [table, index]) {
        assert.equal(cursor.bt.valid, false);
        // A closed cursor reads nothing: its record was let go with the payload.
        assert.throws(() => cursor.bt.record(), RangeError);
      }
      assert.deepEqual(pinned(), pinnedAtOpen);
    } finally {
      db.close();
    }
  });
}
