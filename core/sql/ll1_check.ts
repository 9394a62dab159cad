/**
 * The checks of a recorded LL(1) grammar (core/sql/ll1.ts) that only its author needs:
 * each decision number used once per rule, and no left recursion. Importing this module
 * installs them; the tests do, so the SQL grammar is checked while bundles carry neither
 * the checks nor their messages.
 */
import { type GrammarNode, installGrammarCheck, type LL1Parser } from "./ll1.ts";

const DSL_NAMES = ["OPTION", "MANY", "OR"];

/** Throws an Error naming the first rule with a mistake. */
export function checkGrammar(
  grammar: readonly GrammarNode[][],
  parser: LL1Parser,
): void {
  // A rule's name: the property holding it.
  const fields = parser as unknown as Record<string, { ruleId?: number } | null | undefined>;
  const nameOf = (id: number) => Object.keys(fields).find((k) => fields[k]?.ruleId === id);
  grammar.forEach((rule, id) => {
    const seen = new Set<number>();
    for (const node of decisions(rule)) {
      if (seen.has(node.key)) {
        const n = node.key & 15;
        const name = `${DSL_NAMES[node.key >> 4]}${n ? ` number ${n}` : ""}`;
        throw new Error(`recording rule ${nameOf(id)}: ${name} is used twice in this rule`);
      }
      seen.add(node.key);
    }
  });
  const nullable = nullableRules(grammar);
  const state: ("pending" | "done" | undefined)[] = [];
  const visit = (id: number): void => {
    if (state[id] === "pending") throw new Error(`rule ${nameOf(id)} is left-recursive`);
    if (state[id] === "done") return;
    state[id] = "pending";
    for (const next of leadingRules(grammar[id], nullable)) visit(next);
    state[id] = "done";
  };
  grammar.forEach((_, id) => visit(id));
}

/** Every OPTION, MANY and OR node of `sequence`, nested ones included. */
function* decisions(sequence: readonly GrammarNode[]): Generator<GrammarNode & { key: number }> {
  for (const node of sequence) {
    if (node.t === "block") {
      yield node;
      yield* decisions(node.body);
    } else if (node.t === "or") {
      yield node;
      for (const alt of node.alts) yield* decisions(alt);
    }
  }
}

/** Which rules can match nothing (by rule id), to a fixed point. */
function nullableRules(grammar: readonly GrammarNode[][]): boolean[] {
  const nullable = grammar.map(() => false);
  for (let changed = true; changed;) {
    changed = false;
    grammar.forEach((rule, id) => {
      if (!nullable[id] && canBeEmpty(rule, nullable)) nullable[id] = changed = true;
    });
  }
  return nullable;
}

/** True when `sequence` can match nothing, given the rules known to be `nullable`. */
function canBeEmpty(sequence: readonly GrammarNode[], nullable: readonly boolean[]): boolean {
  return sequence.every((node) => {
    switch (node.t) {
      case "token":
        return false;
      case "rule":
        return nullable[node.rule];
      case "block":
        return true; // OPTION and MANY may be skipped
      case "or":
        return node.alts.some((alt) => canBeEmpty(alt, nullable));
    }
  });
}

/** The rules `sequence` can start with: those up to its first part that cannot be empty. */
function leadingRules(sequence: readonly GrammarNode[], nullable: readonly boolean[]): number[] {
  const rules: number[] = [];
  for (const node of sequence) {
    if (node.t === "rule") rules.push(node.rule);
    else if (node.t === "block") rules.push(...leadingRules(node.body, nullable));
    else if (node.t === "or") {
      for (const alt of node.alts) rules.push(...leadingRules(alt, nullable));
    }
    if (!canBeEmpty([node], nullable)) break;
  }
  return rules;
}

installGrammarCheck(checkGrammar);
