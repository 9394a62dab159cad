/**
 * Bundles the CLI into one minified file (`deno task build:cli`): dist/cli/process_main.js,
 * which cli.ts runs instead of the checkout's hundreds of modules while the sources it was
 * built from are unchanged (dist/cli/inputs.json lists them with their modification times).
 * One file loads in a fraction of the time: Deno caches its compiled code as one unit.
 * scripts/build_npm.ts makes the npm package's `litejit` bin the same way.
 *
 * @module
 */
import * as esbuild from "esbuild";

const ROOT = new URL("../", import.meta.url);

/** Where the checkout's bundle and its list of inputs go. */
export const CLI_BUNDLE_DIR = "dist/cli/";

/** What cli.ts reads to decide whether the bundle is the sources' current state. */
export interface CliBundleInputs {
  /** The sources bundled, relative to the repository root, with their mtimes in ms. */
  inputs: [string, number][];
}

/**
 * Bundles `entry` (relative to the repository root) into `outFile`, minified, with no
 * import but node:* modules. Returns the sources it read, relative to the root.
 */
export async function bundleOneFile(entry: string, outFile: string): Promise<string[]> {
  try {
    const result = await esbuild.build({
      entryPoints: [new URL(entry, ROOT).pathname],
      outfile: outFile,
      bundle: true,
      format: "esm",
      platform: "neutral",
      target: "es2022",
      external: ["node:*"],
      minify: true,
      metafile: true,
      logLevel: "warning",
    });
    return Object.keys(result.metafile!.inputs);
  } finally {
    await esbuild.stop();
  }
}

/** Builds dist/cli/: the bundle of cli/process_main.ts and inputs.json. */
export async function buildCli(): Promise<void> {
  const dir = new URL(CLI_BUNDLE_DIR, ROOT).pathname;
  await Deno.mkdir(dir, { recursive: true });
  const root = new URL(ROOT).pathname;
  // esbuild names inputs relative to the working directory.
  const cwd = Deno.cwd() + "/";
  const inputs = (await bundleOneFile("cli/process_main.ts", `${dir}process_main.js`))
    .map((p) => (cwd + p).replace(root, ""))
    .map((p): [string, number] => [p, Deno.statSync(root + p).mtime!.getTime()]);
  const list: CliBundleInputs = { inputs };
  await Deno.writeTextFile(`${dir}inputs.json`, JSON.stringify(list));
}

if (import.meta.main) {
  await buildCli();
  console.log(`build:cli: ${CLI_BUNDLE_DIR}process_main.js`);
}
