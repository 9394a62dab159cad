/**
 * Browser bundle sizes (`deno task size`): esbuild bundles, minified for the browser, of
 * (a) `browser.ts`, every backend, (b) `lite.ts` + `js.ts`, the default backend alone, and
 * (c) `browser.ts` + `remote.ts`, with lazy remote databases; prints KB minified and
 * minified + gzip.
 * `--areas` also prints what each package or source folder adds to the minified bundle.
 *
 * @module
 */
import * as esbuild from "esbuild";
import { gzipSync } from "node:zlib";

/** One measured browser bundle. */
export interface BundleSize {
  /** What the bundle holds. */
  label: string;
  /** Minified bytes. */
  minBytes: number;
  /** Minified then gzipped (level 9) bytes. */
  gzipBytes: number;
  /** Every input file esbuild read, repository-relative (from its metafile). */
  inputs: string[];
  /** Every import specifier those inputs resolve (a `node:` one would be external here). */
  imports: string[];
  /** Bytes each input contributes to the minified output, largest first. */
  contributions: [string, number][];
}

const ROOT = new URL("../", import.meta.url).pathname;

/** The bundles the README reports. */
export const BROWSER_BUNDLES = [
  { label: "browser.ts (every backend)", source: 'export * from "./browser.ts";' },
  {
    label: "lite.ts + js.ts (the default backend alone)",
    source: 'export * from "./lite.ts";\nexport * from "./js.ts";',
  },
  {
    label: "browser.ts + remote.ts (every backend, and lazy remote databases)",
    source: 'export * from "./browser.ts";\nexport * from "./remote.ts";',
  },
] as const;

/** Bundles `source` (module text resolved from the repository root) for the browser. */
export async function measureBundle(label: string, source: string): Promise<BundleSize> {
  const result = await esbuild.build({
    stdin: { contents: source, resolveDir: ROOT, sourcefile: "bundle_entry.ts", loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "warning",
  });
  const code = result.outputFiles[0].contents;
  const output = Object.values(result.metafile.outputs)[0];
  const contributions = Object.entries(output.inputs)
    .map(([path, { bytesInOutput }]) => [path, bytesInOutput] as [string, number])
    .sort((a, b) => b[1] - a[1]);
  return {
    label,
    minBytes: code.length,
    gzipBytes: gzipSync(code, { level: 9 }).length,
    inputs: Object.keys(result.metafile.inputs),
    imports: Object.values(result.metafile.inputs).flatMap((i) => i.imports.map((x) => x.path)),
    contributions,
  };
}

/** Measures every bundle in {@link BROWSER_BUNDLES}, then stops esbuild's service. */
export async function measureBrowserBundles(): Promise<BundleSize[]> {
  try {
    const sizes: BundleSize[] = [];
    for (const b of BROWSER_BUNDLES) sizes.push(await measureBundle(b.label, b.source));
    return sizes;
  } finally {
    await esbuild.stop();
  }
}

/**
 * Minified bytes per area: an npm package, a folder of core/ or backends/, or a top-level
 * file; largest first. This is what to read when a bundle grows.
 */
export function bytesByArea(size: BundleSize): [string, number][] {
  const areas = new Map<string, number>();
  for (const [path, bytes] of size.contributions) {
    const pkg = path.match(/node_modules\/(?:\.deno\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/);
    const parts = path.split("/");
    const area = pkg
      ? `npm:${pkg[1]}`
      : parts.slice(0, parts[0] === "core" || parts[0] === "backends" ? 2 : 1).join("/");
    areas.set(area, (areas.get(area) ?? 0) + bytes);
  }
  return [...areas].sort((a, b) => b[1] - a[1]);
}

/** Kilobytes (1024 bytes) with one decimal. */
export function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

if (import.meta.main) {
  for (const size of await measureBrowserBundles()) {
    console.log(`${size.label}: ${kb(size.minBytes)} KB min, ${kb(size.gzipBytes)} KB min+gz`);
    if (Deno.args.includes("--areas")) {
      for (const [area, bytes] of bytesByArea(size).filter(([, b]) => b >= 1024)) {
        console.log(`  ${kb(bytes).padStart(6)} KB min  ${area}`);
      }
    }
  }
}
