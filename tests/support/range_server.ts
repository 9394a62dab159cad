/**
 * A local HTTP server for the HTTP source tests: serves one file with Range support and
 * counts requests and body bytes; switches make it misbehave in the ways real servers do.
 */

/** Ways the server can misbehave; requests are numbered from 1. */
export interface RangeServerSwitches {
  /** Answer every request 200 with the whole file, as a server without Range support. */
  ignoreRange?: boolean;
  /** From request N+1 on, send another ETag (the file was replaced). */
  changeEtagAfter?: number;
  /** Answer the first K requests 503. */
  fail503First?: number;
  /** Never answer the first request (until the client gives up). */
  hangFirst?: boolean;
  /** Answer every request 404. */
  notFound?: boolean;
  /** From request N+1 on, send the range starting one byte later than asked. */
  shiftRangeAfter?: number;
  /** From request N+1 on, send a body 10 bytes shorter than the Content-Range says. */
  truncateAfter?: number;
  /** The Retry-After header sent with the 503 answers of `fail503First`. */
  retryAfter?: string;
  /**
   * From request N+1 on, `redirectUrl` leads to another URL of the file, and the one it led
   * to before answers 410 Gone (an expired signed URL, a moved object).
   */
  moveTargetAfter?: number;
  /** Answer every request 200 with an HTML page (a wrong URL served by a web app). */
  htmlPage?: boolean;
}

/** A running server; `close` releases hanging requests and shuts it down. */
export interface RangeServer {
  url: string;
  /** A URL answering 302 with the file's URL (with `?v=` and a version). */
  redirectUrl: string;
  /** Requests (redirects included) and body bytes. */
  counts: { requests: number; bytes: number };
  /** 302 answers sent by `redirectUrl`. */
  readonly redirects: number;
  /** The byte range of every 206 answer, in order (`end` inclusive). */
  served: { start: number; end: number }[];
  close(): Promise<void>;
}

/** Starts a server for `file` on 127.0.0.1 at a free port. */
export function startRangeServer(
  file: Uint8Array,
  switches: RangeServerSwitches = {},
): RangeServer {
  const counts = { requests: 0, bytes: 0 };
  let redirects = 0;
  const served: { start: number; end: number }[] = [];
  const hanging: (() => void)[] = [];
  const body = (bytes: Uint8Array, status: number, headers: Record<string, string>) => {
    counts.bytes += bytes.length;
    return new Response(bytes.slice(), { status, headers });
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const n = ++counts.requests;
    if (switches.notFound) return new Response("no such file", { status: 404 });
    if (switches.hangFirst && n === 1) {
      // Held until close(): the client's timeout is what the test exercises.
      await new Promise<void>((resolve) => hanging.push(resolve));
      return new Response(null, { status: 503 });
    }
    if (n <= (switches.fail503First ?? 0)) {
      const headers: Record<string, string> = switches.retryAfter === undefined
        ? {}
        : { "Retry-After": switches.retryAfter };
      return new Response("busy", { status: 503, headers });
    }
    if (switches.htmlPage) {
      return new Response("<!doctype html><title>App</title>", {
        status: 200,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    }
    const version = n > (switches.moveTargetAfter ?? Infinity) ? 2 : 1;
    const path = new URL(req.url);
    if (path.pathname === "/redirect.db") {
      redirects++;
      return new Response(null, { status: 302, headers: { Location: `/test.db?v=${version}` } });
    }
    const asked = path.searchParams.get("v");
    if (asked !== null && Number(asked) !== version) return new Response("gone", { status: 410 });
    const etag = n > (switches.changeEtagAfter ?? Infinity) ? `"v2"` : `"v1"`;
    const range = req.headers.get("Range")?.match(/^bytes=(\d+)-(\d+)$/);
    if (switches.ignoreRange || !range) return body(file, 200, { ETag: etag });
    let start = Number(range[1]);
    const end = Math.min(Number(range[2]), file.length - 1);
    if (start >= file.length) {
      return new Response(null, {
        status: 416,
        headers: { "Content-Range": `bytes */${file.length}` },
      });
    }
    if (n > (switches.shiftRangeAfter ?? Infinity)) start++;
    let bytes = file.subarray(start, end + 1);
    if (n > (switches.truncateAfter ?? Infinity)) bytes = bytes.subarray(0, bytes.length - 10);
    served.push({ start, end });
    return body(bytes, 206, {
      ETag: etag,
      "Content-Range": `bytes ${start}-${end}/${file.length}`,
    });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/test.db`,
    redirectUrl: `http://127.0.0.1:${server.addr.port}/redirect.db`,
    counts,
    served,
    get redirects() {
      return redirects;
    },
    async close() {
      for (const release of hanging) release();
      await server.shutdown();
    },
  };
}

/** Runs `body` against a server for `file` with `switches`, always shutting it down. */
export async function withRangeServer(
  file: Uint8Array,
  switches: RangeServerSwitches,
  body: (server: RangeServer) => Promise<void>,
): Promise<void> {
  const server = startRangeServer(file, switches);
  try {
    await body(server);
  } finally {
    await server.close();
  }
}
