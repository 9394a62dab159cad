import { DatabaseSync } from "node:sqlite";
const db = new DatabaseSync(":memory:");
db.exec(`CREATE TABLE t0 (c0 INT UNIQUE, c1 INT, c2 INT, PRIMARY KEY (c1 DESC, c2 DESC)) WITHOUT ROWID, STRICT;
CREATE UNIQUE INDEX ix ON t0(c0 DESC);
INSERT INTO t0 VALUES (-1, 3, 0), (0, 1, 0);`);
for (const q of ["SELECT * FROM t0 NOT INDEXED", "SELECT c0, c1, c2 FROM t0 NOT INDEXED", "SELECT c0,c1,c2 FROM t0 INDEXED BY sqlite_autoindex_t0_2", "SELECT c0,c1,c2 FROM t0 ORDER BY c1 DESC, c2 DESC"]) {
  console.log(q, db.prepare(q).all().map(r=>Object.values(r)), db.prepare("EXPLAIN QUERY PLAN " + q).all().map(r=>r.detail));
}
console.log(db.prepare("pragma index_list(t0)").all());
