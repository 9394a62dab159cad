/**
 * `CAST(x AS type)` (vdbemem.c sqlite3VdbeMemCast). The type name gives an affinity by the
 * column-type rules ({@link affinityOfTypeText}: `VARCHAR(9)` is TEXT, `FLOATING POINT` is
 * INTEGER, an unknown name is NUMERIC), and the value is then forced to it:
 *
 * - INTEGER: {@link toInt}: REAL truncates and saturates (`CAST(1e20 AS INTEGER)` is
 *   9223372036854775807), TEXT and BLOB keep their integer prefix (`'12abc'` → 12,
 *   `' 1e3 '` → 1, `x'3132'` → 12).
 * - REAL: {@link toReal}: TEXT and BLOB give the value of their numeric prefix
 *   (`' 1e3 '` → 1000.0, `'abc'` → 0.0).
 * - NUMERIC: {@link numerify}: INTEGER and REAL unchanged; TEXT and BLOB become an INTEGER
 *   or a REAL by their prefix (`'12abc'` → 12, `'1.5e0'` → 1.5, `'3.0'` → 3).
 * - TEXT: {@link toText}: numbers rendered, BLOB bytes read as text in the database
 *   encoding.
 * - BLOB: {@link toBlob}: TEXT (and rendered numbers) as bytes in the database encoding.
 * NULL stays NULL whatever the type.
 */
import { affinityOfTypeText } from "./affinity_of_type.ts";
import { numerify, toBlob, toInt, toReal, toText } from "./coerce.ts";
import { type Reg, setInt, setNull, setReal } from "./reg.ts";
import { Affinity, StorageClass, TextEncoding } from "./types.ts";

/** `CAST(a AS <type with affinity aff>)` into `out`; `enc` is the database encoding. */
export function cast(
  a: Reg,
  aff: Affinity,
  out: Reg,
  enc: TextEncoding = TextEncoding.Utf8,
): void {
  if (a.c === StorageClass.Null) return setNull(out);
  switch (aff) {
    case Affinity.Integer:
      return setInt(out, toInt(a, enc));
    case Affinity.Real:
      return setReal(out, toReal(a, enc));
    case Affinity.Numeric:
      return numerify(a, out, enc);
    case Affinity.Text:
      return toText(a, out, enc);
    case Affinity.Blob:
      return toBlob(a, out, enc);
  }
}

/** `CAST(a AS typeName)`: the type name's affinity, then {@link cast}. */
export function castToType(
  a: Reg,
  typeName: string,
  out: Reg,
  enc: TextEncoding = TextEncoding.Utf8,
): void {
  cast(a, affinityOfTypeText(typeName), out, enc);
}
