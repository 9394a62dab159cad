// better-sqlite3 comparison cases: live. See harness.mjs for how a case is written.
export const cases = {};
