/**
 * json_group_array / json_group_object and their jsonb_ forms: the JSON text is built as
 * rows arrive (as SQLite does), closed at `final`/`value`; the window `inverse` drops the
 * first member by scanning to the first top-level comma.
 */
import type { AggregateContext, AggregateFunction } from "../aggregate/types.ts";
import type { Reg } from "../../value/reg.ts";
import { StorageClass } from "../../value/types.ts";
import { appendSqlValue, argText } from "./args.ts";
import { utf8 } from "./chars.ts";
import { cText } from "../scalar/coerce.ts";
import { appendQuoted, JsonOut } from "./out.ts";
import { returnJsonText } from "./scalar.ts";

interface GroupState {
  ctx: AggregateContext;
  /** The text so far: the opener, then the members. */
  out: JsonOut;
}

function finish(s: GroupState, out: Reg, close: number, asBlob: boolean): void {
  s.out.char(close);
  returnJsonText(out, s.out, asBlob);
  s.out.n--;
}

/** Removes the first member (window frame moving on). */
function inverse(s: GroupState): void {
  const o = s.out;
  const z = o.b;
  let inStr = false;
  let nest = 0;
  let i = 1;
  for (; i < o.n; i++) {
    const c = z[i];
    if (c === 0x2c && !inStr && nest === 0) break;
    if (c === 0x22) inStr = !inStr;
    else if (c === 0x5c) i++;
    else if (!inStr) {
      if (c === 0x7b || c === 0x5b) nest++;
      if (c === 0x7d || c === 0x5d) nest--;
    }
  }
  if (i < o.n) {
    z.copyWithin(1, i + 1, o.n);
    o.n -= i;
  } else o.n = 1;
}

/**
 * json_group_array(X) (`object` false) or json_group_object(NAME, X), as JSON text or
 * (`asBlob`) JSONB.
 */
function group(name: string, object: boolean, asBlob: boolean): AggregateFunction<GroupState> {
  const open = object ? 0x7b : 0x5b;
  const end = (s: GroupState, out: Reg) => finish(s, out, open + 2, asBlob); // "}" or "]"
  const argc = object ? 2 : 1;
  return {
    name,
    minArgs: argc,
    maxArgs: argc,
    create(ctx) {
      const out = new JsonOut();
      out.char(open);
      return { ctx, out };
    },
    step(s, args) {
      const k = args[0];
      // A NULL label: SQLite leaves the pair out.
      if (object && k.c === StorageClass.Null) return;
      if (s.out.n > 1) s.out.char(0x2c);
      if (object) {
        // The label as C reads it: up to its first NUL.
        appendQuoted(s.out, utf8(cText(argText(k, s.ctx.encoding))));
        s.out.char(0x3a);
      }
      appendSqlValue(s.out, args[argc - 1]);
    },
    final: end,
    value: end,
    inverse,
  };
}

/** The JSON aggregates, for the aggregate registry. */
export const JSON_AGGREGATES: readonly AggregateFunction[] = [
  group("json_group_array", false, false),
  group("jsonb_group_array", false, true),
  group("json_group_object", true, false),
  group("jsonb_group_object", true, true),
] as AggregateFunction[];
