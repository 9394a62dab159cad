/**
 * A local HTTP server for the chunked-source tests: serves a file split into chunk files
 * named as sql.js-httpvfs names them (`<prefix><zero-padded index>`), with Range support, a
 * JSON config, and a log of every request; switches make it misbehave.
 */

/** Ways the server can misbehave. */
export interface ChunkServerSwitches {
  /** Answer 404 for this chunk index. */
  missingChunk?: number;
  /** Serve this chunk index 100 bytes shorter than it is (a truncated upload). */
  shortChunk?: number;
  /** Answer every chunk request 200 with the whole chunk, ignoring Range. */
  ignoreRange?: boolean;
  /** Answer the first K chunk requests 503. */
  fail503First?: number;
  /** Serve this text as the JSON config instead of the real one. */
  configBody?: string;
}

/** One request the server received. */
export interface LoggedRequest {
  /** Path and query, e.g. `/db/data.sqlite3.003?cb=1`. */
  path: string;
  /** The Range header, or null. */
  range: string | null;
}

/** A running server; `close` shuts it down. */
export interface ChunkServer {
  /** Origin, e.g. `http://127.0.0.1:1234`. */
  origin: string;
  /** Every request, in arrival order. */
  log: LoggedRequest[];
  close(): Promise<void>;
}

/** Layout of the served chunks; the JSON config at `/db/config.json` describes it. */
export interface ChunkLayoutSpec {
  chunkSize: number;
  suffixLength: number;
  cacheBust?: string;
}

/** Serves `file` cut into chunks at `/db/data.sqlite3.<index>`, on 127.0.0.1. */
export function startChunkServer(
  file: Uint8Array,
  spec: ChunkLayoutSpec,
  switches: ChunkServerSwitches = {},
): ChunkServer {
  const log: LoggedRequest[] = [];
  const chunks = new Map<string, Uint8Array>();
  for (let i = 0; i * spec.chunkSize < file.length; i++) {
    const name = `/db/data.sqlite3.${String(i).padStart(spec.suffixLength, "0")}`;
    let chunk = file.subarray(i * spec.chunkSize, (i + 1) * spec.chunkSize);
    if (i === switches.shortChunk) chunk = chunk.subarray(0, chunk.length - 100);
    if (i !== switches.missingChunk) chunks.set(name, chunk);
  }
  const config = {
    serverMode: "chunked",
    requestChunkSize: 4096,
    databaseLengthBytes: file.length,
    serverChunkSize: spec.chunkSize,
    urlPrefix: "data.sqlite3.", // relative to the config's URL, as create_db.sh writes it
    suffixLength: spec.suffixLength,
    ...(spec.cacheBust ? { cacheBust: spec.cacheBust } : {}),
  };
  let chunkRequests = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const url = new URL(req.url);
    const range = req.headers.get("Range");
    log.push({ path: url.pathname + url.search, range });
    if (url.pathname === "/db/config.json") {
      return new Response(switches.configBody ?? JSON.stringify(config), {
        headers: { "Content-Type": "application/json" },
      });
    }
    if (spec.cacheBust && url.searchParams.get("cb") !== spec.cacheBust) {
      return new Response("missing cache-bust", { status: 400 });
    }
    const chunk = chunks.get(url.pathname);
    if (!chunk) return new Response("no such chunk", { status: 404 });
    if (++chunkRequests <= (switches.fail503First ?? 0)) {
      return new Response("busy", { status: 503 });
    }
    const etag = `"chunk-${url.pathname}"`;
    const match = range?.match(/^bytes=(\d+)-(\d+)$/);
    if (switches.ignoreRange || !match) {
      return new Response(chunk.slice(), { headers: { ETag: etag } });
    }
    const start = Number(match[1]);
    const end = Math.min(Number(match[2]), chunk.length - 1);
    if (start >= chunk.length) {
      return new Response(null, {
        status: 416,
        headers: { "Content-Range": `bytes */${chunk.length}` },
      });
    }
    return new Response(chunk.slice(start, end + 1), {
      status: 206,
      headers: { ETag: etag, "Content-Range": `bytes ${start}-${end}/${chunk.length}` },
    });
  });
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    log,
    close: () => server.shutdown(),
  };
}
