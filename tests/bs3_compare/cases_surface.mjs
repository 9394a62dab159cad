// better-sqlite3 comparison cases: surface. See harness.mjs for how a case is written.
export const cases = {};
