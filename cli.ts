/**
 * litejit's command line: runs read-only SQL on a SQLite file and prints the results like
 * the sqlite3 shell.
 *
 *   npx -y deno task cli examples/sample.db "SELECT name FROM cities LIMIT 3"
 *   npx -y deno task cli examples/sample.db          # interactive prompt
 *
 * The implementation is in cli/ (`runCli` in cli/main.ts). In a checkout, `deno task
 * build:cli` bundles it into one file (scripts/build_cli.ts), which this runs while the
 * sources it was built from are unchanged: it starts several times faster.
 *
 * @module
 */

/** `runCliProcess` from the checkout's bundle when it is current, else from the sources. */
async function cliMain(): Promise<(program: string) => Promise<void>> {
  // A specifier in a variable: Deno loads a literal one's whole module graph before starting
  // (85 ms here), even when the bundle is what runs.
  const module = currentBundle(new URL("./", import.meta.url)) ?? "./cli/process_main.ts";
  return (await import(module)).runCliProcess;
}

/**
 * The URL of `dist/cli/process_main.js` under the checkout `root` if it was built from the
 * sources as they are now (each listed in `dist/cli/inputs.json` with the modification
 * time it had), else null.
 */
export function currentBundle(root: URL): string | null {
  if (root.protocol !== "file:") return null;
  try {
    const base = decodeURIComponent(root.pathname).replace(/^\/([A-Za-z]:)/, "$1");
    const list = JSON.parse(Deno.readTextFileSync(`${base}dist/cli/inputs.json`));
    for (const [path, mtime] of list.inputs as [string, number][]) {
      if (Deno.statSync(base + path).mtime?.getTime() !== mtime) return null;
    }
    return new URL("dist/cli/process_main.js", root).href;
  } catch {
    return null; // not built, or a source is gone
  }
}

if (import.meta.main) await (await cliMain())("deno task cli");
