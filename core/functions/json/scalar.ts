/**
 * SQLite's scalar JSON functions (json1): one implementation per family, specialised by
 * whether the result is JSONB (`jsonb_*`) and, for extraction, by the `->` / `->>`
 * conventions. Every error is SQLite's text.
 */
import { sqlError, type SqliteError } from "../../errors.ts";
import { toInt } from "../../value/coerce.ts";
import { type Reg, setBlob, setInt, setNull, setText } from "../../value/reg.ts";
import { StorageClass } from "../../value/types.ts";
import type { ScalarEntry, ScalarImpl } from "../scalar/registry.ts";
import {
  appendSqlValue,
  argText,
  badPath,
  elementText,
  malformed,
  parseArg,
  parseJson,
  returnFromBlob,
  returnParse,
  sqlQuote,
  valueToJsonb,
} from "./args.ts";
// A path argument as NUL-padded bytes (C-string semantics: cut at a NUL).
import { utf8, utf8Padded as pathBytes } from "./chars.ts";
import { arrayCount, Edit, JB, JSONB_TYPE_NAMES, type JsonParse, looksLikeJsonb } from "./jsonb.ts";
import { Lookup, lookupStep } from "./lookup.ts";
import { appendQuoted, JsonOut, OutErr } from "./out.ts";
import { Merge, mergePatch } from "./patch.ts";
import { renderPretty, renderText } from "./render.ts";
import { markJson, setJsonText } from "./subtype.ts";
import { jsonbCheck } from "./validate.ts";
import { cText } from "../scalar/coerce.ts";
import { ANY } from "../arg_counts.ts";

/** Writes finished JSON text as the result: JSON-subtyped TEXT, or its JSONB. */
export function returnJsonText(out: Reg, text: JsonOut, asBlob: boolean): void {
  if (asBlob) {
    const { p } = parseJson(text.text());
    setBlob(out, p.bytes());
  } else setJsonText(out, text.text());
}

/** Throws the error a failed lookup stands for (NOTFOUND is not an error). */
function lookupError(rc: number, path: string): SqliteError {
  if (rc === Lookup.ERROR) return malformed();
  if (rc === Lookup.NOTARRAY) {
    return sqlError(`not an array element: ${sqlQuote(path)}`);
  }
  return badPath(path);
}

/** json(X) / jsonb(X): the document minified, or as JSONB. */
function jsonFn(asBlob: boolean): ScalarImpl {
  return (args, out, ctx) => {
    const p = parseArg(args[0], ctx.encoding);
    if (!p) return setNull(out);
    returnParse(p, out, asBlob);
  };
}

/** json_array(...) / jsonb_array(...). */
function arrayFn(asBlob: boolean): ScalarImpl {
  return (args, out, _ctx) => {
    const jx = new JsonOut();
    jx.char(0x5b);
    for (const a of args) {
      jx.separator();
      appendSqlValue(jx, a);
    }
    jx.char(0x5d);
    returnJsonText(out, jx, asBlob);
  };
}

/** json_object(...) / jsonb_object(...). */
function objectFn(asBlob: boolean): ScalarImpl {
  return (args, out, _ctx) => {
    if (args.length & 1) {
      throw sqlError("json_object() requires an even number of arguments");
    }
    const jx = new JsonOut();
    jx.char(0x7b);
    for (let i = 0; i < args.length; i += 2) {
      if (args[i].c !== StorageClass.Text) {
        throw sqlError("json_object() labels must be TEXT");
      }
      jx.separator();
      appendQuoted(jx, utf8(args[i].v as string));
      jx.char(0x3a);
      appendSqlValue(jx, args[i + 1]);
    }
    jx.char(0x7d);
    returnJsonText(out, jx, asBlob);
  };
}

/** json_quote(X). */
const quoteFn: ScalarImpl = (args, out, _ctx) => {
  const jx = new JsonOut();
  appendSqlValue(jx, args[0]);
  setJsonText(out, jx.text());
};

/**
 * json_array_length(J [, P]) and json_type(J [, P]): `result` of the element at path P (or
 * of the root); NULL for a NULL argument or a path that finds nothing. json_array_length
 * reads a path without `$` as the root (`allowNonDollar`); json_type rejects it.
 */
function elementFn(
  allowNonDollar: boolean,
  result: (p: JsonParse, i: number, out: Reg) => void,
): ScalarImpl {
  return (args, out, ctx) => {
    const p = parseArg(args[0], ctx.encoding);
    if (!p) return setNull(out);
    let i = 0;
    if (args.length === 2) {
      if (args[1].c === StorageClass.Null) return setNull(out);
      const path = argText(args[1], ctx.encoding);
      const z = path[0] === "$" ? pathBytes(path.slice(1)) : allowNonDollar ? pathBytes("@") : null;
      if (!z) throw badPath(path);
      i = lookupStep(p, 0, z, 0, 0);
      if (i === Lookup.NOTFOUND) return setNull(out);
      if (i < 0) throw lookupError(i, path);
    }
    result(p, i, out);
  };
}

/** json_array_length(J [, P]). */
const arrayLengthFn = elementFn(true, (p, i, out) => {
  setInt(out, (p.a[i] & 0x0f) === JB.Array ? arrayCount(p, i) : 0);
});

/** json_type(J [, P]). */
const typeFn = elementFn(false, (p, i, out) => {
  setText(out, JSONB_TYPE_NAMES[p.a[i] & 0x0f]);
});

/** How json_extract-like functions return their result. */
const enum Extract {
  /** json_extract: SQL values for scalars, JSON text for containers. */
  Default = 0,
  /** `->`: always JSON text. */
  Json = 1,
  /** `->>`: always an SQL value. */
  Sql = 2,
  /** jsonb_extract: SQL values for scalars, JSONB for containers. */
  Blob = 3,
}

function extractFn(mode: Extract): ScalarImpl {
  const abbreviated = mode === Extract.Json || mode === Extract.Sql;
  return (args, out, ctx) => {
    if (args.length < 2) return setNull(out);
    const p = parseArg(args[0], ctx.encoding);
    if (!p) return setNull(out);
    const multi = args.length > 2;
    const jx = new JsonOut();
    if (multi) jx.char(0x5b);
    for (let k = 1; k < args.length; k++) {
      if (args[k].c === StorageClass.Null) return setNull(out);
      const path = argText(args[k], ctx.encoding);
      // The path bytes after `$`, with `->`'s abbreviations: an INTEGER N is `[N]` (`[#-N]`
      // when negative), a text of letters, digits and `_` is `.key`, `[...]` is itself, any
      // other text a quoted key.
      let z: Uint8Array;
      const arg = args[k];
      if (abbreviated && arg.c === StorageClass.Integer) {
        const n = arg.v as number | bigint;
        z = pathBytes(n < 0 ? `[#${n}]` : `[${n}]`);
      } else if (path[0] === "$") z = pathBytes(path.slice(1));
      else if (!abbreviated) throw badPath(path);
      else {
        // The C code sees the path as a C string.
        const c = cText(path);
        // Only ASCII letters, digits and `_` (`\w` without the u flag).
        z = pathBytes(
          /^\w*$/.test(c)
            ? `.${c}`
            : c[0] === "[" && utf8(c).length >= 3 && c.at(-1) === "]"
            ? c
            : `."${c}"`,
        );
      }
      const j = lookupStep(p, 0, z, 0, 0);
      if (j >= 0) {
        if (!multi) {
          if (mode === Extract.Json) {
            setJsonText(out, elementText(p, j));
          } else {
            returnFromBlob(p, j, out, mode === Extract.Blob);
            if (mode === Extract.Default && (p.a[j] & 0x0f) >= JB.Array) markJson(out);
          }
          return;
        }
        jx.separator();
        renderText(p, j, jx);
        if (jx.err !== OutErr.None) throw malformed();
      } else if (j === Lookup.NOTFOUND) {
        if (!multi) return setNull(out);
        jx.separator();
        jx.ascii("null");
      } else throw lookupError(j, path);
    }
    jx.char(0x5d);
    returnJsonText(out, jx, mode === Extract.Blob);
  };
}

/** json_remove(J, P...) / jsonb_remove. */
function removeFn(asBlob: boolean): ScalarImpl {
  return (args, out, ctx) => {
    if (!args.length) return setNull(out);
    const p = parseArg(args[0], ctx.encoding);
    if (!p) return setNull(out);
    for (let k = 1; k < args.length; k++) {
      if (args[k].c === StorageClass.Null) return setNull(out);
      const path = argText(args[k], ctx.encoding);
      if (path[0] !== "$") throw badPath(path);
      const z = pathBytes(path);
      if (z[1] === 0) return setNull(out);
      p.eEdit = Edit.Del;
      p.delta = 0;
      const rc = lookupStep(p, 0, z, 1, 0);
      if (rc === Lookup.NOTFOUND) continue;
      if (rc < 0) throw lookupError(rc, path);
    }
    p.eEdit = Edit.None;
    returnParse(p, out, asBlob);
  };
}

/** json_insert / json_replace / json_set / json_array_insert and their jsonb_ forms. */
function editFn(name: string, edit: Edit, asBlob: boolean): ScalarImpl {
  return (args, out, ctx) => {
    if (!args.length) return setNull(out);
    if (!(args.length & 1)) {
      throw sqlError(`json_${name}() needs an odd number of arguments`);
    }
    const p = parseArg(args[0], ctx.encoding);
    if (!p) return setNull(out);
    for (let k = 1; k < args.length - 1; k += 2) {
      if (args[k].c === StorageClass.Null) continue;
      const path = argText(args[k], ctx.encoding);
      if (path[0] !== "$") throw badPath(path);
      const ins = valueToJsonb(args[k + 1]);
      const z = pathBytes(path);
      let rc = 0;
      if (z[1] === 0) {
        if (edit === Edit.Repl || edit === Edit.Set) {
          p.delta = 0;
          p.edit(0, p.n, ins);
        }
      } else {
        p.eEdit = edit;
        p.ins = ins;
        p.delta = 0;
        rc = lookupStep(p, 0, z, 1, 0);
        p.eEdit = Edit.None;
      }
      if (rc === Lookup.NOTFOUND) continue;
      if (rc < 0) throw lookupError(rc, path);
    }
    returnParse(p, out, asBlob);
  };
}

/** json_patch(T, P) / jsonb_patch. */
function patchFn(asBlob: boolean): ScalarImpl {
  return (args, out, ctx) => {
    const target = parseArg(args[0], ctx.encoding);
    if (!target) return setNull(out);
    const patch = parseArg(args[1], ctx.encoding);
    if (!patch) return setNull(out);
    target.delta = 0;
    const rc = mergePatch(target, 0, patch, 0);
    if (rc !== Merge.Ok) throw malformed();
    returnParse(target, out, asBlob);
  };
}

/** json_valid(J [, FLAGS]). */
const validFn: ScalarImpl = (args, out, ctx) => {
  let flags = 1;
  if (args.length === 2) {
    const f = toInt(args[1], ctx.encoding);
    if (f < 1 || f > 15) {
      throw sqlError("FLAGS parameter to json_valid() must be between 1 and 15");
    }
    flags = Number(f) & 0x0f;
  }
  const r = args[0];
  if (r.c === StorageClass.Null) return setNull(out);
  if (r.c === StorageClass.Blob && looksLikeJsonb(r.v as Uint8Array)) {
    // 1 under flag 4 (it looks like JSONB), else under flag 8 if it checks out.
    const b = r.v as Uint8Array;
    return setInt(
      out,
      flags & 4 || flags & 8 && jsonbCheck(b, b.length, 0, b.length, 1) === 0 ? 1 : 0,
    );
  }
  if (!(flags & 3)) return setInt(out, 0);
  const { p, ok } = parseJson(argText(r, ctx.encoding));
  setInt(out, ok && ((flags & 2) || !p.hasNonstd) ? 1 : 0);
};

/** json_error_position(J). */
const errorPositionFn: ScalarImpl = (args, out, ctx) => {
  const r = args[0];
  if (r.c === StorageClass.Null) return setNull(out);
  if (r.c === StorageClass.Blob && looksLikeJsonb(r.v as Uint8Array)) {
    // 1 under flag 4 (it looks like JSONB), else under flag 8 if it checks out.
    const b = r.v as Uint8Array;
    return setInt(out, jsonbCheck(b, b.length, 0, b.length, 1));
  }
  const { p, ok } = parseJson(argText(r, ctx.encoding));
  if (ok) return setInt(out, 0);
  const z = p.z!;
  let pos = 0;
  for (let k = 0; k < p.iErr && z[k] !== 0; k++) if ((z[k] & 0xc0) !== 0x80) pos++;
  setInt(out, pos + 1);
};

const DEFAULT_INDENT = utf8("    ");

/** json_pretty(J [, INDENT]). */
const prettyFn: ScalarImpl = (args, out, ctx) => {
  const p = parseArg(args[0], ctx.encoding);
  if (!p) return setNull(out);
  const indent = args.length > 1 && args[1].c !== StorageClass.Null
    ? utf8(argText(args[1], ctx.encoding))
    : DEFAULT_INDENT;
  const jx = new JsonOut();
  renderPretty(p, 0, jx, indent, 0);
  if (jx.err !== OutErr.None) throw malformed();
  setText(out, jx.text());
};

/**
 * The `json<suffix>` and `jsonb<suffix>` entries of a function with both forms: `make(false)`
 * returns JSON text, `make(true)` JSONB.
 */
function textAndBlob(
  suffix: string,
  minArgs: number,
  maxArgs: number,
  make: (asBlob: boolean) => ScalarImpl,
): ScalarEntry[] {
  return [
    ["json" + suffix, minArgs, maxArgs, make(false)],
    ["jsonb" + suffix, minArgs, maxArgs, make(true)],
  ];
}

/** Every scalar JSON function, with its argument counts. */
export const JSON_SCALARS: readonly ScalarEntry[] = [
  ...textAndBlob("", 1, 1, jsonFn),
  ...textAndBlob("_array", 0, ANY, arrayFn),
  ...textAndBlob("_array_insert", 0, ANY, (b) => editFn("array_insert", Edit.ArrayIns, b)),
  ["json_array_length", 1, 2, arrayLengthFn],
  ["json_error_position", 1, 1, errorPositionFn],
  ["json_extract", 0, ANY, extractFn(Extract.Default)],
  ["jsonb_extract", 0, ANY, extractFn(Extract.Blob)],
  ["->", 2, 2, extractFn(Extract.Json)],
  ["->>", 2, 2, extractFn(Extract.Sql)],
  ...textAndBlob("_insert", 0, ANY, (b) => editFn("insert", Edit.Ins, b)),
  ...textAndBlob("_object", 0, ANY, objectFn),
  ...textAndBlob("_patch", 2, 2, patchFn),
  ["json_pretty", 1, 2, prettyFn],
  ["json_quote", 1, 1, quoteFn],
  ...textAndBlob("_remove", 0, ANY, removeFn),
  ...textAndBlob("_replace", 0, ANY, (b) => editFn("replace", Edit.Repl, b)),
  ...textAndBlob("_set", 0, ANY, (b) => editFn("set", Edit.Set, b)),
  ["json_type", 1, 2, typeFn],
  ["json_valid", 1, 2, validFn],
];
