/**
 * Serves the browser example (examples/web/): the page, its script bundled by esbuild from
 * examples/web/app.ts, and the sample database at sample.db with HTTP range support
 * (206, Content-Range, ETag), so the page can open it by URL and read only some pages.
 *
 * The same page is also served under a Content-Security-Policy, to see litejit's default
 * backend fall back where generating code is forbidden:
 *   /            no policy
 *   /csp/        script-src 'self'                        (no new Function, no Wasm)
 *   /csp-wasm/   script-src 'self' 'wasm-unsafe-eval'     (Wasm allowed, no new Function)
 *
 *   npx -y deno task web [--port 8080]     (or PORT=8080)
 */
import { bundleForBrowser } from "./browser_bundle.ts";
import { fileEtag, rangeResponse } from "./range_response.ts";

const ROOT = new URL("../examples/web/", import.meta.url);
const SAMPLE_DB = new URL("../examples/sample.db", import.meta.url);

/** The Content-Security-Policy of each path prefix that has one. */
export const CSP_PREFIXES: Readonly<Record<string, string>> = {
  "/csp/": "script-src 'self'",
  "/csp-wasm/": "script-src 'self' 'wasm-unsafe-eval'",
};

/** A running server: its base URL (ending in "/") and how to stop it. */
export interface WebServer {
  url: string;
  port: number;
  /** Requests for sample.db and the body bytes sent for them. */
  sampleCounts: { requests: number; bytes: number };
  shutdown(): Promise<void>;
}

/** Bundles examples/web/app.ts for browsers (ESM, every backend, no node:*). */
export function bundleApp(): Promise<string> {
  return bundleForBrowser(new URL("app.ts", ROOT).pathname);
}

const STATIC_FILES: Record<string, string> = {
  "": "index.html",
  "index.html": "index.html",
  "style.css": "style.css",
};

const CONTENT_TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  db: "application/vnd.sqlite3",
};

/** Starts the server on `hostname:port` (port 0 picks a free one). */
export async function startWebServer(
  options: { port?: number; hostname?: string; quiet?: boolean } = {},
): Promise<WebServer> {
  const bundle = await bundleApp();
  const sampleCounts = { requests: 0, bytes: 0 };
  const hostname = options.hostname ?? "127.0.0.1";
  const server = Deno.serve(
    { port: options.port ?? 8080, hostname, onListen: () => {} },
    (req) => respond(req, bundle, sampleCounts),
  );
  const port = server.addr.port;
  const url = `http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}/`;
  if (!options.quiet) {
    console.log(`litejit web example: ${url}`);
    for (const [prefix, csp] of Object.entries(CSP_PREFIXES)) {
      console.log(`  under Content-Security-Policy "${csp}": ${url}${prefix.slice(1)}`);
    }
  }
  return { url, port, sampleCounts, shutdown: () => server.shutdown() };
}

async function respond(
  req: Request,
  bundle: string,
  sampleCounts: WebServer["sampleCounts"],
): Promise<Response> {
  const path = new URL(req.url).pathname;
  let headers: Record<string, string> = {};
  let rest = path.slice(1);
  for (const [prefix, csp] of Object.entries(CSP_PREFIXES)) {
    if (path === prefix.slice(0, -1)) {
      return new Response(null, { status: 308, headers: { location: prefix } });
    }
    if (path.startsWith(prefix)) {
      headers = { "content-security-policy": csp };
      rest = path.slice(prefix.length);
    }
  }
  if (rest === "sample.db") {
    const [bytes, info] = await Promise.all([Deno.readFile(SAMPLE_DB), Deno.stat(SAMPLE_DB)]);
    const response = rangeResponse(req, bytes, fileEtag(info), { ...headers, ...typed("db") });
    sampleCounts.requests++;
    sampleCounts.bytes += Number(response.headers.get("content-length") ?? 0);
    return response;
  }
  if (rest === "app.js") {
    return new Response(bundle, { headers: { ...headers, ...typed("js") } });
  }
  const file = Object.hasOwn(STATIC_FILES, rest) ? STATIC_FILES[rest] : undefined;
  if (!file) return new Response("not found\n", { status: 404 });
  return await fileResponse(new URL(file, ROOT), file.split(".").pop()!, headers);
}

async function fileResponse(
  url: URL,
  ext: string,
  headers: Record<string, string>,
): Promise<Response> {
  const body = await Deno.readFile(url);
  return new Response(body, { headers: { ...headers, ...typed(ext) } });
}

function typed(ext: string): Record<string, string> {
  return { "content-type": CONTENT_TYPES[ext], "cache-control": "no-store" };
}

function portArgument(args: string[]): number {
  const i = args.findIndex((a) => a === "--port" || a.startsWith("--port="));
  const text = i < 0
    ? Deno.env.get("PORT")
    : args[i].includes("=")
    ? args[i].split("=")[1]
    : args[i + 1];
  const port = Number(text ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`bad port: ${text}`);
  }
  return port;
}

if (import.meta.main) {
  await startWebServer({ port: portArgument(Deno.args) });
}
