/**
 * Join orders as where.c's solver picks them (core/plan/path_solver.ts, where_loop.ts):
 * EXPLAIN QUERY PLAN of two- and three-table joins equals node:sqlite's, over schemas
 * with rowid aliases, single- and multi-column indexes, a WITHOUT ROWID table and tables
 * without indexes, with filters on indexed and unindexed columns. Each group of queries
 * names the where.c rule it pins.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { planDifference } from "./support/eqp_compare.ts";

const SCHEMA = `
CREATE TABLE customer(id INTEGER PRIMARY KEY, name TEXT, country TEXT, rep INT, score REAL);
CREATE TABLE invoice(id INTEGER PRIMARY KEY, customer INT, total REAL, day TEXT, status INT);
CREATE INDEX invoice_customer ON invoice(customer);
CREATE TABLE line(id INTEGER PRIMARY KEY, invoice INT, track INT, price REAL);
CREATE INDEX line_invoice ON line(invoice);
CREATE INDEX line_track ON line(track);
CREATE TABLE track(id INTEGER PRIMARY KEY, title TEXT, genre INT, ms INT);
CREATE TABLE genre(g TEXT PRIMARY KEY, label TEXT, rank INT) WITHOUT ROWID;
CREATE TABLE p(a INT, b INT, c TEXT);
CREATE TABLE q(a INT, b INT, c TEXT);
CREATE TABLE r(k TEXT PRIMARY KEY, v INT, w TEXT) WITHOUT ROWID;
CREATE TABLE gen(a INT, b INT, g AS (a + 1) STORED, v AS (b * 2));
CREATE INDEX gen_g ON gen(g);
CREATE INDEX gen_ab ON gen(a, b);
CREATE TABLE s(a INT NOT NULL, b TEXT NOT NULL, c INT, d);
CREATE UNIQUE INDEX s_ab ON s(a, b);
CREATE INDEX s_c ON s(c DESC);
`;

/** Queries, by the rule of where.c they pin. */
const RULES: Record<string, string[]> = {
  // whereLoopOutputAdjust: a term no index uses takes a LogEst off the loop's rows, and an
  // `=` caps them at the table's less 20 (less 10 for -1, 0, 1): the filtered table goes
  // outside and looks the other up through its index.
  "unindexed filters thin the rows of their loop": [
    "SELECT c.id, i.id FROM customer c, invoice i WHERE c.country = 'BR' AND c.id = i.customer",
    "SELECT c.id, i.id FROM customer c, invoice i WHERE c.id = i.customer",
    "SELECT c.id, i.id FROM invoice i, customer c WHERE c.country = 'BR' AND c.id = i.customer",
    "SELECT c.id, i.id FROM customer c, invoice i WHERE c.rep = 1 AND c.id = i.customer",
    "SELECT c.id, i.id FROM customer c, invoice i WHERE c.rep = 7 AND c.id = i.customer",
    "SELECT c.id, i.id FROM customer c, invoice i WHERE c.score > 3 AND c.id = i.customer",
    "SELECT c.id, i.id FROM customer c, invoice i " +
    "WHERE c.score > 3 AND c.name LIKE 'a%' AND c.id = i.customer",
    "SELECT c.id, i.id FROM customer c, invoice i WHERE i.status = 2 AND c.id = i.customer",
    "SELECT c.id, i.id FROM customer c JOIN invoice i ON c.id = i.customer WHERE c.country = 'BR'",
  ],
  // truthProb: likelihood(), likely() and unlikely() replace the heuristic's guess.
  "likelihood() hints weigh a term": [
    "SELECT c.id, i.id FROM customer c, invoice i " +
    "WHERE likelihood(c.country = 'BR', 0.9) AND c.id = i.customer",
    "SELECT c.id, i.id FROM customer c, invoice i WHERE likely(c.country = 'BR') AND c.id = i.customer",
    "SELECT c.id, i.id FROM customer c, invoice i WHERE unlikely(i.status = 2) AND c.id = i.customer",
    "SELECT c.id, i.id FROM customer c, invoice i WHERE unlikely(c.score > 3) AND c.id = i.customer",
  ],
  // wherePathSolver: with equal rows out, the cheaper loop goes inside; a WITHOUT ROWID
  // table's scan (its primary key's b-tree) costs its entry size.
  "full scans nest by cost and rows": [
    "SELECT * FROM r, q",
    "SELECT * FROM q, r",
    "SELECT * FROM r, q WHERE q.a",
    "SELECT * FROM q, r WHERE r.v",
    "SELECT * FROM p, q WHERE p.a + q.a = 3",
    "SELECT * FROM p, q WHERE q.c = 'x'",
    "SELECT * FROM p, q WHERE p.c = 'x' AND q.b = 1",
  ],
  // Seeks, automatic indexes and the sort: three tables, ORDER BY and GROUP BY.
  "three-table joins": [
    "SELECT c.name, l.price FROM customer c, invoice i, line l " +
    "WHERE c.id = i.customer AND l.invoice = i.id",
    "SELECT c.name, l.price FROM customer c, invoice i, line l " +
    "WHERE c.id = i.customer AND l.invoice = i.id AND c.country = 'BR'",
    "SELECT t.title, l.price FROM line l, track t, genre g " +
    "WHERE l.track = t.id AND g.g = t.genre AND g.label = 'rock'",
    "SELECT * FROM p, q, r WHERE p.a = q.a AND r.k = q.c",
    "SELECT * FROM p, q, customer c WHERE p.a = q.a AND c.id = p.b AND c.country = 'x'",
    "SELECT c.name, i.total FROM customer c, invoice i WHERE c.id = i.customer ORDER BY c.name",
    "SELECT c.name, i.total FROM customer c, invoice i WHERE c.id = i.customer ORDER BY i.id",
    "SELECT c.name, i.total FROM customer c, invoice i WHERE c.id = i.customer " +
    "ORDER BY c.id, i.total",
    "SELECT c.name, i.total FROM customer c, invoice i WHERE c.id = i.customer " +
    "ORDER BY c.id DESC, i.total",
    "SELECT c.id, sum(i.total) FROM customer c, invoice i WHERE c.id = i.customer GROUP BY c.id",
    "SELECT i.customer, count(*) FROM invoice i, line l WHERE l.invoice = i.id " +
    "GROUP BY i.customer",
  ],
  // wherePathSatisfiesOrderBy: later loops give the order through a one-row lookup (its
  // columns are fixed per outer row), a WHERE `=` from outer loops, or their own b-tree
  // after an order-distinct outer loop; a GROUP BY's terms in any order.
  "the order given across loops": [
    "SELECT c.name, i.id, count(*) FROM invoice i JOIN customer c ON c.id = i.customer " +
    "JOIN line l ON l.invoice = i.id GROUP BY c.name, i.id",
    "SELECT c.name, count(*) FROM invoice i JOIN customer c ON c.id = i.customer " +
    "GROUP BY c.name, c.country, i.id",
    "SELECT c.name, i.id FROM invoice i JOIN customer c ON c.id = i.customer ORDER BY i.id, c.name",
    "SELECT c.id, i.id FROM customer c JOIN invoice i ON i.customer = c.id ORDER BY c.id, i.id",
    "SELECT c.id, i.id FROM customer c JOIN invoice i ON i.customer = c.id " +
    "ORDER BY c.id DESC, i.id DESC",
    "SELECT c.id, i.id FROM customer c JOIN invoice i ON i.customer = c.id " +
    "ORDER BY c.id, i.id DESC",
    "SELECT i.id, c.name FROM invoice i, customer c WHERE c.id = i.customer AND c.country = 'BR' " +
    "ORDER BY c.country, i.id",
    "SELECT g.g, t.title FROM genre g JOIN track t ON t.genre = g.g ORDER BY g.g, t.id",
    "SELECT i.id, count(*) FROM invoice i JOIN line l ON l.invoice = i.id GROUP BY l.invoice, i.id",
    "SELECT c.id, i.id FROM customer c JOIN invoice i ON i.customer = c.id " +
    "ORDER BY c.id, i.total, i.day",
    "SELECT * FROM invoice ORDER BY customer, total, day",
    "SELECT * FROM invoice WHERE customer > 3 ORDER BY customer, total",
    "SELECT * FROM line ORDER BY invoice DESC, price",
  ],
  // sqlite3ExprColUsed: reading a generated column reads every column, so no index short
  // of all of them covers, and an automatic index stores every column in table order.
  "generated columns read every column": [
    "SELECT g FROM gen WHERE g > 5",
    "SELECT a FROM gen WHERE a > 5",
    "SELECT a, v FROM gen WHERE a > 5",
    "SELECT p.a, gen.g FROM p, gen WHERE gen.g = p.b",
    "SELECT p.a, gen.a FROM p, gen WHERE gen.b = p.b",
  ],
  // A DISTINCT: rows that cannot repeat (isDistinctRedundant, whereShortCut) need no
  // b-tree; else the loops are asked for its columns in any order (WHERE_DISTINCTBY) and
  // give them grouped; with an ORDER BY listing its columns it is a GROUP BY (select.c).
  "DISTINCT": [
    "SELECT DISTINCT id, name FROM customer",
    "SELECT DISTINCT a, b, d FROM s",
    "SELECT DISTINCT b, d FROM s WHERE a = 3",
    "SELECT DISTINCT name FROM customer WHERE id = 7",
    "SELECT DISTINCT d FROM s WHERE a = 1 AND b = 'x'",
    "SELECT DISTINCT a FROM s",
    "SELECT DISTINCT b, a FROM s",
    "SELECT DISTINCT a, c, d FROM s",
    "SELECT DISTINCT c FROM s",
    "SELECT DISTINCT c, d FROM s ORDER BY c",
    "SELECT DISTINCT a FROM s ORDER BY a DESC",
    "SELECT DISTINCT b, a FROM s ORDER BY b, a",
    "SELECT DISTINCT a, b FROM s ORDER BY a, b",
    "SELECT DISTINCT d, c FROM s ORDER BY d, c",
    "SELECT DISTINCT a, d FROM s ORDER BY a, d LIMIT 3",
    "SELECT DISTINCT customer FROM invoice WHERE customer > 3",
    "SELECT DISTINCT i.customer FROM customer c, invoice i WHERE c.id = 1",
    "SELECT DISTINCT c.id FROM customer c JOIN invoice i ON i.customer = c.id",
    "SELECT DISTINCT a FROM (SELECT a FROM s)",
  ],
  // select.c: an aggregate without GROUP BY gives one row, so its ORDER BY is dropped; after
  // a GROUP BY only an ORDER BY of the same terms is (orderByGrp).
  "ORDER BY after aggregates": [
    "SELECT count(*) FROM invoice ORDER BY total",
    "SELECT customer, total, count(*) FROM invoice GROUP BY customer, total ORDER BY customer",
    "SELECT customer, count(*) FROM invoice GROUP BY customer ORDER BY customer",
    "SELECT customer, count(*) FROM invoice GROUP BY customer ORDER BY customer DESC",
  ],
  // whereLoopAddAll: a LEFT JOIN's right side comes after every table before it and seeks
  // with its ON terms only; an inner-joined table after it may go anywhere.
  "LEFT JOIN in the join order": [
    "SELECT * FROM p LEFT JOIN invoice i ON i.customer = p.a JOIN customer c ON c.id = p.b " +
    "WHERE c.country = 'BR'",
    "SELECT * FROM p LEFT JOIN q ON q.a = p.a, r",
    "SELECT * FROM p LEFT JOIN r ON r.v = p.a, q WHERE q.b = 3",
    "SELECT * FROM invoice i JOIN line l ON l.invoice = i.id LEFT JOIN track t ON t.id = l.track " +
    "WHERE i.id = 3",
    "SELECT * FROM customer c LEFT JOIN invoice i ON i.customer = c.id " +
    "LEFT JOIN line l ON l.invoice = i.id WHERE c.id = 2",
    "SELECT * FROM p CROSS JOIN q LEFT JOIN invoice i ON i.customer = q.a, r",
  ],
  // whereScanNext's equivalence classes: `x = y` between columns compared as themselves
  // lends each one the other's terms (to seek with, and to fix an ORDER BY term).
  "transitive constraints": [
    "SELECT i.id FROM invoice i, customer c WHERE i.customer = c.id AND i.customer = 5",
    "SELECT i.id FROM customer c, invoice i WHERE i.customer = c.id AND c.id < 40",
    "SELECT l.id FROM invoice i, line l, customer c WHERE c.id = i.customer AND l.invoice = i.id " +
    "AND i.customer = 7",
    "SELECT i.customer FROM invoice i, customer c WHERE c.id = i.customer AND i.customer = 3 " +
    "ORDER BY c.id",
    "SELECT * FROM line l, track t WHERE l.track = t.id AND t.id IN (3, 4)",
  ],
  // whereOmitNoopJoin: a LEFT JOIN's right side that nothing shows or tests and that adds
  // one row (or copies a DISTINCT drops) is not read.
  "LEFT JOINs left out": [
    "SELECT i.id FROM invoice i LEFT JOIN customer c ON c.id = i.customer",
    "SELECT DISTINCT i.customer FROM invoice i LEFT JOIN line l ON l.invoice = i.id",
    "SELECT i.id FROM invoice i LEFT JOIN customer c ON c.id = i.customer ORDER BY c.name",
    "SELECT i.id FROM invoice i LEFT JOIN customer c ON c.id = i.customer WHERE c.id IS NULL",
    "SELECT i.id FROM invoice i LEFT JOIN line l ON l.invoice = i.id",
    "SELECT count(*) FROM invoice i LEFT JOIN customer c ON c.id = i.customer",
    "SELECT i.id FROM invoice i LEFT JOIN customer c ON c.id = i.customer " +
    "LEFT JOIN track t ON t.id = c.rep",
  ],
  // whereLoopAddBtreeIndex seeks on every column of an index's records: after its key
  // columns the rowid may take a range.
  "the rowid after an index's columns": [
    "SELECT id FROM invoice WHERE customer = 1 AND id > 5",
    "SELECT * FROM invoice WHERE customer = 1 AND id BETWEEN 5 AND 50",
    "SELECT id FROM invoice WHERE customer = 1 AND id > 5 ORDER BY id DESC",
    "SELECT * FROM s WHERE a = 1 AND b = 'x' AND rowid > 3",
  ],
};

Deno.test("join order: EXPLAIN QUERY PLAN equals node:sqlite's", async (t) => {
  const dir = Deno.makeTempDirSync();
  const path = join(dir, "joins.db");
  const sqlite = new DatabaseSync(path);
  sqlite.exec(SCHEMA);
  const file = openDatabaseFile(path);
  try {
    for (const [rule, queries] of Object.entries(RULES)) {
      await t.step(rule, () => {
        const failures: string[] = [];
        for (const sql of queries) {
          const difference = planDifference(sqlite, file, sql);
          if (difference) failures.push(difference);
        }
        assert.equal(failures.length, 0, failures.join("\n\n"));
      });
    }
  } finally {
    file.close();
    sqlite.close();
    Deno.removeSync(dir, { recursive: true });
  }
});
