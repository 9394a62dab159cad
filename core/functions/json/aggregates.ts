/**
 * json_group_array / json_group_object and their jsonb_ forms: the JSON text is built as
 * rows arrive (as SQLite does), closed at `final`/`value`; the window `inverse` drops the
 * first member by scanning to the first top-level comma.
 */
import type { AggregateContext, AggregateFunction } from "../aggregate/types.ts";
import type { Reg } from "../../value/reg.ts";
import { StorageClass } from "../../value/types.ts";
import { appendSqlValue, argText } from "./args.ts";
import { cStrLen, utf8 } from "./chars.ts";
import { appendQuoted, JsonOut } from "./out.ts";
import { returnJsonText } from "./scalar.ts";

interface GroupState {
  ctx: AggregateContext;
  /** null until the first row. */
  out: JsonOut | null;
}

function finish(s: GroupState, out: Reg, close: number, empty: string, asBlob: boolean): void {
  if (s.out === null) {
    const e = new JsonOut();
    e.ascii(empty);
    returnJsonText(out, e, asBlob);
    return;
  }
  s.out.char(close);
  returnJsonText(out, s.out, asBlob);
  s.out.n--;
}

/** Removes the first member (window frame moving on). */
function inverse(s: GroupState): void {
  const o = s.out;
  if (o === null) return;
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

function groupArray(name: string, asBlob: boolean): AggregateFunction<GroupState> {
  return {
    name,
    minArgs: 1,
    maxArgs: 1,
    create: (ctx) => ({ ctx, out: null }),
    step(s, args) {
      if (s.out === null) {
        s.out = new JsonOut();
        s.out.char(0x5b);
      } else if (s.out.n > 1) s.out.char(0x2c);
      appendSqlValue(s.out, args[0], s.ctx.encoding);
    },
    final: (s, out) => finish(s, out, 0x5d, "[]", asBlob),
    value: (s, out) => finish(s, out, 0x5d, "[]", asBlob),
    inverse: (s) => inverse(s),
  };
}

function groupObject(name: string, asBlob: boolean): AggregateFunction<GroupState> {
  return {
    name,
    minArgs: 2,
    maxArgs: 2,
    create: (ctx) => ({ ctx, out: null }),
    step(s, args) {
      const k = args[0];
      // A NULL label: SQLite leaves the pair out.
      if (k.c === StorageClass.Null) return;
      if (s.out === null) {
        s.out = new JsonOut();
        s.out.char(0x7b);
      } else if (s.out.n > 1) s.out.char(0x2c);
      const b = utf8(argText(k, s.ctx.encoding));
      appendQuoted(s.out, b, 0, cStrLen(b));
      s.out.char(0x3a);
      appendSqlValue(s.out, args[1], s.ctx.encoding);
    },
    final: (s, out) => finish(s, out, 0x7d, "{}", asBlob),
    value: (s, out) => finish(s, out, 0x7d, "{}", asBlob),
    inverse: (s) => inverse(s),
  };
}

/** The JSON aggregates, for the aggregate registry. */
export const JSON_AGGREGATES: readonly AggregateFunction[] = [
  groupArray("json_group_array", false),
  groupArray("jsonb_group_array", true),
  groupObject("json_group_object", false),
  groupObject("jsonb_group_object", true),
] as AggregateFunction[];
