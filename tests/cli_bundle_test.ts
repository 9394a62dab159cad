/**
 * The CLI's bundle (scripts/build_cli.ts, `deno task build:cli`): cli.ts runs it while every
 * source it was built from has the modification time it had, and the sources otherwise;
 * both print the same.
 */
import assert from "node:assert/strict";
import { currentBundle } from "../cli.ts";
import { buildCli } from "../scripts/build_cli.ts";

const ROOT = new URL("../", import.meta.url);

Deno.test("cli bundle: used while its inputs keep their times, not once one changed", () => {
  const root = new URL(`file://${Deno.makeTempDirSync({ prefix: "litejit_clib_" })}/`);
  try {
    Deno.mkdirSync(new URL("dist/cli/", root), { recursive: true });
    Deno.mkdirSync(new URL("core/", root));
    const source = new URL("core/a.ts", root);
    Deno.writeTextFileSync(source, "export {};");
    const write = (inputs: [string, number][]) =>
      Deno.writeTextFileSync(new URL("dist/cli/inputs.json", root), JSON.stringify({ inputs }));
    assert.equal(currentBundle(root), null, "not built");
    const mtime = Deno.statSync(source).mtime!.getTime();
    write([["core/a.ts", mtime]]);
    assert.equal(currentBundle(root), new URL("dist/cli/process_main.js", root).href);
    Deno.utimeSync(source, new Date(mtime + 5000), new Date(mtime + 5000));
    assert.equal(currentBundle(root), null, "a source changed since");
    write([["core/a.ts", mtime + 5000], ["core/gone.ts", mtime]]);
    assert.equal(currentBundle(root), null, "a source is gone");
  } finally {
    Deno.removeSync(new URL(root).pathname, { recursive: true });
  }
});

Deno.test("cli bundle: built, it is what cli.ts runs, and it prints what the sources print", async () => {
  await buildCli();
  assert.ok(currentBundle(ROOT) !== null, "the bundle just built is current");
  const run = async (args: string[]) => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", ...args],
      cwd: ROOT.pathname,
      stdout: "piped",
      stderr: "piped",
    }).output();
    return [out.code, new TextDecoder().decode(out.stdout), new TextDecoder().decode(out.stderr)];
  };
  const sql = "SELECT name, count(*) AS n FROM cities GROUP BY name ORDER BY n DESC, name LIMIT 3";
  const bundled = await run(["cli.ts", "examples/sample.db", sql]);
  const sources = await run(["cli/bin.ts", "examples/sample.db", sql]);
  assert.equal(bundled[0], 0, String(bundled[2]));
  assert.deepEqual(bundled, sources);
  assert.match(String(bundled[1]), /name/);
  const failed = await run(["cli.ts", "examples/sample.db", "SELECT nosuch"]);
  assert.equal(failed[0], 1);
  assert.match(String(failed[2]), /no such column: nosuch/);
});
