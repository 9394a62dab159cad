/** Types of all_cases.mjs and harness.mjs. */
export type Case = (
  // deno-lint-ignore no-explicit-any
  database: any,
  path: string,
  write: (sql: string, file?: string) => void,
) => unknown;
/** The cases, by name. */
export declare const cases: Record<string, Case>;
/** A result as JSON both runtimes print alike. */
export declare function normalize(value: unknown): unknown;
