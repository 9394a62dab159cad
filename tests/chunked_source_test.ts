// The chunked (split-file) source against a local server serving a node:sqlite database cut
// into chunk files, configured as sql.js-httpvfs is. Expected bytes are the file's own;
// expected requests are worked out by hand from the chunk layout.
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import {
  type ChunkedSource,
  openChunkedSource,
  type SplitFileServerConfig,
} from "../core/io/chunked_source.ts";
import { HttpSource } from "../core/io/http_source.ts";
import { SqliteError } from "../core/errors.ts";
import {
  type ChunkLayoutSpec,
  type ChunkServer,
  type ChunkServerSwitches,
  startChunkServer,
} from "./support/chunk_server.ts";
import { startRangeServer } from "./support/range_server.ts";
import { prng } from "./support/mutate.ts";

/** A database of a few hundred KB, built once. */
const FILE: Uint8Array = (() => {
  const dir = Deno.makeTempDirSync();
  try {
    const path = `${dir}/test.db`;
    const db = new DatabaseSync(path);
    db.exec("CREATE TABLE t(id INTEGER PRIMARY KEY, label TEXT)");
    db.exec(`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 1200)
      INSERT INTO t SELECT i, printf('row %d %.200c', i, 'y') FROM s`);
    db.close();
    return Deno.readFileSync(path);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
})();

const CHUNK = 100_000; // deliberately not a multiple of the page size
const LAYOUT: ChunkLayoutSpec = { chunkSize: CHUNK, suffixLength: 3 };
const FAST = { timeoutMs: 2000, backoffMs: 1 };

function inlineConfig(server: ChunkServer, spec = LAYOUT): SplitFileServerConfig {
  return {
    serverMode: "chunked",
    requestChunkSize: 4096,
    databaseLengthBytes: FILE.length,
    serverChunkSize: spec.chunkSize,
    urlPrefix: `${server.origin}/db/data.sqlite3.`,
    suffixLength: spec.suffixLength,
    ...(spec.cacheBust ? { cacheBust: spec.cacheBust } : {}),
  };
}

async function withServer(
  switches: ChunkServerSwitches,
  body: (server: ChunkServer) => Promise<void>,
  spec = LAYOUT,
): Promise<void> {
  const server = startChunkServer(FILE, spec, switches);
  try {
    await body(server);
  } finally {
    await server.close();
  }
}

async function openInline(server: ChunkServer, options = {}): Promise<ChunkedSource> {
  const source = await openChunkedSource({ from: "inline", config: inlineConfig(server) }, {
    ...FAST,
    ...options,
  });
  assert.ok(!(source instanceof HttpSource));
  return source;
}

async function rejectsWith(
  promise: Promise<unknown>,
  code: string,
  ...patterns: RegExp[]
): Promise<void> {
  await assert.rejects(promise, (e) => {
    assert.ok(e instanceof SqliteError, `not a SqliteError: ${e}`);
    assert.equal(e.code, code, e.message);
    for (const pattern of patterns) assert.match(e.message, pattern);
    return true;
  });
}

Deno.test("the test database spans at least three chunks, the last one short", () => {
  assert.ok(FILE.length > 2 * CHUNK && FILE.length % CHUNK !== 0, `size ${FILE.length}`);
});

Deno.test("chunked source: open reads the first 4096 bytes of chunk 000 only", async () => {
  await withServer({}, async (server) => {
    const source = await openInline(server);
    try {
      assert.equal(source.size, FILE.length);
      assert.equal(source.chunkCount, Math.ceil(FILE.length / CHUNK));
      assert.deepEqual(source.firstBytes, FILE.subarray(0, 4096));
      assert.equal(source.validator, `"chunk-/db/data.sqlite3.000"`);
      assert.deepEqual(server.log, [{ path: "/db/data.sqlite3.000", range: "bytes=0-4095" }]);
      assert.deepEqual(source.stats, { requests: 1, bytes: 4096 });
    } finally {
      source.close();
    }
  });
});

Deno.test("chunked source: a read across a chunk boundary is two ranged requests", async () => {
  await withServer({}, async (server) => {
    const source = await openInline(server);
    try {
      assert.deepEqual(
        await source.read(CHUNK - 1000, 4096),
        FILE.subarray(CHUNK - 1000, CHUNK + 3096),
      );
      assert.deepEqual(server.log.slice(1), [
        { path: "/db/data.sqlite3.000", range: `bytes=${CHUNK - 1000}-${CHUNK - 1}` },
        { path: "/db/data.sqlite3.001", range: "bytes=0-3095" },
      ]);
      assert.deepEqual(source.stats, { requests: 3, bytes: 4096 + 4096 });
    } finally {
      source.close();
    }
  });
});

Deno.test("chunked source: a read spanning three chunks ends at the file's end", async () => {
  await withServer({}, async (server) => {
    const source = await openInline(server);
    try {
      const start = CHUNK - 10;
      assert.deepEqual(await source.read(start, FILE.length), FILE.subarray(start));
      const last = source.chunkCount - 1;
      const lastLength = FILE.length - last * CHUNK;
      assert.deepEqual(server.log.slice(1).map((r) => r.range), [
        `bytes=${CHUNK - 10}-${CHUNK - 1}`,
        ...Array.from({ length: last - 1 }, () => `bytes=0-${CHUNK - 1}`), // asked for whole
        `bytes=0-${lastLength - 1}`,
      ]);
    } finally {
      source.close();
    }
  });
});

Deno.test("chunked source: random reads equal the file's bytes, one request per chunk", async () => {
  await withServer({}, async (server) => {
    const source = await openInline(server);
    try {
      const random = prng(7);
      let requests = 1;
      let bytes = 4096;
      for (let i = 0; i < 50; i++) {
        const offset = Math.floor(random() * (FILE.length + 1000));
        const length = 1 + Math.floor(random() * 20_000);
        const end = Math.min(offset + length, FILE.length);
        const expected = FILE.subarray(Math.min(offset, end), end);
        assert.deepEqual(await source.read(offset, length), expected, `read(${offset}, ${length})`);
        if (end > 4096 && expected.length > 0) {
          requests += Math.floor((end - 1) / CHUNK) - Math.floor(offset / CHUNK) + 1;
          bytes += expected.length;
        }
      }
      assert.deepEqual(source.stats, { requests, bytes });
      assert.equal(server.log.length, requests);
      for (const { range } of server.log) {
        const [from, to] = range!.slice(6).split("-").map(Number);
        assert.ok(to - from + 1 <= 20_000, `never a whole chunk: ${range}`);
      }
    } finally {
      source.close();
    }
  });
});

Deno.test("chunked source: config fetched from a JSON URL, urlPrefix relative to it", async () => {
  await withServer({}, async (server) => {
    const source = await openChunkedSource(
      { from: "jsonconfig", configUrl: "/db/config.json", virtualFilename: "ignored" },
      { ...FAST, baseUrl: `${server.origin}/app/index.html` },
    ) as ChunkedSource;
    try {
      assert.equal(source.url, `${server.origin}/db/data.sqlite3.`);
      assert.equal(source.size, FILE.length);
      assert.equal(source.requestChunkSize, 4096);
      assert.deepEqual(
        await source.read(2 * CHUNK + 5, 10),
        FILE.subarray(2 * CHUNK + 5, 2 * CHUNK + 15),
      );
      assert.deepEqual(server.log.map((r) => r.path), [
        "/db/config.json",
        "/db/data.sqlite3.000",
        "/db/data.sqlite3.002",
      ]);
      assert.equal(source.stats.requests, 2, "the config request is not counted");
    } finally {
      source.close();
    }
  });
});

Deno.test("chunked source: cacheBust is appended to chunk URLs as ?cb=", async () => {
  const spec = { ...LAYOUT, cacheBust: "v7" };
  await withServer({}, async (server) => {
    const source = await openChunkedSource(inlineConfig(server, spec), FAST) as ChunkedSource;
    try {
      assert.deepEqual(await source.read(CHUNK, 100), FILE.subarray(CHUNK, CHUNK + 100));
      assert.deepEqual(server.log.map((r) => r.path), [
        "/db/data.sqlite3.000?cb=v7",
        "/db/data.sqlite3.001?cb=v7",
      ]);
    } finally {
      source.close();
    }
  }, spec);
});

Deno.test("chunked source: a missing chunk is SQLITE_IOERR naming its URL", async () => {
  await withServer({ missingChunk: 1 }, async (server) => {
    const source = await openInline(server);
    try {
      await rejectsWith(source.read(CHUNK + 10, 10), "SQLITE_IOERR", /data\.sqlite3\.001/, /404/);
      assert.deepEqual(await source.read(10, 10_000), FILE.subarray(10, 10_010)); // chunk 0 fine
    } finally {
      source.close();
    }
  });
});

Deno.test("chunked source: a chunk shorter than the config says is SQLITE_IOERR", async () => {
  await withServer({ shortChunk: 1 }, async (server) => {
    const source = await openInline(server);
    try {
      await rejectsWith(
        source.read(CHUNK + 10, 10),
        "SQLITE_IOERR",
        new RegExp(`chunk 1 is ${CHUNK - 100} bytes but the config says ${CHUNK}`),
      );
      await rejectsWith(source.read(2 * CHUNK - 50, 10), "SQLITE_IOERR", /416|not satisfiable/);
    } finally {
      source.close();
    }
  });
});

Deno.test("chunked source: a missing first chunk fails the open with SQLITE_IOERR", async () => {
  await withServer({ missingChunk: 0 }, async (server) => {
    await rejectsWith(openInline(server), "SQLITE_IOERR", /data\.sqlite3\.000/, /404/);
  });
});

Deno.test("chunked source: a server ignoring Range is refused unless allowFullDownload", async () => {
  await withServer({ ignoreRange: true }, async (server) => {
    await rejectsWith(openInline(server), "SQLITE_IOERR", /does not support HTTP range/);
    const source = await openInline(server, { allowFullDownload: true });
    try {
      assert.deepEqual(await source.read(CHUNK - 5, 10), FILE.subarray(CHUNK - 5, CHUNK + 5));
    } finally {
      source.close();
    }
  });
});

Deno.test("chunked source: 503s are retried with the HTTP source's policy", async () => {
  await withServer({ fail503First: 2 }, async (server) => {
    const source = await openInline(server);
    try {
      assert.deepEqual(source.firstBytes, FILE.subarray(0, 4096));
      assert.equal(source.stats.requests, 3);
    } finally {
      source.close();
    }
  });
  await withServer({ fail503First: Infinity }, async (server) => {
    await rejectsWith(openInline(server, { retries: 1 }), "SQLITE_IOERR", /after 2 attempts/);
  });
});

Deno.test("chunked source: reads after close are SQLITE_MISUSE", async () => {
  await withServer({}, async (server) => {
    const source = await openInline(server);
    source.close();
    await rejectsWith(source.read(CHUNK, 10), "SQLITE_MISUSE", /closed/);
  });
});

Deno.test('chunked source: serverMode "full" opens an HttpSource for the URL', async () => {
  const server = startRangeServer(FILE);
  try {
    const source = await openChunkedSource({
      from: "inline",
      config: { serverMode: "full", requestChunkSize: 4096, url: server.url },
    }, FAST);
    try {
      assert.ok(source instanceof HttpSource);
      assert.equal(source.size, FILE.length);
      assert.deepEqual(await source.read(150_000, 5000), FILE.subarray(150_000, 155_000));
    } finally {
      source.close();
    }
  } finally {
    await server.close();
  }
});

Deno.test("chunked source: bad configs are SQLITE_MISUSE before any request", async () => {
  const good = {
    serverMode: "chunked",
    requestChunkSize: 4096,
    databaseLengthBytes: 1000,
    serverChunkSize: 100,
    urlPrefix: "https://example.invalid/db.",
    suffixLength: 3,
  };
  const cases: [unknown, RegExp][] = [
    [null, /must be an object/],
    [{ from: "url", url: "x" }, /config\.from must be "inline" or "jsonconfig"/],
    [{ from: "inline" }, /config\.config must be an object/],
    [{ from: "jsonconfig" }, /configUrl must be a non-empty string/],
    [
      { from: "jsonconfig", configUrl: "config.json" },
      /not an absolute URL and there is no baseUrl/,
    ],
    [{ ...good, serverMode: "split" }, /serverMode must be "chunked" or "full"/],
    [{ ...good, serverChunkSize: 0 }, /serverChunkSize must be an integer >= 1 \(got 0\)/],
    [{ ...good, serverChunkSize: 1.5 }, /serverChunkSize must be an integer/],
    [{ ...good, databaseLengthBytes: "1000" }, /databaseLengthBytes must be an integer/],
    [{ ...good, suffixLength: -1 }, /suffixLength must be an integer >= 0/],
    [{ ...good, urlPrefix: undefined }, /urlPrefix must be a non-empty string/],
    [{ ...good, urlPrefix: "db." }, /urlPrefix "db\." is not an absolute URL/],
    [{ ...good, requestChunkSize: 0 }, /requestChunkSize must be an integer >= 1/],
    [{ ...good, cacheBust: {} }, /cacheBust must be a string/],
    [{ serverMode: "full", requestChunkSize: 4096 }, /url must be a non-empty string/],
  ];
  let fetches = 0;
  const fetch = () => {
    fetches++;
    return Promise.reject(new Error("no request expected"));
  };
  for (const [config, pattern] of cases) {
    await rejectsWith(
      openChunkedSource(config as SplitFileServerConfig, { fetch }),
      "SQLITE_MISUSE",
      /bad chunked database config/,
      pattern,
    );
  }
  assert.equal(fetches, 0);
});

Deno.test("chunked source: a JSON config that is not JSON is SQLITE_MISUSE", async () => {
  await withServer({ configBody: "<html>not found</html>" }, async (server) => {
    const configUrl = `${server.origin}/db/config.json`;
    await rejectsWith(
      openChunkedSource({ from: "jsonconfig", configUrl }, FAST),
      "SQLITE_MISUSE",
      /is not valid JSON/,
    );
  });
  await withServer({ configBody: JSON.stringify({ serverMode: "chunked" }) }, async (server) => {
    const configUrl = `${server.origin}/db/config.json`;
    await rejectsWith(
      openChunkedSource({ from: "jsonconfig", configUrl }, FAST),
      "SQLITE_MISUSE",
      new RegExp(`the config at ${configUrl.replaceAll(".", "\\.")}\\.urlPrefix`),
    );
  });
});

Deno.test("chunked source: a JSON config URL that fails is SQLITE_IOERR", async () => {
  await withServer({}, async (server) => {
    await rejectsWith(
      openChunkedSource({ from: "jsonconfig", configUrl: `${server.origin}/nope.json` }, FAST),
      "SQLITE_IOERR",
      /could not fetch the chunked database config/,
      /HTTP 404/,
    );
  });
});
