/**
 * ASCII-only case mapping: SQLite's lower() and upper() (without ICU), NOCASE and the names
 * it matches case-insensitively change the 26 letters A–Z / a–z and nothing else.
 */

const NON_ASCII = /[^\0-\x7f]/;

/** One code unit (or byte) with A–Z as a–z, as SQLite's sqlite3UpperToLower table maps it. */
export function lowerAsciiCode(c: number): number {
  return c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
}

/** `s` with A–Z as a–z. */
export function asciiLower(s: string): string {
  // Over ASCII alone the engine's own mapping is exactly this, and native.
  return NON_ASCII.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s.toLowerCase();
}

/** `s` with a–z as A–Z. */
export function asciiUpper(s: string): string {
  return NON_ASCII.test(s) ? s.replace(/[a-z]+/g, (m) => m.toUpperCase()) : s.toUpperCase();
}
