/**
 * The pager's read-ahead policy (core/pager/read_ahead.ts) alone, without I/O: misses in,
 * run lengths out.
 */
import assert from "node:assert/strict";
import { ReadAhead } from "../core/pager/read_ahead.ts";

/** The run lengths of misses at `pgnos`, each read in full, in a database of `pages` pages. */
function runs(policy: ReadAhead, pgnos: number[], pages = 1000): number[] {
  return pgnos.map((pgno) => {
    const n = policy.miss(pgno, pages - pgno + 1);
    policy.read(pgno, n);
    return n;
  });
}

/** The misses of a scan from page `from` reading `count` runs. */
function scan(policy: ReadAhead, from: number, count: number, pages = 1000): number[] {
  const out: number[] = [];
  let pgno = from;
  for (let i = 0; i < count && pgno <= pages; i++) {
    const n = policy.miss(pgno, pages - pgno + 1);
    policy.read(pgno, n);
    out.push(n);
    pgno += n;
  }
  return out;
}

Deno.test("read-ahead: sequential misses double the run up to the limit", () => {
  assert.deepEqual(scan(new ReadAhead(64, true), 1, 10), [1, 2, 4, 8, 16, 32, 64, 64, 64, 64]);
  assert.deepEqual(scan(new ReadAhead(8, true), 1, 6), [1, 2, 4, 8, 8, 8]);
});

Deno.test("read-ahead: a miss that does not follow the last run reads one page", () => {
  const policy = new ReadAhead(64, true);
  assert.deepEqual(scan(policy, 1, 4), [1, 2, 4, 8]);
  // Pages 1..15 were read; 20 does not follow 15, 21 follows 20 (reading 21..22), 30 and
  // 5 follow nothing.
  assert.deepEqual(runs(policy, [20, 21, 30, 5]), [1, 2, 1, 1]);
});

Deno.test("read-ahead: a run stops at the end of the database", () => {
  assert.deepEqual(scan(new ReadAhead(64, true), 1, 10, 20), [1, 2, 4, 8, 5]);
});

Deno.test("read-ahead: off (a WAL with frames) reads one page per miss", () => {
  assert.deepEqual(scan(new ReadAhead(64, false), 1, 5), [1, 1, 1, 1, 1]);
  assert.equal(new ReadAhead(64, false).max, 1);
  assert.equal(new ReadAhead(64, true).max, 64);
});

Deno.test("read-ahead: the policy made afresh after a change (LivePager) turns runs on or off", () => {
  let policy = new ReadAhead(16, true);
  assert.deepEqual(scan(policy, 1, 3), [1, 2, 4]);
  policy = new ReadAhead(policy.limit, false);
  assert.equal(policy.max, 1);
  // Page 8 followed the last run, but the file changed in between.
  assert.deepEqual(runs(policy, [8, 9]), [1, 1]);
  policy = new ReadAhead(policy.limit, true);
  assert.equal(policy.max, 16);
  assert.deepEqual(scan(policy, 10, 4), [1, 2, 4, 8]);
});

Deno.test("read-ahead: a miss whose read threw continues the sequence when asked again", () => {
  const policy = new ReadAhead(64, true);
  assert.deepEqual(scan(policy, 1, 3), [1, 2, 4]);
  // The miss of page 8 asks for 8 pages; its read throws, so read() is never told.
  assert.equal(policy.miss(8, 993), 8);
  // Asked again, page 8 still follows the last run read, and the run doubles again.
  assert.equal(policy.miss(8, 993), 16);
});

Deno.test("read-ahead: a miss just after a cached page continues the run when close", () => {
  const policy = new ReadAhead(64, true);
  assert.deepEqual(scan(policy, 1, 4), [1, 2, 4, 8]);
  // Pages 1..15 were read; 16..18 are cached, so the miss of 19 (after a cached page, 3
  // pages past the run) follows it.
  assert.equal(policy.miss(19, 982, true), 16);
  policy.read(19, 16); // 19..34
  // After an uncached page, however close: not sequential.
  assert.equal(policy.miss(41, 960, false), 1);
  policy.read(41, 1);
  // Without the cache's answer a gap always restarts the run.
  assert.equal(policy.miss(43, 958), 1);
  policy.read(43, 1);
  // A gap longer than the longest run restarts it even after a cached page.
  const far = new ReadAhead(4, true);
  assert.deepEqual(scan(far, 1, 3), [1, 2, 4]); // pages 1..7
  assert.equal(far.miss(13, 988, true), 1);
  const near = new ReadAhead(4, true);
  assert.deepEqual(scan(near, 1, 3), [1, 2, 4]); // pages 1..7
  assert.equal(near.miss(12, 989, true), 4); // 8..11 passed: a run's worth
  // A miss before the last run is never sequential.
  assert.equal(near.miss(3, 998, true), 1);
});
