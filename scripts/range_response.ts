/**
 * Answers a GET for a file with HTTP range support, as static file servers do: `Range:
 * bytes=a-b` (or `a-`, or `-n`) gets 206 with Content-Range, a range past the end 416, no
 * Range the whole file; every answer carries the file's ETag and `Accept-Ranges: bytes`.
 * Used by scripts/web.ts (the page opens its own sample by URL) and
 * scripts/compare_httpvfs.ts.
 */

/** The response to `request` for `file`, whose validator is `etag` (a quoted string). */
export function rangeResponse(
  request: Request,
  file: Uint8Array,
  etag: string,
  headers: Record<string, string> = {},
): Response {
  const common = { ...headers, etag, "accept-ranges": "bytes" };
  const range = request.headers.get("range");
  if (range === null) {
    return new Response(file.slice(), {
      headers: { ...common, "content-length": String(file.length) },
    });
  }
  const bounds = parseRange(range, file.length);
  if (bounds === null) {
    return new Response(null, {
      status: 416,
      headers: { ...common, "content-range": `bytes */${file.length}` },
    });
  }
  const [start, end] = bounds;
  return new Response(file.slice(start, end + 1), {
    status: 206,
    headers: {
      ...common,
      "content-length": String(end - start + 1),
      "content-range": `bytes ${start}-${end}/${file.length}`,
    },
  });
}

/** `[first, last]` byte of a single `bytes=` range within `size`, or null if unsatisfiable. */
export function parseRange(header: string, size: number): [number, number] | null {
  const m = header.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    // A suffix: the last n bytes.
    const n = Number(m[2]);
    return n === 0 || size === 0 ? null : [Math.max(0, size - n), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start >= size || end < start ? null : [start, end];
}

/** A validator for a file from its size and modification time. */
export function fileEtag(info: Deno.FileInfo): string {
  return `"${info.size.toString(16)}-${(info.mtime?.getTime() ?? 0).toString(16)}"`;
}
