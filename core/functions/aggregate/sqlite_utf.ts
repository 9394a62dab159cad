/**
 * SQLite's own UTF-8 ↔ UTF-16 translations (utf.c), which a UTF-16 database applies to
 * `group_concat`'s text: arguments are read as UTF-8 (a BLOB's bytes are first taken as
 * UTF-16 and translated by `sqliteUtf16ToUtf8` of core/format/text.ts), and the UTF-8
 * result is translated back to UTF-16 when stored (here).
 *
 * Both are more lenient than WHATWG decoding, and the difference is visible:
 * - UTF-16 → UTF-8: a surrogate is combined with whatever unit follows it (valid pair or
 *   not); a surrogate in the last unit becomes three bytes of its own (ED A0 80 for D800);
 *   an odd trailing byte is dropped.
 * - UTF-8 → UTF-16: a lead byte takes every continuation byte that follows; the result is
 *   U+FFFD only if it is below U+0080, a surrogate, or U+FFFE/U+FFFF. A stray continuation
 *   byte or a byte F8..FF stands for itself (so byte A0 reads as U+00A0).
 */

export { sqliteUtf8ToString } from "../../format/text.ts";
