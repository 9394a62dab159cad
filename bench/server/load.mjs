/**
 * One autocannon load on one endpoint, run with Node (autocannon is a Node package; it
 * lives in examples/server/node_modules):
 *
 *   node bench/server/load.mjs '{"url":"http://127.0.0.1:3000","endpoint":"list",
 *     "connections":50,"seconds":5,"warmupSeconds":1,"rows":5000}'
 *
 * `list` requests `/users?offset=…` over the first ten pages, `point` requests
 * `/users/:id` over ids spread through 1..rows, both in a fixed order. A warm-up load of
 * the same shape runs first and is discarded. Prints one JSON line: requests/s (mean of
 * the per-second counts), p50 and p99 latency in ms, and the count of non-2xx answers and
 * errors (which the caller reports: a failing engine is not a fast one).
 */
import { createRequire } from "node:module";

const require = createRequire(new URL("../../examples/server/package.json", import.meta.url));
const autocannon = require("autocannon");

const spec = JSON.parse(process.argv[2]);

/** The request targets of one endpoint, cycled through by every connection. */
function targets(endpoint, rows) {
  if (endpoint === "list") return Array.from({ length: 10 }, (_, i) => `/users?offset=${i * 200}`);
  // 997 is prime and does not divide rows: the ids step through the table in a scattered order.
  return Array.from({ length: 1000 }, (_, i) => `/users/${1 + (i * 997) % rows}`);
}

function run(seconds) {
  const paths = targets(spec.endpoint, spec.rows);
  let next = 0;
  return autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: seconds,
    requests: [{
      method: "GET",
      setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
    }],
  });
}

if (spec.warmupSeconds > 0) await run(spec.warmupSeconds);
const result = await run(spec.seconds);
console.log(JSON.stringify({
  requestsPerSecond: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  total: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
}));
