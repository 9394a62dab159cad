/**
 * LIKE and GLOB matching (SQLite's patternCompare), and the like() / glob() functions.
 *
 * - LIKE: `%` any run of characters, `_` one character, an optional escape character
 *   that makes the next pattern character literal. Case is ignored for the 26 ASCII
 *   letters only.
 * - GLOB: `*`, `?`, and `[...]` sets (`[^...]` inverts, `a-z` ranges, a `]` right after
 *   `[` or `[^` is literal, a `-` first or last is literal). Case matters.
 * Pattern and text are read as C strings (they end at a NUL) and compared by code point;
 * a character holding invalid UTF-8 compares as the value SQLite reads for it
 * (`sqliteCharValues`: U+FFFD for a bad sequence).
 */
import { sqlError } from "../../errors.ts";
import { lowerAsciiCode } from "../../value/ascii_case.ts";
import { sqliteCharValues } from "../../format/text.ts";
import type { FunctionContext } from "../context.ts";
import { type Reg, setInt, setNull } from "../../value/reg.ts";
import { StorageClass, type TextEncoding } from "../../value/types.ts";
import { charCount, cText, textOf, utf8Length } from "./coerce.ts";

/** SQLITE_LIMIT_LIKE_PATTERN_LENGTH's default: longer patterns are an error. */
export const LIKE_PATTERN_LIMIT = 50000;

/** compare's results (a const enum, so the bundle holds the numbers). */
const enum Result {
  MATCH = 0,
  NO_MATCH = 1,
  NO_WILDCARD_MATCH = 2,
}

/** Wildcards of one matching flavour; -1 disables one. */
interface Wildcards {
  all: number;
  one: number;
  /** `[` for GLOB, -1 for LIKE. */
  set: number;
  noCase: boolean;
}

const GLOB: Wildcards = { all: 0x2a, one: 0x3f, set: 0x5b, noCase: false };
const LIKE: Wildcards = { all: 0x25, one: 0x5f, set: -1, noCase: true };

function upperAscii(c: number): number {
  return c >= 0x61 && c <= 0x7a ? c - 0x20 : c;
}

/** Shared cursor positions: `pos[0]` in the pattern, `pos[1]` in the text. */
function read(s: string, at: number): number {
  return at < s.length ? (s.codePointAt(at) as number) : 0;
}

function width(c: number): number {
  return c > 0xffff ? 2 : 1;
}

/**
 * Matches text `s` from `si` against pattern `p` from `pi`. `other` is the escape
 * character (LIKE) or `[` (GLOB), -1 for none.
 */
function compare(
  p: string,
  pi: number,
  s: string,
  si: number,
  w: Wildcards,
  other: number,
): number {
  let escapedAt = -1;
  for (;;) {
    let c = read(p, pi);
    if (c === 0) break;
    pi += width(c);
    if (c === w.all) {
      // Skip further `*` and `?` (each `?` consuming one character of the text).
      for (;;) {
        c = read(p, pi);
        if (c === 0) return Result.MATCH;
        if (c !== w.all && c !== w.one) break;
        pi += width(c);
        if (c === w.one) {
          const c2 = read(s, si);
          if (c2 === 0) return Result.NO_WILDCARD_MATCH;
          si += width(c2);
        }
      }
      pi += width(c);
      if (c === other) {
        if (w.set < 0) {
          c = read(p, pi);
          if (c === 0) return Result.NO_WILDCARD_MATCH;
          pi += width(c);
        } else {
          // A set right after `*`: try every starting position.
          const setAt = pi - 1;
          while (si < s.length) {
            const r = compare(p, setAt, s, si, w, other);
            if (r !== Result.NO_MATCH) return r;
            si += width(read(s, si));
          }
          return Result.NO_WILDCARD_MATCH;
        }
      }
      // Only ASCII letters fold. Stepping by code points visits every place an ASCII `c`
      // can be (no half of a surrogate pair is ASCII).
      const a = w.noCase ? upperAscii(c) : c;
      const b = w.noCase ? lowerAsciiCode(c) : c;
      while (si < s.length) {
        const c2 = s.codePointAt(si) as number;
        si += width(c2);
        if (c2 !== a && c2 !== b) continue;
        const r = compare(p, pi, s, si, w, other);
        if (r !== Result.NO_MATCH) return r;
      }
      return Result.NO_WILDCARD_MATCH;
    }
    if (c === other) {
      if (w.set < 0) {
        c = read(p, pi);
        if (c === 0) return Result.NO_MATCH;
        pi += width(c);
        escapedAt = pi;
      } else {
        const r = matchSet(p, pi, s, si);
        if (r < 0) return Result.NO_MATCH;
        pi = r;
        si += width(read(s, si));
        continue;
      }
    }
    const c2 = read(s, si);
    if (c2 !== 0) si += width(c2);
    if (c === c2) continue;
    if (w.noCase && lowerAsciiCode(c) === lowerAsciiCode(c2)) continue; // folds A-Z only
    if (c === w.one && pi !== escapedAt && c2 !== 0) continue;
    return Result.NO_MATCH;
  }
  return si >= s.length ? Result.MATCH : Result.NO_MATCH;
}

/**
 * Matches the next text character against the set starting after `[` at `pi`; returns
 * the pattern position after the closing `]`, or -1 for no match.
 */
function matchSet(p: string, pi: number, s: string, si: number): number {
  const c = read(s, si);
  if (c === 0) return -1;
  let prior = 0;
  let seen = false;
  let invert = false;
  let c2 = read(p, pi);
  pi += width(c2);
  if (c2 === 0x5e) {
    invert = true;
    c2 = read(p, pi);
    pi += width(c2);
  }
  if (c2 === 0x5d) {
    if (c === 0x5d) seen = true;
    c2 = read(p, pi);
    pi += width(c2);
  }
  while (c2 !== 0 && c2 !== 0x5d) {
    const next = read(p, pi);
    if (c2 === 0x2d && next !== 0x5d && next !== 0 && prior > 0) {
      c2 = next;
      pi += width(c2);
      if (c >= prior && c <= c2) seen = true;
      prior = 0;
    } else {
      if (c === c2) seen = true;
      prior = c2;
    }
    c2 = read(p, pi);
    pi += width(c2);
  }
  if (c2 === 0 || seen === invert) return -1;
  return pi;
}

/**
 * A LIKE pattern (already cut at a NUL) that is an ASCII literal (no NUL, `%` or `_`) with
 * `%` at neither, one or both ends: the literal, and whether the text must start or end
 * with it. Null for any other pattern.
 */
export interface LiteralLike {
  literal: string;
  anchoredStart: boolean;
  anchoredEnd: boolean;
}

/** The {@link LiteralLike} shape of `pattern` (cut at a NUL), or null. */
export function literalLike(pattern: string): LiteralLike | null {
  let from = 0, to = pattern.length;
  while (from < to && pattern.charCodeAt(from) === 0x25) from++;
  while (to > from && pattern.charCodeAt(to - 1) === 0x25) to--;
  const literal = pattern.slice(from, to);
  // ASCII without NUL, `%` or `_`.
  for (let i = 0; i < literal.length; i++) {
    const c = literal.charCodeAt(i);
    if (c === 0 || c === 0x25 || c === 0x5f || c >= 0x80) return null;
  }
  return { literal, anchoredStart: from === 0, anchoredEnd: to === pattern.length };
}

/** The last pattern looked at, and its search (a statement asks about one pattern per row). */
let lastPattern = "";
let lastSearch: RegExp | null = null;

/**
 * A regular expression that finds a {@link literalLike} pattern, anchored where the pattern
 * has no `%`. Its `i` flag without `u` folds exactly the ASCII letters here: the literal is
 * ASCII, and ECMAScript's non-Unicode case folding never maps a character above U+007F to
 * one below it (so `ſ`, `ı` or the Kelvin sign match no ASCII letter).
 */
function literalSearch(pattern: string): RegExp | null {
  if (pattern === lastPattern) return lastSearch;
  const shape = literalLike(pattern);
  lastPattern = pattern;
  // A long literal would make a regular expression too large for V8: the general matcher.
  return lastSearch = shape && shape.literal.length <= 4096
    ? new RegExp(
      (shape.anchoredStart ? "^" : "") + shape.literal.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&") +
        (shape.anchoredEnd ? "$" : ""),
      "i",
    )
    : null;
}

/** Texts longer than this (in bytes) are searched by indexOf in {@link likeLiteralBytes}. */
const LONG_TEXT = 256;

/** A {@link literalLike} pattern made ready for {@link likeLiteralBytes}. */
export interface LiteralLikeBytes {
  /** The literal's bytes, letters lowered. */
  lowered: Uint8Array;
  anchoredStart: boolean;
  anchoredEnd: boolean;
}

/** `shape` ready for {@link likeLiteralBytes}. */
export function literalLikeBytes(shape: LiteralLike): LiteralLikeBytes {
  const lowered = Uint8Array.from(shape.literal, (ch) => lowerAsciiCode(ch.charCodeAt(0)));
  return { lowered, anchoredStart: shape.anchoredStart, anchoredEnd: shape.anchoredEnd };
}

/**
 * Whether the UTF-8 text `d[o, o + n)` matches the literal pattern `m`, on the bytes: the
 * text ends at its first NUL (SQLite reads it as a C string); an ASCII byte is always one
 * whole character of SQLite's reading (a multi-byte sequence, well-formed or not, never
 * takes an ASCII byte along) and only ASCII letters fold, so the literal's characters
 * match exactly where its bytes do. The same answer as {@link likeMatch} on the decoded
 * text (tests/like_literal_test.ts).
 */
export function likeLiteralBytes(
  d: Uint8Array,
  o: number,
  n: number,
  m: LiteralLikeBytes,
): boolean {
  const lit = m.lowered, k = lit.length, start = m.anchoredStart, end = m.anchoredEnd;
  let stop = o + n;
  // A long text with the literal anywhere is searched by indexOf (native, many times faster
  // than a loop in JS over kilobytes, slower over a few bytes), its NUL looked for after.
  const long = n > LONG_TEXT && k > 0 && !start && !end;
  // Only a pattern anchored at the end needs the text's end (an empty literal always is):
  // a NUL among the bytes of a prefix fails the comparison by itself, and the candidates
  // of a literal anywhere stop at the first NUL (below).
  if (end) {
    let z = o;
    while (z < stop && d[z] !== 0) z++;
    stop = z;
  }
  if (stop - o < k || (start && end && stop - o !== k)) return false;
  // Where the literal may start: at the text's start, just before its end, or anywhere.
  const from = start || !end ? o : stop - k, to = start ? o : stop - k;
  // Candidates: where the literal's first byte is, in either case (a letter's upper case
  // is its lowered byte - 0x20); the rest is compared folded there.
  const first = lit[0], upper = upperAscii(first);
  // A long text jumps to its next candidate: the lower-case byte's next place by indexOf,
  // or an upper-case one before it.
  for (let at = from; at <= to; at++) {
    if (long) {
      let next = d.indexOf(first, at);
      if (next < 0 || next > to) next = to + 1;
      for (let i = at; i < next && upper !== first; i++) {
        if (d[i] === upper) {
          next = i;
          break;
        }
      }
      at = next;
      if (at > to) return false;
    }
    const b = d[at];
    if (b === 0 && k > 0) return false;
    if ((k === 0 || b === first || b === upper) && foldedAt(d, at, lit)) {
      // The text ends at its first NUL: the first place the literal is must lie before it.
      return !long || d.subarray(o, at + k).indexOf(0) < 0;
    }
  }
  return false;
}

/** Whether `d[at ..]` holds the lowered literal `lit`, ASCII letters folded. */
function foldedAt(d: Uint8Array, at: number, lit: Uint8Array): boolean {
  for (let i = 0; i < lit.length; i++) if (lowerAsciiCode(d[at + i]) !== lit[i]) return false;
  return true;
}

/**
 * True if `text` matches LIKE `pattern` (escape: a code point, or -1). A literal between
 * `%`s is looked for with the engine's own search: an ASCII character in text is always
 * one whole character of SQLite's reading (a multi-byte sequence never takes an ASCII byte
 * along), and only ASCII letters fold.
 */
export function likeMatch(pattern: string, text: string, escape = -1): boolean {
  const search = escape === -1 ? literalSearch(cText(pattern)) : null;
  return !search ? likeByCharacters(pattern, text, escape) : search.test(cText(text));
}

/** {@link likeMatch} character by character, as SQLite's patternCompare goes. */
export function likeByCharacters(pattern: string, text: string, escape = -1): boolean {
  let w = LIKE;
  if (escape === w.all || escape === w.one) {
    w = { ...w, all: escape === w.all ? -1 : w.all, one: escape === w.one ? -1 : w.one };
  }
  return compare(
    sqliteCharValues(cText(pattern)),
    0,
    sqliteCharValues(cText(text)),
    0,
    w,
    escape,
  ) ===
    Result.MATCH;
}

/** True if `text` matches GLOB `pattern`. */
export function globMatch(pattern: string, text: string): boolean {
  return compare(
    sqliteCharValues(cText(pattern)),
    0,
    sqliteCharValues(cText(text)),
    0,
    GLOB,
    GLOB.set,
  ) ===
    Result.MATCH;
}

/**
 * The text of a LIKE or GLOB pattern argument (null for NULL); too long a one fails. A
 * pattern of at most a third of the limit in UTF-16 units is short enough whatever it was:
 * a text takes at most 3 UTF-8 bytes a unit, and a blob's text has a unit for every 3 bytes
 * (UTF-8, escaped bytes one each) or 2 (UTF-16) it holds.
 */
function patternOf(r: Reg, enc: TextEncoding): string | null {
  const pattern = textOf(r, enc);
  if (
    pattern !== null && pattern.length * 3 > LIKE_PATTERN_LIMIT &&
    (r.c === StorageClass.Blob ? (r.v as Uint8Array).length : utf8Length(pattern)) >
      LIKE_PATTERN_LIMIT
  ) throw sqlError("LIKE or GLOB pattern too complex");
  return pattern;
}

/** like(PATTERN, X[, ESCAPE]): `X LIKE PATTERN [ESCAPE E]` as 1 or 0. */
export function likeFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const enc = ctx.encoding;
  const pattern = patternOf(args[0], enc);
  let escape = -1;
  if (args.length === 3) {
    const e = textOf(args[2], enc);
    if (e === null) return setNull(out);
    const esc = cText(e);
    if (charCount(esc) !== 1) {
      throw sqlError("ESCAPE expression must be a single character");
    }
    escape = esc.codePointAt(0) as number;
  }
  const text = textOf(args[1], enc);
  if (pattern === null || text === null) setNull(out);
  else setInt(out, likeMatch(pattern, text, escape) ? 1 : 0);
}

/** glob(PATTERN, X): `X GLOB PATTERN` as 1 or 0. */
export function globFn(args: readonly Reg[], out: Reg, ctx: FunctionContext): void {
  const enc = ctx.encoding;
  const pattern = patternOf(args[0], enc);
  const text = textOf(args[1], enc);
  if (pattern === null || text === null) setNull(out);
  else setInt(out, globMatch(pattern, text) ? 1 : 0);
}
