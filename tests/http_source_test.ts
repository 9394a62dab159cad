// The HTTP range-request source and the lazy Blob source, against a local server over a
// real database file made with node:sqlite. Expected bytes are the file's own.
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { BlobSource } from "../core/io/async_source.ts";
import { type HttpSource, openHttpSource } from "../core/io/http_source.ts";
import { parseRetryAfter } from "../core/io/http_range.ts";
import { SqliteError } from "../core/errors.ts";
import {
  type RangeServer,
  type RangeServerSwitches,
  startRangeServer,
  withRangeServer,
} from "./support/range_server.ts";
import { prng } from "./support/mutate.ts";

/** A database of a few hundred KB, built once. */
const FILE: Uint8Array = (() => {
  const dir = Deno.makeTempDirSync();
  try {
    const path = `${dir}/test.db`;
    const db = new DatabaseSync(path);
    db.exec("CREATE TABLE t(id INTEGER PRIMARY KEY, label TEXT, n REAL)");
    db.exec(`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 1500)
      INSERT INTO t SELECT i, printf('row %d %.200c', i, 'x'), i * 1.5 FROM s`);
    db.close();
    return Deno.readFileSync(path);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
})();

const withServer = (
  switches: RangeServerSwitches,
  body: (server: RangeServer) => Promise<void>,
) => withRangeServer(FILE, switches, body);

/** Asserts that `promise` rejects with SQLITE_IOERR and a message matching every pattern. */
async function rejectsIoErr(promise: Promise<unknown>, ...patterns: RegExp[]): Promise<void> {
  await assert.rejects(promise, (e) => {
    assert.ok(e instanceof SqliteError, `not a SqliteError: ${e}`);
    assert.equal(e.code, "SQLITE_IOERR");
    for (const pattern of patterns) assert.match(e.message, pattern);
    return true;
  });
}

const FAST = { timeoutMs: 2000, backoffMs: 1 };

Deno.test("the test database is a few hundred KB", () => {
  assert.ok(FILE.length > 200_000 && FILE.length < 1_000_000, `size ${FILE.length}`);
});

Deno.test("http source: open gives the file's size and first page in one request", async () => {
  await withServer({}, async (server) => {
    const source = await openHttpSource(server.url, FAST);
    try {
      assert.equal(source.size, FILE.length);
      assert.deepEqual(source.firstBytes, FILE.subarray(0, 4096));
      assert.equal(source.validator, `"v1"`);
      assert.equal(source.fullDownload, false);
      assert.deepEqual(source.stats, { requests: 1, bytes: 4096 });
      assert.deepEqual(await source.read(0, 100), FILE.subarray(0, 100)); // from memory
      assert.deepEqual(source.stats, { requests: 1, bytes: 4096 });
      assert.deepEqual(server.counts, { requests: 1, bytes: 4096 });
    } finally {
      source.close();
    }
  });
});

Deno.test("http source: reads at random offsets equal the file's bytes, counted exactly", async () => {
  await withServer({}, async (server) => {
    const source = await openHttpSource(server.url, FAST);
    try {
      const random = prng(16);
      let requests = 1;
      let bytes = 4096;
      for (let i = 0; i < 60; i++) {
        const offset = Math.floor(random() * (FILE.length + 2000)); // some start past the end
        const length = 1 + Math.floor(random() * 9000);
        const end = Math.min(offset + length, FILE.length);
        const expected = FILE.subarray(Math.min(offset, end), end);
        assert.deepEqual(await source.read(offset, length), expected, `read(${offset}, ${length})`);
        if (end > 4096 && expected.length > 0) {
          requests++;
          bytes += expected.length;
        }
      }
      assert.ok(requests > 50, "most reads needed a request");
      assert.deepEqual(source.stats, { requests, bytes });
      assert.deepEqual(server.counts, { requests, bytes });
    } finally {
      source.close();
    }
  });
});

Deno.test("http source: the last page, short of a full range, is read whole", async () => {
  await withServer({}, async (server) => {
    const source = await openHttpSource(server.url, FAST);
    try {
      const last = FILE.length - 4096;
      assert.deepEqual(await source.read(last, 8192), FILE.subarray(last));
      assert.deepEqual(await source.read(FILE.length, 10), new Uint8Array(0));
      assert.deepEqual(source.stats, { requests: 2, bytes: 8192 });
    } finally {
      source.close();
    }
  });
});

Deno.test("http source: a server ignoring Range is SQLITE_IOERR naming the URL", async () => {
  await withServer({ ignoreRange: true }, async (server) => {
    await rejectsIoErr(
      openHttpSource(server.url, FAST),
      new RegExp(server.url.replaceAll(".", "\\.")),
      /does not support HTTP range requests/,
    );
    assert.equal(server.counts.requests, 1);
  });
});

Deno.test("http source: allowFullDownload keeps a range-less answer, one request", async () => {
  await withServer({ ignoreRange: true }, async (server) => {
    const source = await openHttpSource(server.url, { ...FAST, allowFullDownload: true });
    try {
      assert.equal(source.fullDownload, true);
      assert.equal(source.size, FILE.length);
      assert.deepEqual(await source.read(100_000, 5000), FILE.subarray(100_000, 105_000));
      assert.deepEqual(await source.read(FILE.length - 10, 100), FILE.subarray(FILE.length - 10));
      assert.deepEqual(source.stats, { requests: 1, bytes: FILE.length });
      assert.equal(server.counts.requests, 1);
    } finally {
      source.close();
    }
  });
});

Deno.test("http source: a changed ETag is SQLITE_IOERR, never mixing versions", async () => {
  await withServer({ changeEtagAfter: 2 }, async (server) => {
    const source = await openHttpSource(server.url, FAST);
    try {
      assert.deepEqual(await source.read(8192, 4096), FILE.subarray(8192, 12288));
      await rejectsIoErr(source.read(16384, 4096), /changed on the server while it was being read/);
      assert.equal(server.counts.requests, 3);
    } finally {
      source.close();
    }
  });
});

Deno.test("http source: a response for another range is SQLITE_IOERR", async () => {
  await withServer({ shiftRangeAfter: 1 }, async (server) => {
    const source = await openHttpSource(server.url, FAST);
    try {
      await rejectsIoErr(source.read(8192, 4096), /asked for bytes 8192-12287/, /8193-12287/);
    } finally {
      source.close();
    }
  });
});

Deno.test("http source: a short body is SQLITE_IOERR", async () => {
  await withServer({ truncateAfter: 1 }, async (server) => {
    const source = await openHttpSource(server.url, FAST);
    try {
      await rejectsIoErr(source.read(8192, 4096), /sent 4086 bytes where 4096 were expected/);
    } finally {
      source.close();
    }
  });
});

Deno.test("http source: 503 twice then OK succeeds after 3 requests", async () => {
  await withServer({ fail503First: 2 }, async (server) => {
    const source = await openHttpSource(server.url, FAST);
    try {
      assert.deepEqual(source.firstBytes, FILE.subarray(0, 4096));
      assert.equal(source.stats.requests, 3);
      assert.equal(server.counts.requests, 3);
    } finally {
      source.close();
    }
  });
});

Deno.test("http source: 503 always is SQLITE_IOERR after retries + 1 attempts", async () => {
  await withServer({ fail503First: Infinity }, async (server) => {
    await rejectsIoErr(
      openHttpSource(server.url, { ...FAST, retries: 2 }),
      /failed after 3 attempts/,
      /HTTP 503/,
      /127\.0\.0\.1/,
    );
    assert.equal(server.counts.requests, 3);
  });
});

Deno.test("http source: a hanging request times out and the retry succeeds", async () => {
  await withServer({ hangFirst: true }, async (server) => {
    const started = performance.now();
    const source = await openHttpSource(server.url, { timeoutMs: 150, backoffMs: 1 });
    try {
      assert.ok(performance.now() - started >= 140, "waited for the timeout");
      assert.deepEqual(source.firstBytes, FILE.subarray(0, 4096));
      assert.equal(source.stats.requests, 2);
    } finally {
      source.close();
    }
  });
});

Deno.test("http source: requests that always hang fail with the timeout as cause", async () => {
  let calls = 0;
  const hangingFetch = (_input: RequestInfo | URL, init?: RequestInit) => {
    calls++;
    return new Promise<Response>((_, reject) => {
      init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted")));
    });
  };
  await rejectsIoErr(
    openHttpSource("http://example.invalid/x.db", {
      fetch: hangingFetch,
      timeoutMs: 20,
      backoffMs: 1,
      retries: 1,
    }),
    /failed after 2 attempts/,
    /timed out after 20 ms/,
  );
  assert.equal(calls, 2);
});

Deno.test("http source: 429 is retried like a 5xx", async () => {
  let calls = 0;
  const busyOnce = (_input: RequestInfo | URL, init?: RequestInit) => {
    calls++;
    if (calls === 1) return Promise.resolve(new Response("slow down", { status: 429 }));
    const range = new Headers(init?.headers).get("Range");
    assert.equal(range, "bytes=0-4095");
    return Promise.resolve(
      new Response(FILE.slice(0, 4096), {
        status: 206,
        headers: { "Content-Range": `bytes 0-4095/${FILE.length}` },
      }),
    );
  };
  const source = await openHttpSource("https://example.test/a.db", { ...FAST, fetch: busyOnce });
  source.close();
  assert.equal(source.size, FILE.length);
  assert.equal(calls, 2);
});

Deno.test("http source: Retry-After is read as seconds or as an HTTP date", () => {
  const now = Date.parse("2025-03-01T12:00:00Z");
  assert.equal(parseRetryAfter("120", now), 120_000);
  assert.equal(parseRetryAfter(" 0 ", now), 0);
  assert.equal(parseRetryAfter("Sat, 01 Mar 2025 12:00:30 GMT", now), 30_000);
  assert.equal(parseRetryAfter("Saturday, 01-Mar-25 12:01:00 GMT", now), 60_000);
  assert.equal(parseRetryAfter("Sat, 01 Mar 2025 11:00:00 GMT", now), 0, "a date past is now");
  for (const bad of [null, "", "-1", "1.5", "soon", "12 s"]) {
    assert.equal(parseRetryAfter(bad, now), null, String(bad));
  }
});

Deno.test("http source: a refused connection is retried, then SQLITE_IOERR", async () => {
  const server = startRangeServer(FILE);
  const url = server.url;
  await server.close(); // nothing listens on the port any more
  await rejectsIoErr(
    openHttpSource(url, { ...FAST, retries: 1 }),
    /failed after 2 attempts/,
    new RegExp(url.replaceAll(".", "\\.")),
  );
});

Deno.test("http source: 404 is SQLITE_IOERR at once, one request", async () => {
  await withServer({ notFound: true }, async (server) => {
    await rejectsIoErr(openHttpSource(server.url, FAST), /HTTP 404/);
    assert.equal(server.counts.requests, 1);
  });
});

Deno.test("http source: an injected fetch sees only simple GET range requests", async () => {
  const seen: { method: string; headers: [string, string][] }[] = [];
  const file = FILE.subarray(0, 10_000);
  const injected = (_input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    seen.push({ method: init?.method ?? "GET", headers: [...headers] });
    const [, a, b] = headers.get("Range")!.match(/bytes=(\d+)-(\d+)/)!.map(Number);
    if (a === 8192) return Promise.resolve(new Response(null, { status: 416 }));
    return Promise.resolve(
      new Response(file.slice(a, b + 1), {
        status: 206,
        headers: { "Content-Range": `bytes ${a}-${b}/${file.length}` },
      }),
    );
  };
  const source = await openHttpSource("https://example.test/a.db", { fetch: injected });
  try {
    assert.equal(source.size, 10_000);
    assert.deepEqual(await source.read(5000, 100), file.subarray(5000, 5100));
    await rejectsIoErr(source.read(8192, 100), /HTTP 416/, /range not satisfiable/);
    assert.deepEqual(seen, [
      { method: "GET", headers: [["range", "bytes=0-4095"]] },
      { method: "GET", headers: [["range", "bytes=5000-5099"]] },
      { method: "GET", headers: [["range", "bytes=8192-8291"]] },
    ]);
  } finally {
    source.close();
  }
});

Deno.test("http source: close aborts a read in flight and later reads", async () => {
  let source: HttpSource | undefined;
  await withServer({}, async (server) => {
    source = await openHttpSource(server.url, FAST);
  });
  // The server is gone: the read fails and retries; close must end it with no timer left.
  const reading = source!.read(8192, 100);
  source!.close();
  await assert.rejects(reading, (e) => e instanceof SqliteError && e.code === "SQLITE_MISUSE");
  await assert.rejects(
    source!.read(8192, 100),
    (e) => e instanceof SqliteError && e.code === "SQLITE_MISUSE",
  );
});

Deno.test("blob source: reads equal the bytes, fewer past the end", async () => {
  const source = new BlobSource(new Blob([FILE.slice()]));
  assert.equal(source.size, FILE.length);
  const random = prng(7);
  for (let i = 0; i < 30; i++) {
    const offset = Math.floor(random() * FILE.length);
    const length = 1 + Math.floor(random() * 9000);
    assert.deepEqual(
      await source.read(offset, length),
      FILE.subarray(offset, Math.min(offset + length, FILE.length)),
    );
  }
  assert.deepEqual(await source.read(FILE.length + 5, 10), new Uint8Array(0));
  source.close();
  await assert.rejects(
    source.read(0, 10),
    (e) => e instanceof SqliteError && e.code === "SQLITE_MISUSE",
  );
});
