/**
 * AsyncDatabase over lazy sources (issue 16): a multi-megabyte database served by a local
 * HTTP server with Range support (tests/support/range_server.ts, which counts requests
 * and bytes) and read from a Blob. Every backend answers the queries as it does over the
 * local file; a rowid lookup fetches at most b-tree depth + 2 pages; an index range query
 * fetches only pages it visits; a full scan takes a logarithmic number of requests; a
 * changed file, a server without ranges, 5xx and timeouts are SQLITE_IOERR.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { AsyncDatabase, Database, MemoryPageStore, SqliteError } from "../mod.ts";
import { startChunkServer } from "./support/chunk_server.ts";
import { installPathOpener } from "../core/api/database.ts";
import { DatabaseFile } from "../core/database_file.ts";
import { openDatabaseFile } from "../core/io/open_path.ts";
import { TEST_BACKENDS } from "./support/backends.ts";
import {
  type RangeServer,
  type RangeServerSwitches,
  startRangeServer,
  withRangeServer,
} from "./support/range_server.ts";

const PAGE = 4096;
const dir = Deno.makeTempDirSync({ prefix: "litejit-lazy-" });
const path = `${dir}/lazy.db`;
{
  const db = new DatabaseSync(path);
  db.exec(`
    PRAGMA page_size = ${PAGE};
    CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, name TEXT, pad TEXT);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
    INSERT INTO t SELECT i, (i * 7919) % 1009, 'name ' || i, printf('%.200c', 'x') FROM n;
    CREATE INDEX t_k ON t(k);
    CREATE TABLE small(a INTEGER PRIMARY KEY, b TEXT);
    INSERT INTO small VALUES (1, 'one'), (2, 'two'), (3, 'three');
  `);
  // A schema longer than page 1, so opening misses pages after the header was read.
  for (let i = 0; i < 40; i++) {
    const columns = Array.from({ length: 12 }, (_, j) => `column_${j}_with_a_long_name TEXT`);
    db.exec(`CREATE TABLE filler_${i}(${columns.join(", ")})`);
  }
  db.close();
}
const FILE = Deno.readFileSync(path);

/** The file's bytes, logging the page indexes read (sync, for a pager; async, for a lazy source). */
class PageLog {
  readonly pages: number[] = [];
  readonly size: number;
  constructor(private readonly bytes: Uint8Array) {
    this.size = bytes.length;
  }
  #log(offset: number, length: number): Uint8Array {
    if (length >= PAGE) {
      for (let p = Math.floor(offset / PAGE); p * PAGE < offset + length; p++) this.pages.push(p);
    }
    return this.bytes.slice(offset, offset + length);
  }
  readSync(offset: number, length: number): Uint8Array {
    return this.#log(offset, length);
  }
  read(offset: number, length: number): Promise<Uint8Array> {
    return Promise.resolve(this.#log(offset, length));
  }
  close(): void {}
}
const PAGES = FILE.length / PAGE;

/** Pages on the path from table `name`'s root to its rightmost leaf: its b-tree depth. */
function tableDepth(name: string): number {
  const db = new DatabaseSync(path, { readOnly: true });
  const { rootpage } = db.prepare("SELECT rootpage FROM sqlite_schema WHERE name = ?")
    .get(name) as { rootpage: number };
  db.close();
  let depth = 1;
  for (let pgno = rootpage;; depth++) {
    const at = (pgno - 1) * PAGE + (pgno === 1 ? 100 : 0);
    if (FILE[at] !== 0x05) return depth; // not an interior table page: a leaf
    pgno = new DataView(FILE.buffer, FILE.byteOffset + at + 8, 4).getUint32(0);
  }
}

const QUERIES = [
  "SELECT * FROM t WHERE id = 12345",
  "SELECT id, name FROM t WHERE k BETWEEN 100 AND 102 ORDER BY id",
  "SELECT count(*), sum(k), max(name) FROM t",
  "SELECT k, count(*) AS n FROM t WHERE id < 3000 GROUP BY k ORDER BY n DESC, k LIMIT 5",
  "SELECT s.b, t.name FROM small s JOIN t ON t.id = s.a * 1000 ORDER BY s.a",
  "SELECT name FROM t WHERE id IN (SELECT a * 7 FROM small) ORDER BY name DESC",
];

const withServer = (
  switches: RangeServerSwitches,
  body: (server: RangeServer) => Promise<void>,
) => withRangeServer(FILE, switches, body);

for (const backend of TEST_BACKENDS) {
  Deno.test(`lazy: ${backend} over HTTP, chunk files and a Blob answers as over the local file`, async () => {
    const local = new Database(path, { backend });
    const chunks = startChunkServer(FILE, { chunkSize: 1_000_000, suffixLength: 3 });
    await withServer({}, async (server) => {
      const chunked = { from: "jsonconfig" as const, configUrl: `${chunks.origin}/db/config.json` };
      for (const source of [server.url, chunked, new Blob([FILE])]) {
        const db = await AsyncDatabase.open(source, { backend });
        assert.equal(db.backend, backend);
        for (const sql of QUERIES) {
          const want = local.prepare(sql).all();
          assert.deepEqual(await db.prepare(sql).all(), want, sql);
          assert.deepEqual(await db.prepare(sql).get(), want[0], sql);
          const streamed = [];
          for await (const row of db.prepare(sql).iterate()) streamed.push(row);
          assert.deepEqual(streamed, want, sql);
        }
        db.close();
      }
    });
    await chunks.close();
    local.close();
  });
}

Deno.test("lazy: a page store serves a second connection's pages; another ETag is another key", async () => {
  const store = new MemoryPageStore({ maxBytes: 64 * 1024 * 1024 });
  const sql = "SELECT count(*) AS n, max(name) AS m FROM t WHERE k < 50";
  const switches: RangeServerSwitches = {}; // read by the server on every request
  await withServer(switches, async (server) => {
    const first = await AsyncDatabase.open(server.url, { pageStore: store });
    const want = await first.prepare(sql).all();
    assert.ok(first.stats.fetches > 2);
    first.close();
    const before = server.counts.requests;
    const second = await AsyncDatabase.open(server.url, { pageStore: store });
    assert.deepEqual(await second.prepare(sql).all(), want);
    assert.equal(server.counts.requests - before, 1, "only the opening request");
    assert.ok(second.stats.storedPages > 2 && second.stats.fetches === 0);
    second.close();
    // The file is replaced (the server's ETag changes): same URL, nothing stored applies.
    switches.changeEtagAfter = server.counts.requests;
    const db = await AsyncDatabase.open(server.url, { pageStore: store });
    assert.equal(db.stats.storedPages, 0);
    await db.prepare(sql).all();
    assert.equal(db.stats.storedPages, 0);
    assert.ok(db.stats.fetches > 2);
    db.close();
  });
});

Deno.test("lazy: a rowid lookup fetches at most b-tree depth + 2 pages", async () => {
  const depth = tableDepth("t");
  assert.ok(depth >= 3, `a table of ${PAGES} pages is at least 3 levels deep (${depth})`);
  await withServer({}, async (server) => {
    for (const backend of TEST_BACKENDS) {
      const db = await AsyncDatabase.open(server.url, { backend });
      const before = { ...server.counts };
      const row = await db.prepare("SELECT name FROM t WHERE id = ?").get(15_001);
      assert.deepEqual(row, { name: "name 15001" });
      const pages = (server.counts.bytes - before.bytes) / PAGE;
      assert.ok(pages <= depth + 2, `${backend}: ${pages} pages for depth ${depth}`);
      assert.ok(server.counts.requests - before.requests <= depth, backend);
      db.close();
    }
  });
});

Deno.test("lazy: two lookups at once share the fetches of the pages both miss", async () => {
  const depth = tableDepth("t");
  await withServer({}, async (server) => {
    for (const backend of TEST_BACKENDS) {
      const db = await AsyncDatabase.open(server.url, { backend });
      const before = server.counts.requests;
      const sql = "SELECT name FROM t WHERE id = ?";
      const rows = await Promise.all([db.prepare(sql).get(15_001), db.prepare(sql).get(15_001)]);
      assert.deepEqual(rows, [{ name: "name 15001" }, { name: "name 15001" }]);
      const requests = server.counts.requests - before;
      assert.ok(requests <= depth, `${backend}: ${requests} requests for depth ${depth}`);
      db.close();
    }
  });
});

Deno.test("lazy: an index range query fetches only pages it visits", async () => {
  const sql = "SELECT name FROM t WHERE k = 500";
  // The pages a local run of the query reads (one at a time: no read-ahead), after opening.
  const local = new PageLog(FILE);
  const sync = {
    size: local.size,
    read: (o: number, n: number) => local.readSync(o, n),
    close() {},
  };
  installPathOpener((_p, o) => new DatabaseFile(sync, null, { ...o, maxReadAhead: 1 }));
  let visited: Set<number>;
  try {
    const db = new Database("logged.db", { backend: "interpreter" });
    local.pages.length = 0;
    const rows = db.prepare(sql).all();
    assert.ok(rows.length >= 15 && rows.length <= 25, String(rows.length));
    visited = new Set(local.pages);
    db.close();
  } finally {
    installPathOpener(openDatabaseFile);
  }
  const remote = new PageLog(FILE);
  const db = await AsyncDatabase.open(remote, { backend: "interpreter" });
  remote.pages.length = 0;
  await db.prepare(sql).all();
  const extra = remote.pages.filter((p) => !visited.has(p));
  // Read-ahead may add a page or two where two visited pages happen to be adjacent.
  assert.ok(extra.length <= 3, `fetched but not visited: ${extra}`);
  assert.ok(remote.pages.length <= visited.size + 3);
  db.close();
});

Deno.test("lazy: a full scan takes a logarithmic number of requests", async () => {
  await withServer({}, async (server) => {
    for (const backend of TEST_BACKENDS) {
      const db = await AsyncDatabase.open(server.url, { backend, maxReadAheadPages: 256 });
      const before = server.counts.requests, bytesBefore = server.counts.bytes;
      const [row] = await db.prepare("SELECT count(*) AS n, sum(length(pad)) AS p FROM t").all();
      assert.deepEqual(row, { n: 20000, p: 4_000_000 });
      const requests = server.counts.requests - before;
      const bound = Math.ceil(Math.log2(PAGES)) + Math.ceil(PAGES / 256) + 2;
      assert.ok(requests <= bound, `${backend}: ${requests} requests for ${PAGES} pages`);
      const fetched = server.counts.bytes - bytesBefore;
      assert.ok(fetched <= FILE.length, `${backend}: ${fetched} bytes, no page fetched twice`);
      db.close();
    }
  });
});

/**
 * A table filled one INSERT at a time, as applications fill them: SQLite allocates each
 * interior page when its parent splits, so it lies among its own leaves in the file, and
 * a scan jumps ahead to it before reading the leaves before it. Rows of `rows` and
 * `pageSize` (512-byte pages make a deep b-tree of a small file).
 */
function insertedTable(pageSize: number, rows: number) {
  const file = `${dir}/inserted_${pageSize}.db`;
  const db = new DatabaseSync(file);
  db.exec(`PRAGMA page_size = ${pageSize};
    CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT)`);
  const insert = db.prepare("INSERT INTO t(a, b) VALUES (?, ?)");
  db.exec("BEGIN");
  for (let i = 0; i < rows; i++) insert.run((i * 7919) % 1009, `row ${i} ${"y".repeat(i % 40)}`);
  db.exec("COMMIT");
  const sql = "SELECT count(*) AS n, sum(length(b)) AS s, max(a) AS m FROM t";
  const want = { ...db.prepare(sql).get() };
  const { page_count } = db.prepare("PRAGMA page_count").get() as { page_count: number };
  const { rootpage } = db.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 't'")
    .get() as { rootpage: number };
  db.close();
  const bytes = Deno.readFileSync(file);
  Deno.removeSync(file);
  return { bytes, pageSize, pages: page_count, sql, want, ...walkTable(bytes, pageSize, rootpage) };
}

/**
 * The interior pages of the table b-tree at `root`, read from the file's bytes (not with
 * litejit), and how many of them lie between the first and last leaf below them.
 */
function walkTable(file: Uint8Array, pageSize: number, root: number) {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const interior: number[] = [];
  let amongLeaves = 0;
  /** The first and last leaf page below `pgno`. */
  const walk = (pgno: number): [number, number] => {
    const at = (pgno - 1) * pageSize + (pgno === 1 ? 100 : 0);
    if (file[at] === 0x0d) return [pgno, pgno]; // a table leaf
    assert.equal(file[at], 0x05, `page ${pgno} is a table b-tree page`);
    interior.push(pgno);
    const children = [view.getUint32(at + 8)];
    for (let i = 0; i < view.getUint16(at + 3); i++) {
      const cell = view.getUint16(at + 12 + 2 * i);
      children.push(view.getUint32((pgno - 1) * pageSize + cell));
    }
    let lo = Infinity, hi = -Infinity;
    for (const child of children) {
      const [a, b] = walk(child);
      lo = Math.min(lo, a);
      hi = Math.max(hi, b);
    }
    if (lo < pgno && pgno < hi) amongLeaves++;
    return [lo, hi];
  };
  walk(root);
  return { interior, amongLeaves };
}

Deno.test("lazy: a full scan of a table built by inserts fetches each page once, in about log2(N) requests", async () => {
  // 512-byte pages: four levels, interior pages far ahead of the scan; 4 KB pages: about
  // 400 leaves below each interior page, as in real files.
  for (const [pageSize, rows] of [[512, 60_000], [4096, 300_000]]) {
    const { bytes, pages, interior, amongLeaves, sql, want } = insertedTable(pageSize, rows);
    const what = `${pages} pages of ${pageSize} bytes, ${interior.length} interior`;
    assert.ok(pages >= 2000 && interior.length >= 8, what);
    assert.ok(amongLeaves >= interior.length / 2, `${what}, ${amongLeaves} among leaves`);
    const bound = Math.ceil(Math.log2(pages)) + Math.ceil(pages / 256) + 2 * interior.length;
    await withRangeServer(bytes, {}, async (server) => {
      for (const backend of TEST_BACKENDS) {
        server.served.length = 0;
        const db = await AsyncDatabase.open(server.url, { backend, cachePages: 64 });
        const opening = server.served.length;
        assert.deepEqual(await db.prepare(sql).get(), want, backend);
        const requests = server.served.length - opening;
        assert.ok(requests <= bound, `${backend}, ${what}: ${requests} requests (${bound})`);
        const times = new Uint8Array(pages);
        for (const { start, end } of server.served) {
          for (let p = Math.floor(start / pageSize); p <= Math.floor(end / pageSize); p++) {
            times[p]++;
          }
        }
        const twice = [...times.keys()].filter((p) => times[p] > 1).map((p) => p + 1);
        assert.deepEqual(twice, [], `${backend}, ${what}: pages fetched twice`);
        db.close();
      }
    });
  }
});

Deno.test("lazy: the file changing on the server (ETag) fails the statement with SQLITE_IOERR", async () => {
  const switches: RangeServerSwitches = {}; // read by the server on every request
  await withServer(switches, async (server) => {
    const db = await AsyncDatabase.open(server.url);
    switches.changeEtagAfter = server.counts.requests; // replaced right after the open
    await assert.rejects(
      db.prepare("SELECT count(*) FROM t WHERE pad > ''").all(),
      (e) => e instanceof SqliteError && e.code === "SQLITE_IOERR" && /changed/.test(e.message),
    );
    db.close();
  });
});

Deno.test("lazy: a server without Range support fails to open with SQLITE_IOERR", async () => {
  await withServer({ ignoreRange: true }, async (server) => {
    await assert.rejects(
      AsyncDatabase.open(server.url),
      (e) => e instanceof SqliteError && e.code === "SQLITE_IOERR" && /[Rr]ange/.test(e.message),
    );
  });
});

Deno.test("lazy: 5xx after the retries and a timeout are SQLITE_IOERR", async () => {
  await withServer({ fail503First: 100 }, async (server) => {
    await assert.rejects(
      AsyncDatabase.open(server.url, { http: { retries: 2, backoffMs: 1 } }),
      (e) => e instanceof SqliteError && e.code === "SQLITE_IOERR" && /503/.test(e.message),
    );
    assert.equal(server.counts.requests, 3);
  });
  await withServer({ hangFirst: true }, async (server) => {
    await assert.rejects(
      AsyncDatabase.open(server.url, { http: { timeoutMs: 100, retries: 0 } }),
      (e) => e instanceof SqliteError && e.code === "SQLITE_IOERR",
    );
  });
});

Deno.test("lazy: a redirected URL costs one redirect per connection", async () => {
  const lookup = "SELECT name FROM t WHERE id = ?";
  const scan = "SELECT count(*) AS n, sum(length(pad)) AS p FROM t";
  await withServer({}, async (server) => {
    const db = await AsyncDatabase.open(server.redirectUrl);
    assert.deepEqual(await db.prepare(lookup).get(15_001), { name: "name 15001" });
    assert.deepEqual(await db.prepare(scan).get(), { n: 20000, p: 4_000_000 });
    assert.ok(server.counts.requests > 10, `${server.counts.requests} requests`);
    assert.equal(server.redirects, 1);
    db.close();
    const again = await AsyncDatabase.open(server.redirectUrl);
    assert.deepEqual(await again.prepare(lookup).get(7), { name: "name 7" });
    assert.equal(server.redirects, 2, "a new connection asks the URL given again");
    again.close();
  });
});

Deno.test("lazy: when a redirect's target stops serving the file, the URL given is asked again once", async () => {
  const lookup = "SELECT name FROM t WHERE id = ?";
  const switches: RangeServerSwitches = {}; // read by the server on every request
  await withServer(switches, async (server) => {
    const db = await AsyncDatabase.open(server.redirectUrl);
    assert.deepEqual(await db.prepare(lookup).get(15_001), { name: "name 15001" });
    assert.equal(server.redirects, 1);
    // The target answers 410 Gone from now on; the URL given leads to another one.
    switches.moveTargetAfter = server.counts.requests;
    assert.deepEqual(await db.prepare(lookup).get(3), { name: "name 3" });
    assert.equal(server.redirects, 2);
    const requests = server.counts.requests;
    assert.deepEqual(await db.prepare(lookup).get(9_999), { name: "name 9999" });
    assert.ok(server.counts.requests > requests, "fetched more pages");
    assert.equal(server.redirects, 2, "the new target is kept");
    db.close();
  });
  // A target that serves another version of the file: the URL given leads there too.
  await withServer(switches, async (server) => {
    switches.moveTargetAfter = undefined;
    const db = await AsyncDatabase.open(server.redirectUrl);
    switches.changeEtagAfter = server.counts.requests;
    await assert.rejects(
      db.prepare(lookup).get(15_001),
      (e) => e instanceof SqliteError && e.code === "SQLITE_IOERR" && /changed/.test(e.message),
    );
    assert.equal(server.redirects, 2, "asked the URL given once before failing");
    db.close();
  });
});

Deno.test("lazy: Retry-After is waited for, and one longer than the timeout fails at once", async () => {
  await withServer({ fail503First: 1, retryAfter: "1" }, async (server) => {
    const started = performance.now();
    const db = await AsyncDatabase.open(server.url, { http: { backoffMs: 1 } });
    const waited = performance.now() - started;
    assert.ok(waited >= 950, `retried after ${waited.toFixed(0)} ms, not 1 s`);
    assert.deepEqual(await db.prepare("SELECT name FROM t WHERE id = 5").get(), { name: "name 5" });
    db.close();
  });
  // An HTTP date an hour ahead: the request fails at once rather than wait past its timeout.
  const later = new Date(Date.now() + 3_600_000).toUTCString();
  await withServer({ fail503First: 1, retryAfter: later }, async (server) => {
    const started = performance.now();
    await assert.rejects(
      AsyncDatabase.open(server.url, { http: { timeoutMs: 2000, backoffMs: 1 } }),
      (e) =>
        e instanceof SqliteError && e.code === "SQLITE_IOERR" && /HTTP 503/.test(e.message) &&
        /retry after 3[56]\d\d s, more than the 2000 ms timeout/.test(e.message),
    );
    assert.ok(performance.now() - started < 1000, "did not wait");
    assert.equal(server.counts.requests, 1);
  });
});

Deno.test("lazy: an HTML page served for the database is reported as one", async () => {
  await withServer({ htmlPage: true }, async (server) => {
    for (const http of [{}, { allowFullDownload: true }]) {
      await assert.rejects(
        AsyncDatabase.open(server.url, { http }),
        (e) =>
          e instanceof SqliteError && e.code === "SQLITE_IOERR" &&
          /answered with an HTML page \(HTTP 200, Content-Type: text\/html/.test(e.message) &&
          /ignored the Range header/.test(e.message) && !/allowFullDownload/.test(e.message),
      );
    }
  });
});

Deno.test("lazy: sources it cannot read are refused clearly", async () => {
  await assert.rejects(
    AsyncDatabase.open("file:///tmp/x.db"),
    (e) => e instanceof SqliteError && e.code === "SQLITE_CANTOPEN",
  );
  await assert.rejects(
    // deno-lint-ignore no-explicit-any
    AsyncDatabase.open(42 as any),
    TypeError,
  );
  await assert.rejects(
    AsyncDatabase.open(new Blob([new Uint8Array(4096).fill(1)])),
    (e) => e instanceof SqliteError && e.code === "SQLITE_NOTADB",
  );
});

Deno.test("lazy: opening fetches each schema page once, in few requests", async () => {
  const fetched: number[] = [];
  const reader = {
    size: FILE.length,
    read(offset: number, length: number) {
      for (let p = Math.floor(offset / PAGE); p * PAGE < offset + length; p++) fetched.push(p);
      return Promise.resolve(FILE.slice(offset, offset + length));
    },
  };
  const db = await AsyncDatabase.open(reader);
  // Page 0 is read twice: its first 100 bytes (the page size), then the whole page.
  const pages = fetched.slice(1);
  assert.equal(new Set(pages).size, pages.length, `pages fetched twice: ${pages}`);
  assert.ok(db.tables.length > 40, "the schema spans several pages");
  assert.ok(pages.length <= 12, `${pages.length} pages for the schema`);
  db.close();
});

Deno.test("lazy: a schema that ends past the opening request's bytes is fetched at open", async () => {
  // examples/sample.db has 1 KB pages and a schema over several of them: loading it misses
  // pages after the first 4 KB, and the open must fetch them and try again.
  const samplePath = new URL("../examples/sample.db", import.meta.url).pathname;
  const oracle = new DatabaseSync(samplePath, { readOnly: true });
  const sql = "SELECT count(*) AS n, sum(duration) AS total FROM trips WHERE id < 500";
  const expected = oracle.prepare(sql).get();
  const schemaNames = oracle.prepare("SELECT name FROM sqlite_schema ORDER BY name").all();
  oracle.close();
  const server = startRangeServer(Deno.readFileSync(samplePath));
  try {
    const db = await AsyncDatabase.open(server.url);
    try {
      assert.deepEqual(
        await db.prepare("SELECT name FROM sqlite_schema ORDER BY name").all(),
        schemaNames.map((r) => ({ ...r })),
      );
      assert.deepEqual(await db.prepare(sql).get(), { ...expected });
    } finally {
      db.close();
    }
  } finally {
    await server.close();
  }
});
Deno.test("lazy: a 16-page cache holds while every backend scans a file 75 times larger", async () => {
  const sql = "SELECT count(*) AS n, sum(k) AS s, max(name) AS m FROM t WHERE pad LIKE 'x%'";
  const want = new Database(path).prepare(sql).all();
  await withServer({}, async (server) => {
    for (const backend of TEST_BACKENDS) {
      const db = await AsyncDatabase.open(server.url, {
        backend,
        cachePages: 16,
        maxReadAheadPages: 8,
      });
      const bytesBefore = server.counts.bytes;
      assert.deepEqual(await db.prepare(sql).all(), want, backend);
      // The pager holds 16 pages; the staging area at most 2 × 8 fetched pages unread.
      assert.ok(db.stats.peakStagedPages <= 16, `${backend}: ${db.stats.peakStagedPages} staged`);
      // Restarting from the first page after every miss would fetch the file many times.
      const fetched = server.counts.bytes - bytesBefore;
      assert.ok(fetched <= 2 * FILE.length, `${backend}: fetched ${fetched} of ${FILE.length}`);
      db.close();
    }
  });
});
