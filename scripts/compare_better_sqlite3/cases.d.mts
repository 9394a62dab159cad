/** Types of cases.mjs. */
// deno-lint-ignore no-explicit-any
export type Case = (database: any, path: string) => unknown;
/** The cases, by name. */
export declare const cases: Record<string, Case>;
/** A result as JSON both runtimes print alike. */
export declare function normalize(value: unknown): unknown;
