/**
 * round(X, N)'s shortcut (core/functions/scalar/numeric.ts `roundWithoutPrinting`) against
 * the printf-and-read-back path it skips (`roundByPrinting`, which the SQLite comparisons
 * in functions_scalar_props_test.ts hold to SQLite): wherever the shortcut answers, it
 * must answer the same double, sign of zero included, over values near halves, exact
 * halves of binary fractions, values just below and above the 2^40 limit, tiny and
 * negative values and random doubles, for every N it takes.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { roundByPrinting, roundWithoutPrinting } from "../core/functions/scalar/numeric.ts";

function check(r: number, n: number): boolean {
  const quick = roundWithoutPrinting(r, n);
  if (quick === undefined) return false;
  assert.ok(Object.is(quick, roundByPrinting(r, n)), `round(${r}, ${n}): ${quick}`);
  return true;
}

const EDGES = [
  0,
  -0,
  0.05,
  0.15,
  0.25,
  0.35,
  1.005,
  2.675,
  1.0049999999999999,
  4.75,
  12.3166666666,
  -2.5,
  -0.0001,
  0.049999999999999996,
  123456.785,
  1e-7,
  5e-16,
  1234567.891011,
  2 ** 40 / 10,
  2 ** 40 / 100 - 0.001,
  2 ** 40 / 1000 + 0.3,
  1 / 3,
  2 / 3,
  -1 / 7,
  99.995,
  99.994999,
  0.5,
  1.5,
  2.5,
  1e12 - 0.5,
  0.1 + 0.2,
];

Deno.test("round shortcut: the printed path's answer on edge values", () => {
  let answered = 0;
  for (const r of EDGES) {
    for (let n = 1; n <= 16; n++) {
      if (check(r, n)) answered++;
      if (check(-r, n)) answered++;
    }
  }
  assert.ok(answered > EDGES.length * 10, `the shortcut answered only ${answered} times`);
});

/** The double `steps` representable values after `x` (before it when negative). */
function ulpsAway(x: number, steps: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigInt64(0) + BigInt(x < 0 ? -steps : steps);
  view.setBigInt64(0, bits);
  return view.getFloat64(0);
}

Deno.test("round shortcut: the printed path's answer next to halves, at every magnitude", () => {
  let answered = 0;
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 2 ** 50 }),
      fc.integer({ min: 1, max: 16 }),
      fc.oneof(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -(2 ** 20), max: 2 ** 20 })),
      fc.boolean(),
      (i, n, steps, negative) => {
        const r = ulpsAway((i + 0.5) / 10 ** n, steps);
        if (check(negative ? -r : r, n)) answered++;
      },
    ),
    { numRuns: 30000 },
  );
  assert.ok(answered > 1000, `the shortcut answered only ${answered} times`);
});

Deno.test("round shortcut: the printed path's answer on random values", () => {
  let answered = 0;
  const value = fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    fc.integer({ min: -1e9, max: 1e9 }).map((i) => i / 1000 + 0.0005),
    fc.tuple(fc.integer({ min: -1e7, max: 1e7 }), fc.integer({ min: 1, max: 8 }))
      .map(([i, k]) => (i + 0.5) / 10 ** k),
  );
  fc.assert(
    fc.property(value, fc.integer({ min: 1, max: 16 }), (r, n) => {
      if (check(r, n)) answered++;
    }),
    { numRuns: 20000 },
  );
  assert.ok(answered > 5000, `the shortcut answered only ${answered} times`);
});
