// better-sqlite3 comparison cases: runtime. See harness.mjs for how a case is written.
export const cases = {};
