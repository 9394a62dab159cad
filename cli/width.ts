/**
 * Terminal display width of text, so that columns line up: East Asian wide and fullwidth
 * characters and emoji take two columns, combining marks and other zero-width characters
 * none. Width is measured per grapheme cluster (what a terminal draws as one glyph), so an
 * emoji sequence joined by ZWJ or a Hangul syllable spelled in jamo counts once.
 */

/**
 * East Asian Wide (W) and Fullwidth (F) code points, as hex ranges: Hangul initial jamo,
 * CJK symbols, kana, ideographs, Hangul syllables, fullwidth forms, pictographs and emoji
 * blocks, the supplementary ideographic planes.
 */
const WIDE_TABLE = `
  1100-115F 231A-231B 2329-232A 23E9-23EC 23F0 23F3 25FD-25FE 2614-2615 2648-2653 267F
  2693 26A1 26AA-26AB 26BD-26BE 26C4-26C5 26CE 26D4 26EA 26F2-26F3 26F5 26FA 26FD 2705
  270A-270B 2728 274C 274E 2753-2755 2757 2795-2797 27B0 27BF 2B1B-2B1C 2B50 2B55
  2E80-303E 3041-33FF 3400-4DBF 4E00-9FFF A000-A4CF A960-A97F AC00-D7A3 F900-FAFF
  FE10-FE19 FE30-FE6F FF00-FF60 FFE0-FFE6 16FE0-16FE4 17000-18CFF 1B000-1B2FF 1F004 1F0CF
  1F18E 1F191-1F19A 1F200-1F251 1F260-1F265 1F300-1F64F 1F680-1F6FF 1F7E0-1F7EB
  1F90C-1F9FF 1FA70-1FAFF 20000-2FFFD 30000-3FFFD
`;

/** WIDE_TABLE as sorted inclusive pairs [first0, last0, first1, last1, ...]. */
const WIDE_RANGES: readonly number[] = WIDE_TABLE.trim().split(/\s+/).flatMap((range) => {
  const [first, last = first] = range.split("-");
  return [parseInt(first, 16), parseInt(last, 16)];
});

function inWideRange(cp: number): boolean {
  let lo = 0, hi = WIDE_RANGES.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < WIDE_RANGES[2 * mid]) hi = mid - 1;
    else if (cp > WIDE_RANGES[2 * mid + 1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Marks, format controls and the like: drawn on top of the previous glyph, or not at all. */
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff\ud7b0-\ud7ff]$/u;
/** Emoji drawn as emoji by default (two columns), beyond the ranges above. */
const EMOJI_PRESENTATION = /^\p{Emoji_Presentation}$/u;

/** Columns one code point takes on its own. */
export function codePointWidth(cp: number): number {
  if (cp < 0x7f) return cp >= 0x20 ? 1 : 0;
  if (cp < 0xa0) return 0;
  if (inWideRange(cp)) return 2;
  const ch = String.fromCodePoint(cp);
  if (ZERO_WIDTH.test(ch)) return 0;
  if (cp >= 0x1f000 && EMOJI_PRESENTATION.test(ch)) return 2;
  return 1;
}

const PLAIN_ASCII = /^[\x20-\x7e]*$/;
/** Made on first use: loading ICU's break rules costs milliseconds at start-up. */
let segmenter: Intl.Segmenter | undefined;

/** Columns a grapheme cluster takes: its first visible code point's, 2 with an emoji selector. */
function clusterWidth(cluster: string): number {
  let width = 0;
  for (const ch of cluster) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0xfe0f) return 2; // VARIATION SELECTOR-16 asks for emoji presentation
    if (width === 0) width = codePointWidth(cp);
  }
  return width;
}

/**
 * The number of terminal columns `text` takes (one line, no control characters).
 *
 * @example displayWidth("abc") === 3; displayWidth("日本") === 4; displayWidth("e\u0301") === 1
 */
export function displayWidth(text: string): number {
  if (PLAIN_ASCII.test(text)) return text.length;
  let width = 0;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  for (const { segment } of segmenter.segment(text)) width += clusterWidth(segment);
  return width;
}
