/**
 * The parsing engine under the statement grammar: an LL(1) parser with embedded actions,
 * written for this grammar instead of a general parser toolkit (chevrotain, which it
 * replaces, was a quarter of the gzipped browser bundle and took tens of milliseconds to
 * analyse the grammar at load).
 *
 * A grammar is a subclass whose rules are built with {@link LL1Parser.RULE} and written
 * with CONSUME / SUBRULE / OPTION / MANY / OR / ACTION. A rule is learnt by
 * running it once in a recording mode (CONSUME and SUBRULE return placeholders, ACTION
 * bodies are skipped, each OPTION and MANY body and OR alternative runs once);
 * its decisions are the FIRST sets computed from that. A decision is computed the first time
 * a parse reaches it, recording the rules its FIRST sets need, so a process that parses
 * `SELECT 1` learns a few decisions rather than the grammar (all of it cost 5–8 ms at
 * start-up). With a grammar check installed (tests), {@link LL1Parser.analyze} learns every
 * rule at once. While parsing:
 *
 * - OPTION and MANY enter their body when its GATE (if any) allows and the
 *   next token can start the body (always, if the body can match nothing);
 * - OR takes the first alternative whose GATE allows and whose FIRST set holds the next
 *   token (or that can match nothing);
 * - a token that no decision accepts fails the parse with a {@link SyntaxFailure} naming
 *   it, which is SQLite's error token because every decision is made on the next token.
 *
 * Decisions are identified as in the DSL: the method and the number passed to it after the
 * block (`this.OPTION(block, 2)`; none for the first of a rule, then 2, 3, ... up to 15), so
 * each number may appear once per method and rule (ll1_check.ts checks it in tests). CONSUME
 * and SUBRULE decide nothing, so they take no number. One method with a number argument,
 * rather than chevrotain's OPTION2, OPTION3, ..., keeps a method per occurrence out of
 * the bundle.
 */
import { TOKEN_KIND_COUNT, TokenKind } from "./token_kinds.ts";

/** A token of the parser's input. */
export interface SqlToken {
  /** Its kind. */
  kind: TokenKind;
  /** Offset of its first character in the SQL text (NaN for the end-of-input token). */
  start: number;
  /** Offset just past its last character (NaN for the end-of-input token). */
  end: number;
}

/**
 * Something CONSUME accepts: one token kind, or a class of kinds (parse.y's `nm`, ...). It
 * has no name (no message shows one): the constant that holds it names it.
 */
export interface TokenType {
  /** `matches[kind] === 1` for each kind it accepts. */
  readonly matches: Uint8Array;
}

const KIND_COUNT = TOKEN_KIND_COUNT;
/** What a block whose body can match nothing is entered on: anything. */
const ALL_KINDS = new Uint8Array(KIND_COUNT).fill(1);

/** A token type accepting `kinds`. */
export function tokenType(kinds: Iterable<TokenKind>): TokenType {
  const matches = new Uint8Array(KIND_COUNT);
  for (const k of kinds) matches[k] = 1;
  return { matches };
}

/** A grammar rule: call it through {@link LL1Parser.SUBRULE} (or directly, to parse). */
export type Rule<A extends unknown[], R> = ((...args: A) => R) & { readonly ruleId: number };

/** The parse failed at `token`: no rule could continue with it. */
export class SyntaxFailure {
  /** The first token that cannot continue the statement (end of input: kind Eof). */
  declare readonly token: SqlToken;

  /** Records the failing token. */
  constructor(token: SqlToken) {
    this.token = token;
  }
}

/** An OPTION / MANY body, with an optional GATE. */
export type Block<T> = (() => T) | { GATE?: () => boolean; DEF: () => T };

/** One OR alternative, with an optional GATE. */
export interface Alternative<T> {
  /** Consulted before the lookahead: false skips the alternative. */
  GATE?: () => boolean;
  /** The alternative's body. */
  ALT: () => T;
}

/** What an OR returns: the result of whichever alternative it took. */
export type AltResult<A extends Alternative<unknown>[]> = ReturnType<A[number]["ALT"]>;

/**
 * The end of input, as LA returns it past the last token; CONSUME returns it while
 * recording too (only actions and gates, which recording skips, look at tokens).
 */
const END_OF_INPUT: SqlToken = Object.freeze({ kind: TokenKind.Eof, start: NaN, end: NaN });
/** What SUBRULE, OPTION and OR return while recording. */
const RECORDING_VALUE = Object.freeze({ recording: true });

/** The DSL method a recorded decision comes from. */
export const enum Dsl {
  Option = 0,
  Many = 1,
  Or = 2,
}

/** A recorded grammar element. */
export type GrammarNode =
  | { t: "token"; type: TokenType }
  | { t: "rule"; rule: number }
  | { t: "block"; key: number; body: GrammarNode[] }
  | { t: "or"; key: number; alts: GrammarNode[][]; gated: boolean };

/** FIRST set and nullability of a piece of grammar. */
interface First {
  set: Uint8Array;
  nullable: boolean;
}

/** How an OR decides. */
interface OrDecision {
  /** Without gates: the alternative to take for each token kind (-1: none). */
  byKind: Int8Array;
  /** With gates: each alternative's FIRST set and nullability, tried in order. */
  alts: First[];
  gated: boolean;
}

/** What a block decides on: the kinds that enter it (all of them when its body is nullable). */
type BlockDecision = Uint8Array;

/**
 * Decision tables of one rule, indexed by `dsl * 16 + n` (n: the DSL call's number); a
 * decision is made the first time it is reached.
 */
type RuleTable = (BlockDecision | OrDecision | undefined)[];

/** A rule's OPTION / MANY and OR nodes, by key. */
type Decisions = Extract<GrammarNode, { t: "block" | "or" }>[];

/**
 * Looks for the mistakes a grammar's author can make in a recorded grammar (rules by id):
 * a decision number used twice in a rule, left recursion; throws an Error naming the rule.
 * A rule is named after the property of `parser` that holds it.
 */
export type GrammarCheck = (
  grammar: readonly GrammarNode[][],
  parser: LL1Parser,
) => void;

/** Installed by core/sql/ll1_check.ts, which tests import: bundles carry no check. */
let grammarCheck: GrammarCheck | null = null;

/** Makes {@link LL1Parser.analyze} run `check` on every grammar it records from now on. */
export function installGrammarCheck(check: GrammarCheck): void {
  grammarCheck = check;
}

/**
 * Base class of a grammar: the DSL, the recording pass and the LL(1) decisions.
 *
 * @example
 * ```ts
 * import { LL1Parser, type Rule, tokenType } from "./ll1.ts";
 * import { TokenKind } from "./token_kinds.ts";
 * const INT = tokenType([TokenKind.Integer]);
 * const COMMA = tokenType([TokenKind.Comma]);
 * class IntList extends LL1Parser {
 *   list: Rule<[], number> = this.RULE(() => {
 *     let n = 1;
 *     this.CONSUME(INT);
 *     this.MANY(() => {
 *       this.CONSUME(COMMA);
 *       this.CONSUME(INT);
 *       n++;
 *     });
 *     return n;
 *   });
 *   constructor() {
 *     super();
 *     this.analyze();
 *   }
 * }
 * const p = new IntList();
 * p.input = [
 *   { kind: TokenKind.Integer, start: 0, end: 1 },
 *   { kind: TokenKind.Comma, start: 1, end: 2 },
 *   { kind: TokenKind.Integer, start: 2, end: 3 },
 * ];
 * console.log(p.list()); // 2
 * ```
 */
export abstract class LL1Parser {
  #input: SqlToken[] = [];
  #pos = 0;
  #recording = false;
  /** Rule ids of the rules being parsed, innermost last. */
  #stack: number[] = [];
  #sp = -1;
  /** The decision table of the innermost rule. */
  #table: RuleTable = [];
  #tables: RuleTable[] = [];
  #impls: ((...args: never[]) => unknown)[] = [];
  /** While recording: the sequence the next element is appended to. */
  #recordingInto: GrammarNode[] = [];

  /** Sets the tokens to parse and resets the position. */
  set input(tokens: SqlToken[]) {
    this.#input = tokens;
    this.#pos = 0;
    this.#sp = -1;
  }

  /** True while {@link LL1Parser.analyze} records the grammar (actions must not run). */
  get recording(): boolean {
    return this.#recording;
  }

  /**
   * Defines a rule. Call it from field initializers; call {@link LL1Parser.analyze} once
   * every rule exists. Messages about the grammar (see {@link installGrammarCheck}) name
   * the rule after the property it is assigned to.
   */
  protected RULE<A extends unknown[], R>(impl: (...args: A) => R): Rule<A, R> {
    const id = this.#impls.length;
    this.#impls.push(impl as (...args: never[]) => unknown);
    const rule = function (this: LL1Parser, ...args: A): R {
      this.#stack[++this.#sp] = id;
      this.#table = this.#tables[id] ??= [];
      const result = impl.apply(this, args);
      this.#table = this.#tables[this.#stack[--this.#sp]];
      return result;
    };
    return Object.assign(rule, { ruleId: id });
  }

  /**
   * Call once after all RULE calls. Rules are learnt as they are first entered; with a
   * grammar check installed, every rule is learnt and checked now.
   */
  protected analyze(): void {
    if (!grammarCheck) return;
    const grammar = this.#impls.map((_, id) => this.#sequence(id));
    grammarCheck(grammar, this);
    // Every decision now: tests compare them with those learnt on demand (ll1_test).
    grammar.forEach((_, id) => {
      const table = this.#tables[id] ??= [];
      for (const key in this.#decisionsOf(id)) table[key] ??= this.#decision(id, +key);
    });
  }

  /** Decision `key` of the innermost rule, made now (the first time it is reached). */
  #decide(key: number): BlockDecision | OrDecision {
    return this.#table[key] = this.#decision(this.#stack[this.#sp], key);
  }

  // What has been learnt of the grammar: rules recorded on demand, FIRST sets, decisions.
  readonly #grammar: (GrammarNode[] | undefined)[] = [];
  readonly #ofRule: (First | undefined)[] = [];
  readonly #decisions: Decisions[] = [];

  /**
   * Rule `id` as recorded, recording it the first time (possibly in the middle of a parse,
   * which recording leaves alone).
   */
  #sequence(id: number): GrammarNode[] {
    let recorded = this.#grammar[id];
    if (!recorded) {
      const was = this.#recording;
      this.#recording = true;
      try {
        recorded = this.#grammar[id] = this.#record(this.#impls[id] as () => unknown);
      } finally {
        this.#recording = was;
      }
    }
    return recorded;
  }

  /** Decision `key` of rule `id`, keyed like the DSL call that makes it. */
  #decision(id: number, key: number): BlockDecision | OrDecision {
    const node = this.#decisionsOf(id)[key];
    if (node.t === "block") {
      const first = this.#ofSequence(node.body);
      return first.nullable ? ALL_KINDS : first.set;
    }
    const alts = node.alts.map((alt) => this.#ofSequence(alt));
    const byKind = new Int8Array(KIND_COUNT);
    for (let kind = 0; kind < KIND_COUNT; kind++) {
      byKind[kind] = alts.findIndex((a) => a.nullable || a.set[kind] === 1);
    }
    return { byKind, alts, gated: node.gated };
  }

  /** Rule `id`'s decision nodes by key. */
  #decisionsOf(id: number): Decisions {
    let found = this.#decisions[id];
    if (!found) {
      const into: Decisions = found = this.#decisions[id] = [];
      const collect = (sequence: GrammarNode[]): void => {
        for (const node of sequence) {
          if (node.t === "token" || node.t === "rule") continue;
          into[node.key] = node;
          if (node.t === "block") collect(node.body);
          else node.alts.forEach(collect);
        }
      };
      collect(this.#sequence(id));
    }
    return found;
  }

  #ofSequence(sequence: GrammarNode[]): First {
    const set = new Uint8Array(KIND_COUNT);
    for (const node of sequence) {
      const first = this.#ofNode(node);
      for (let k = 0; k < KIND_COUNT; k++) set[k] |= first.set[k];
      if (!first.nullable) return { set, nullable: false };
    }
    return { set, nullable: true };
  }

  #ofNode(node: GrammarNode): First {
    switch (node.t) {
      case "token":
        return { set: node.type.matches, nullable: false };
      case "rule":
        return (this.#ofRule[node.rule] ??= this.#ofSequence(this.#sequence(node.rule)));
      case "block": {
        const body = this.#ofSequence(node.body);
        return { set: body.set, nullable: true };
      }
      default: {
        node satisfies { t: "or" };
        const set = new Uint8Array(KIND_COUNT);
        let nullable = false;
        for (const alt of node.alts) {
          const first = this.#ofSequence(alt);
          for (let k = 0; k < KIND_COUNT; k++) set[k] |= first.set[k];
          nullable ||= first.nullable;
        }
        return { set, nullable };
      }
    }
  }

  /**
   * The token `i` places ahead (1: the next one; 0: the last consumed). While recording,
   * whatever it returns is dropped with the rest of the recording pass's values.
   */
  LA(i: number): SqlToken {
    const at = this.#pos + i - 1;
    return at >= 0 && at < this.#input.length ? this.#input[at] : END_OF_INPUT;
  }

  /** Consumes the next token, which must be of `type`. */
  CONSUME(type: TokenType): SqlToken {
    if (this.#recording) {
      this.#recordingInto.push({ t: "token", type });
      return END_OF_INPUT;
    }
    const pos = this.#pos;
    const token = pos < this.#input.length ? this.#input[pos] : END_OF_INPUT;
    if (type.matches[token.kind] !== 1) throw new SyntaxFailure(token);
    this.#pos = pos + 1;
    return token;
  }

  /** Parses `rule` (with `options.ARGS`) here. */
  SUBRULE<A extends unknown[], R>(rule: Rule<A, R>, options?: { ARGS: A }): R {
    if (this.#recording) {
      this.#recordingInto.push({ t: "rule", rule: rule.ruleId });
      return RECORDING_VALUE as R;
    }
    // apply with no argument list (undefined) calls with none.
    return rule.apply(this, options?.ARGS as A);
  }

  /** Runs `action` when parsing (skipped while recording). */
  ACTION<T>(action: () => T): T {
    return this.#recording ? undefined as T : action.call(this);
  }

  /**
   * Optional `block`: its result, or undefined when it is skipped. `n` tells the rule's
   * OPTIONs apart: none (0) for the first, then 2, 3, ...
   */
  OPTION<T>(block: Block<T>, n = 0): T | undefined {
    return this.#block(Dsl.Option, n, block);
  }

  /**
   * `block` repeated while the next token can start it; `n` as for OPTION. A body wanted
   * at least once is called once, then given to MANY.
   */
  MANY(block: Block<unknown>, n = 0): void {
    this.#block(Dsl.Many, n, block);
  }

  /** The first alternative that can start with the next token; `n` as for OPTION. */
  OR<A extends Alternative<unknown>[]>(alts: A, n = 0): AltResult<A> {
    const key = Dsl.Or * 16 + n;
    if (this.#recording) {
      this.#recordingInto.push({
        t: "or",
        key,
        alts: alts.map((a) => this.#record(a.ALT)),
        gated: alts.some((a) => !!a.GATE),
      });
      return RECORDING_VALUE as AltResult<A>;
    }
    const decision = (this.#table[key] ?? this.#decide(key)) as OrDecision;
    const kind = this.LA(1).kind;
    let chosen = -1;
    if (!decision.gated) chosen = decision.byKind[kind];
    else {
      for (let i = 0; i < alts.length; i++) {
        const gate = alts[i].GATE;
        if (gate && !gate.call(this)) continue;
        const first = decision.alts[i];
        if (first.nullable || first.set[kind] === 1) {
          chosen = i;
          break;
        }
      }
    }
    if (chosen < 0) throw new SyntaxFailure(this.LA(1));
    return alts[chosen].ALT.call(this) as AltResult<A>;
  }

  /** While recording: what `body` records, in a sequence of its own. */
  #record(body: () => unknown): GrammarNode[] {
    const into = this.#recordingInto;
    const recorded: GrammarNode[] = (this.#recordingInto = []);
    body.call(this);
    this.#recordingInto = into;
    return recorded;
  }

  /** True when `block` is to be entered (gate, then lookahead). */
  #enters(key: number, gate: (() => boolean) | undefined): boolean {
    if (gate && !gate.call(this)) return false;
    const accept = (this.#table[key] ?? this.#decide(key)) as BlockDecision;
    return accept[this.LA(1).kind] === 1;
  }

  /**
   * OPTION (its body's result, or undefined when skipped) and MANY (its callers ignore
   * what this returns).
   */
  #block<T>(dsl: Dsl, idx: number, block: Block<T>): T | undefined {
    const key = dsl * 16 + idx;
    const def = typeof block === "function" ? block : block.DEF;
    if (this.#recording) {
      this.#recordingInto.push({ t: "block", key, body: this.#record(def) });
      return RECORDING_VALUE as T;
    }
    const gate = typeof block === "function" ? undefined : block.GATE;
    if (dsl === Dsl.Option) return this.#enters(key, gate) ? def.call(this) : undefined;
    while (this.#enters(key, gate)) {
      const before = this.#pos;
      def.call(this);
      if (this.#pos === before) break; // a body that consumed nothing would loop forever
    }
  }
}
