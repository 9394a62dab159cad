/**
 * The server scripts/compare_httpvfs.ts runs: the comparison page (bundled from
 * scripts/compare_httpvfs_page.ts), sql.js-httpvfs's worker and wasm from node_modules,
 * and the database at db.sqlite with Range support, counting the requests (HEAD
 * included) and body bytes sent for the database only.
 */
import { bundleForBrowser } from "./browser_bundle.ts";
import { rangeResponse } from "./range_response.ts";

const HTTPVFS_DIST = new URL("../node_modules/sql.js-httpvfs/dist/", import.meta.url);
const PAGE_ENTRY = new URL("./compare_httpvfs_page.ts", import.meta.url).pathname;

const INDEX_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>litejit vs sql.js-httpvfs</title>
<link rel="icon" href="data:,"><script type="module" src="compare.js"></script></head>
<body></body></html>`;

/** Requests for the database and the body bytes sent, since the last reset. */
export interface Counts {
  requests: number;
  bytes: number;
}

/** The running server. */
export interface CompareServer {
  /** Base URL, ending in "/". */
  url: string;
  counts: Counts;
  reset(): void;
  shutdown(): Promise<void>;
}

/** Serves `db` (bytes of the database file) and the page on 127.0.0.1 at a free port. */
export async function startCompareServer(db: Uint8Array): Promise<CompareServer> {
  const script = await bundleForBrowser(PAGE_ENTRY);
  const worker = await Deno.readFile(new URL("sqlite.worker.js", HTTPVFS_DIST));
  const wasm = await Deno.readFile(new URL("sql-wasm.wasm", HTTPVFS_DIST));
  const counts: Counts = { requests: 0, bytes: 0 };
  const noStore = { "cache-control": "no-store" };
  const typed = (body: BodyInit, type: string) =>
    new Response(body, { headers: { ...noStore, "content-type": type } });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    switch (path) {
      case "/":
      case "/index.html":
        return typed(INDEX_HTML, "text/html; charset=utf-8");
      case "/compare.js":
        return typed(script, "text/javascript");
      case "/sqlite.worker.js":
        return typed(worker.slice(), "text/javascript");
      case "/sql-wasm.wasm":
        return typed(wasm.slice(), "application/wasm");
      case "/db.sqlite": {
        counts.requests++;
        const headers = { ...noStore, "content-type": "application/vnd.sqlite3" };
        if (req.method === "HEAD") {
          // sql.js-httpvfs asks for the size with HEAD before reading.
          return new Response(null, {
            headers: { ...headers, "content-length": String(db.length), "accept-ranges": "bytes" },
          });
        }
        const response = rangeResponse(req, db, `"compare-db"`, headers);
        counts.bytes += Number(response.headers.get("content-length"));
        return response;
      }
    }
    return new Response("not found\n", { status: 404 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/`,
    counts,
    reset() {
      counts.requests = 0;
      counts.bytes = 0;
    },
    shutdown: () => server.shutdown(),
  };
}
