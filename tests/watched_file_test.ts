/**
 * The small files beside a database that live reads watch (`-shm`, `-journal`,
 * core/io/watched_file.ts): each read returns what the name holds now, whether the file was
 * rewritten in place, deleted, created again, or replaced by a rename, as SQLite's writers do
 * to them between two statements.
 */
import assert from "node:assert/strict";
import { WatchedFile } from "../core/io/watched_file.ts";

const decoder = new TextDecoder();

/** What a read of `watched` gives, as text. */
function readText(watched: WatchedFile): string {
  const into = new Uint8Array(16);
  return decoder.decode(into.subarray(0, watched.read(into)));
}

Deno.test("a watched file reads what its name holds after each way a writer changes it", () => {
  const dir = Deno.makeTempDirSync({ prefix: "litejit_watched_" });
  const path = `${dir}/db-shm`;
  const watched = new WatchedFile(path);
  try {
    assert.equal(readText(watched), "", "no file yet");
    Deno.writeTextFileSync(path, "first");
    assert.equal(readText(watched), "first");
    // Rewritten in place (the same file, held open).
    Deno.writeTextFileSync(path, "second");
    assert.equal(readText(watched), "second");
    // Deleted, then created again by a new writer: the held file is no longer linked.
    Deno.removeSync(path);
    assert.equal(readText(watched), "", "deleted");
    Deno.writeTextFileSync(path, "third");
    assert.equal(readText(watched), "third");
    Deno.removeSync(path);
    Deno.writeTextFileSync(path, "fourth");
    assert.equal(readText(watched), "fourth", "deleted and created again between two reads");
    // Another file renamed over the name.
    Deno.writeTextFileSync(`${dir}/other`, "fifth");
    Deno.renameSync(`${dir}/other`, path);
    assert.equal(readText(watched), "fifth", "renamed over");
    assert.ok(watched.exists());
  } finally {
    watched.close();
    Deno.removeSync(dir, { recursive: true });
  }
});
