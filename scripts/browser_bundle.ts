/**
 * One esbuild bundle of a page script for browsers (ESM, es2022), as the web example and
 * the sql.js-httpvfs comparison serve them.
 *
 * @module
 */
import * as esbuild from "esbuild";

/** Bundles the module at `entryPath` (a file path) and returns the script's text. */
export async function bundleForBrowser(entryPath: string): Promise<string> {
  try {
    const result = await esbuild.build({
      entryPoints: [entryPath],
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      write: false,
      logLevel: "warning",
    });
    return result.outputFiles[0].text;
  } finally {
    // esbuild keeps a service child process alive until stopped; tests would see it leak.
    await esbuild.stop();
  }
}
