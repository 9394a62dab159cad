/**
 * The date/time and JSON half of the whole-query generator's function calls (see
 * qdiff_expr.ts): time values of every form SQLite accepts (and near misses), modifier
 * chains, strftime formats, JSON documents (nested, JSON5, invalid), JSON paths (and bad
 * ones), and the calls that use them. Choices come from a {@link Tape}, choice 0 first.
 *
 * Never `'now'`, `CURRENT_*`, a date function without a time value or a bare `subsec`
 * time value: the two engines run at different instants.
 *
 * Errors: SQLite evaluates constant subexpressions once before its loops (so a constant
 * `json('{')` fails even when no row reaches it, where litejit evaluates it per row), and
 * which row fails first depends on the scan order. So a statement has at most one JSON
 * call that may fail, with one kind of error, and it reads a column; every other call is
 * built from inputs that cannot fail (see {@link jsonCall}). Whether a row reaches the
 * failing call still depends on evaluation order: such errors join the "error timing" gap
 * ({@link isJsonRowError}, used by qdiff_case.ts).
 */
import type { Tape } from "./query_gen_expr.ts";

/** What the generator needs from the expression builder. */
export interface FnHost {
  readonly t: Tape;
  readonly features: Set<string>;
  /** Any expression (it may be constant, or fail). */
  expr(): string;
  /** A column of the current row (any visible scope), or null outside a row context. */
  column(): string | null;
  /** Whether this statement has its one JSON call that may fail (shared per statement). */
  readonly jsonFailure: { taken: boolean };
}

/** Every feature the calls here report (besides `fn:<name>`). */
export const QDIFF_FUNCTION_FEATURES: readonly string[] = [
  ...("date time datetime julianday unixepoch strftime timediff json jsonb json_array " +
    "json_array_length json_extract json_insert json_replace json_set json_remove json_patch " +
    "json_object json_quote json_type json_valid json_error_position")
    .split(" ").map((f) => `fn:${f}`),
  "date:modifier",
  "date:modifiers",
  "date:column",
  "date:number",
  "date:localtime",
  "date:format",
  "json:->",
  "json:->>",
  "json:path",
  "json:column",
  "json:json5",
  "json:nested",
  "json:each",
  "json:tree",
  "agg:json_group_array",
  "agg:json_group_object",
];

/** Literal SQL text: `'...'` with quotes doubled. */
export function sqlText(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

// ---------------------------------------------------------------- date and time

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** A time value as text: dates, times, T separator, fractions, time zones, near misses. */
export function timeText(t: Tape): string {
  const year = t.pick([2024, 2000, 1970, 1900, 2023, 1, 0, 9999, 1582, 2100]);
  const month = t.chance(95) ? 1 + t.int(12) : t.pick([0, 13]);
  const day = t.chance(95) ? 1 + t.int(31) : t.pick([0, 32]);
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  const hh = t.chance(95) ? t.int(24) : 24;
  const mm = t.chance(97) ? t.int(60) : 60;
  let time = `${pad(hh)}:${pad(mm)}`;
  if (t.chance(70)) {
    time += `:${pad(t.int(60))}`;
    if (t.chance(40)) time += "." + "123456789".slice(0, 1 + t.int(6));
  }
  if (t.chance(20)) time += t.pick(["Z", "+05:30", "-08:00", "+00:00", "z", " +01:00", "+14:00"]);
  switch (t.int(6)) {
    case 0:
      return date;
    case 1:
      return time;
    case 2:
      return `${date}T${time}`;
    case 3:
      return t.pick(["2024-1-01", "24-01-01", "2024-02-29x", " 2024-02-29", "abc", "", "12:3"]);
    default:
      return `${date} ${time}`;
  }
}

/** Julian day numbers and unix times (as INTEGER and REAL), big, small and negative. */
const TIME_NUMBERS = [
  "2460000.5",
  "2460000",
  "0",
  "-1",
  "1700000000",
  "1700000000.123",
  "0.5",
  "5373484.49",
  "5373484.5",
  "-210866760000",
  "253402300799",
  "86400",
  "1e6",
  "1721059.5",
];

/** A modifier as text. */
export function modifierText(t: Tape): string {
  switch (t.int(10)) {
    case 0:
    case 1: {
      const unit = t.pick(["days", "hours", "minutes", "seconds", "months", "years", "day"]);
      const n = t.pick(["1", "2", "-1", "+1", "1.5", "-0.25", "30", "+400", "12", "-13", "0"]);
      return `${n} ${unit}`;
    }
    case 2:
      return t.pick(["+01:30", "-05:00", "+00:00:30.5", "-12:00", "+23:59"]);
    case 3:
      return t.pick(["+0001-02-03", "-0000-01-00", "+0000-00-10 12:00", "-0001-00-00"]);
    case 4:
      return t.pick(["start of month", "start of year", "start of day", "START OF MONTH"]);
    case 5:
      return `weekday ${t.pick(["0", "1", "3", "6", "7", "2.5"])}`;
    case 6:
      return t.pick(["unixepoch", "julianday", "auto"]);
    case 7:
      return t.pick(["subsec", "ceiling", "floor", "subsecond"]);
    case 8:
      return t.pick(["localtime", "utc"]);
    default:
      return t.pick(["nonsense", "+1 fortnight", "", "start of week", "+ days"]);
  }
}

/** strftime specifiers (and a few SQLite rejects). */
const SPECIFIERS = (
  "%d %e %f %F %G %g %H %I %j %J %k %l %m %M %p %P %R %s %S %T %u %U %V %w %W %Y %% %Q %"
).split(" ");

/** A strftime format: 1–4 specifiers with separators. */
export function formatText(t: Tape): string {
  let s = "";
  const n = 1 + t.int(4);
  for (let i = 0; i < n; i++) {
    if (i > 0 || t.chance(20)) s += t.pick(["-", " ", ":", "", "T", "日"]);
    // The lone % (an error in SQLite) goes last only.
    const spec = t.pick(SPECIFIERS.slice(0, i === n - 1 ? SPECIFIERS.length : -1));
    s += spec;
  }
  return s;
}

/** A time value: a column, a generated text, a number, or any expression. */
function timeValue(h: FnHost): string {
  const { t } = h;
  switch (t.int(6)) {
    case 0:
    case 1: {
      const c = h.column();
      if (c !== null) {
        h.features.add("date:column");
        return c;
      }
      return sqlText(timeText(t));
    }
    case 2:
      h.features.add("date:number");
      return t.pick(TIME_NUMBERS);
    case 3:
      return t.chance(10) ? "NULL" : h.expr();
    default:
      return sqlText(timeText(t));
  }
}

/** A modifier argument: generated text mostly, sometimes a column or expression. */
function modifier(h: FnHost): string {
  const { t } = h;
  if (t.chance(8)) return h.column() ?? h.expr();
  const m = modifierText(t);
  if (m === "localtime" || m === "utc") h.features.add("date:localtime");
  return sqlText(m);
}

const DATE_FUNCTIONS = ["date", "time", "datetime", "julianday", "unixepoch", "strftime"];

/** A call of a date/time function. */
export function dateCall(h: FnHost): string {
  const { t } = h;
  h.features.add("function");
  if (t.chance(10)) {
    h.features.add("fn:timediff");
    return `timediff(${timeValue(h)}, ${timeValue(h)})`;
  }
  const name = t.pick(DATE_FUNCTIONS);
  h.features.add(`fn:${name}`);
  const args: string[] = [];
  if (name === "strftime") {
    h.features.add("date:format");
    args.push(t.chance(8) ? h.expr() : sqlText(formatText(t)));
  }
  args.push(timeValue(h));
  const n = t.pick([0, 0, 1, 1, 2, 3]);
  if (n > 0) h.features.add("date:modifier");
  if (n > 1) h.features.add("date:modifiers");
  for (let i = 0; i < n; i++) args.push(modifier(h));
  return `${name}(${args.join(", ")})`;
}

// ---------------------------------------------------------------- JSON

const JSON_NUMBERS = [
  "0",
  "-1",
  "1.5",
  "1e3",
  "-2.5E-2",
  "12345678901234567890",
  "-0",
  "0.0",
  "42",
];
const JSON_STRINGS = [
  `"a"`,
  `""`,
  `"x y"`,
  `"q\\"t"`,
  `"\\u00e9\\n"`,
  `"\\ud83d\\ude00"`,
  `"日本"`,
  `"A"`,
  `"\\/\\t"`,
];
const JSON_KEYS = [`"a"`, `"b"`, `"x y"`, `"A"`, `"$"`, `"a"`, `"0"`];
/** JSON5 extensions SQLite accepts. */
const JSON5_VALUES = ["'s'", "0x1F", "Infinity", "-Infinity", "NaN", "+1", ".5", "5.", "'\\x41'"];

/** A JSON value as text, `depth` levels of nesting at most. */
export function jsonText(t: Tape, depth: number, json5 = false): string {
  const kind = depth > 0 ? t.int(7) : t.int(4);
  switch (kind) {
    case 0:
      return t.pick(JSON_NUMBERS);
    case 1:
      return t.pick(JSON_STRINGS);
    case 2:
      return t.pick(["true", "false", "null"]);
    case 3:
      return json5 ? t.pick(JSON5_VALUES) : t.pick(JSON_NUMBERS);
    case 4: {
      const n = t.int(4);
      const items = Array.from({ length: n }, () => jsonText(t, depth - 1, json5));
      const trailing = json5 && n > 0 && t.chance(30) ? "," : "";
      return `[${items.join(t.pick([",", ", "]))}${trailing}]`;
    }
    default: {
      const n = t.int(4);
      const members = Array.from({ length: n }, () => {
        const key = json5 && t.chance(30) ? t.pick(["a", "b", "$c"]) : t.pick(JSON_KEYS);
        return `${key}:${jsonText(t, depth - 1, json5)}`;
      });
      const comment = json5 && t.chance(30) ? "/*c*/ " : "";
      return `{${comment}${members.join(",")}}`;
    }
  }
}

const INVALID_JSON = [
  "{",
  "[1,",
  `{"a"}`,
  "abc",
  "",
  "[1 2]",
  `{"a":1 "b":2}`,
  "[01]",
  `"\\x"`,
  "[1]x",
  "nul",
];

/** A JSON document: valid (often), JSON5, or invalid only when `mayFail`. */
export function jsonDoc(h: FnHost, mayFail: boolean): string {
  const { t } = h;
  if (mayFail && t.chance(10)) return sqlText(t.pick(INVALID_JSON));
  const json5 = t.chance(15);
  if (json5) h.features.add("json:json5");
  return sqlText(jsonText(t, 1 + t.int(3), json5));
}

/** A JSON path: `$`, members, indexes, `#-N`, quoted labels; bad ones when `mayFail`. */
export function pathText(t: Tape, mayFail: boolean): string {
  if (mayFail && t.chance(8)) return t.pick(["a", "$[", "$.", "$[x]", "$a", "$[#+1]", "$.a["]);
  let p = "$";
  const n = t.int(3);
  for (let i = 0; i < n; i++) {
    p += t.pick([".a", ".b", "[0]", "[1]", "[#-1]", '."x y"', ".A", "[2]", "[#]", ".$"]);
  }
  return p;
}

/** The right operand of `->` / `->>`: a path, a label or an index. */
function arrowOperand(h: FnHost, mayFail: boolean): string {
  const { t } = h;
  switch (t.int(3)) {
    case 0:
      return t.pick(["'a'", "'b'", "0", "1", "-1", "'x y'"]);
    default:
      return sqlText(pathText(t, mayFail));
  }
}

/**
 * Whether an expression reads a column (then SQLite does not evaluate it ahead of rows:
 * a subquery counts, since SQLite never factors one out as a constant).
 */
export function readsColumn(e: string): boolean {
  return /\ba\d+\.\w+/.test(e);
}

/** JSON functions by arity pattern. */
const JSON_FUNCTIONS = [
  "json",
  "jsonb",
  "json_array",
  "json_array_length",
  "json_extract",
  "->",
  "->>",
  "json_insert",
  "json_replace",
  "json_set",
  "json_remove",
  "json_patch",
  "json_object",
  "json_quote",
  "json_type",
  "json_valid",
  "json_error_position",
];

/** Scalars that are safe as JSON values (never BLOBs, never failing). */
const SAFE_VALUES = ["1", "-2.5", "NULL", "'a'", "'x y'", "0", "'[1]'", "9223372036854775807"];

/**
 * The one kind of error a statement's failing JSON call may raise: its documents
 * ("malformed JSON"), its values ("JSON cannot hold BLOB values"), its labels ("labels
 * must be TEXT"), its paths ("bad JSON path") or json_valid's flags. One kind only, and
 * one failing call per statement: which row fails first depends on the scan order, so two
 * different messages could come out in either order.
 */
export type JsonFailure = "doc" | "value" | "label" | "path" | "flags";

const FAILURES_BY_FUNCTION: Record<string, JsonFailure[]> = {
  json_array: ["value"],
  json_object: ["value", "label"],
  json_quote: ["value"],
  json_valid: ["flags"],
  json_error_position: [],
  json_insert: ["doc", "path", "value"],
  json_replace: ["doc", "path", "value"],
  json_set: ["doc", "path", "value"],
};

/** A column read as a document that cannot fail: NULL unless it holds JSON (or JSON5). */
function safeDocColumn(c: string): string {
  return `iif(json_valid(${c}, 2), ${c}, NULL)`;
}

/** A column read as a JSON value that cannot fail: NULL instead of a BLOB. */
function safeValueColumn(c: string): string {
  return `iif(typeof(${c}) = 'blob', NULL, ${c})`;
}

/**
 * A call of a JSON function. Inputs mix columns (stored values are JSON texts, numbers,
 * plain text...), generated documents and paths, any expression and nested JSON calls.
 * The first call of a statement that reads a column may fail (one kind of error, see
 * {@link JsonFailure}); every other call is built from inputs that cannot.
 */
export function jsonCall(h: FnHost): string {
  if (h.jsonFailure.taken) return jsonCallWith(h, null);
  const name = h.t.pick(JSON_FUNCTIONS);
  const kinds = FAILURES_BY_FUNCTION[name] ?? ["doc", "path"];
  const fail = kinds.length > 0 ? h.t.pick(kinds) : null;
  // Taken while the arguments are built: calls nested in them are then safe.
  h.jsonFailure.taken = true;
  const call = jsonCallWith(h, fail, name);
  if (fail !== null && readsColumn(call)) return call;
  h.jsonFailure.taken = false;
  return jsonCallWith(h, null);
}

function jsonCallWith(h: FnHost, fail: JsonFailure | null, fname?: string): string {
  const { t } = h;
  h.features.add("function");
  const name = fname ?? t.pick(JSON_FUNCTIONS);
  h.features.add(name.startsWith("-") ? `json:${name}` : `fn:${name}`);
  const nested = () => {
    h.features.add("json:nested");
    return jsonCallWith(h, null);
  };
  const doc = () => {
    const c = t.chance(35) ? h.column() : null;
    if (c !== null) {
      h.features.add("json:column");
      return fail === "doc" ? c : safeDocColumn(c);
    }
    if (t.chance(12)) return nested();
    if (fail === "doc" && t.chance(10)) return h.expr();
    return jsonDoc(h, fail === "doc");
  };
  const path = () => {
    h.features.add("json:path");
    // Always a constant: a bad path's error quotes it, so a path read from rows would make
    // the message depend on which row fails first.
    return sqlText(pathText(t, fail === "path"));
  };
  const value = () => {
    if (t.chance(15)) return nested();
    if (fail === "value") return h.expr();
    const c = t.chance(50) ? h.column() : null;
    return c !== null ? safeValueColumn(c) : t.pick(SAFE_VALUES);
  };
  const some = (min: number, max: number, f: () => string) =>
    Array.from({ length: min + t.int(max - min + 1) }, f);
  switch (name) {
    case "json":
      return `json(${doc()})`;
    case "jsonb":
      // A JSONB blob is not comparable text: it is read back through json().
      return `json(jsonb(${doc()}))`;
    case "json_array":
      return `json_array(${some(0, 3, value).join(", ")})`;
    case "json_array_length":
    case "json_type":
      return `${name}(${[doc(), ...some(0, 1, path)].join(", ")})`;
    case "json_extract":
      return `json_extract(${[doc(), ...some(1, 3, path)].join(", ")})`;
    case "->":
    case "->>":
      return `${paren(doc())} ${name} ${arrowOperand(h, fail === "path")}`;
    case "json_insert":
    case "json_replace":
    case "json_set": {
      const pairs = some(1, 2, () => `${path()}, ${value()}`);
      return `${name}(${doc()}, ${pairs.join(", ")})`;
    }
    case "json_remove":
      return `json_remove(${[doc(), ...some(0, 2, path)].join(", ")})`;
    case "json_patch":
      return `json_patch(${doc()}, ${doc()})`;
    case "json_object": {
      const label = () => {
        if (fail === "label" && t.chance(40)) return h.column() ?? h.expr();
        return t.pick(["'a'", "'b'", "'a'", "''"]);
      };
      return `json_object(${some(0, 2, () => `${label()}, ${value()}`).join(", ")})`;
    }
    case "json_quote":
      return `json_quote(${value()})`;
    case "json_valid": {
      const flags = fail === "flags" && t.chance(30)
        ? [t.pick(["0", "16", "-1"])]
        : some(0, 1, () => String(1 + t.int(15)));
      const x = t.chance(50) ? h.column() : null;
      return `json_valid(${[x ?? jsonDoc(h, true), ...flags].join(", ")})`;
    }
    default: {
      const x = t.chance(50) ? h.column() : null;
      return `json_error_position(${x ?? jsonDoc(h, true)})`;
    }
  }
}

/**
 * A json_each / json_tree subquery over a document that may read outer columns: its row
 * count, its keys and types in document order, or a membership test. Values are shown
 * through quote() (so no JSON subtype crosses the subquery boundary).
 */
export function jsonTableExpr(h: FnHost, alias: string): string {
  const { t } = h;
  const tree = t.chance(40);
  h.features.add(tree ? "json:tree" : "json:each");
  const fn = tree ? "json_tree" : "json_each";
  const c = t.chance(40) ? h.column() : null;
  const d = c !== null ? safeDocColumn(c) : jsonDoc(h, false);
  const args = t.chance(30) ? `${d}, ${sqlText(pathText(t, false))}` : d;
  const from = `${fn}(${args}) AS ${alias}`;
  switch (t.int(4)) {
    case 0:
      return `(SELECT count(*) FROM ${from})`;
    case 1: {
      const cols = tree
        ? `${alias}.fullkey || ':' || ${alias}.type || ':' || quote(${alias}.atom)`
        : `quote(${alias}.key) || ':' || ${alias}.type || ':' || quote(${alias}.value)`;
      return `(SELECT group_concat(${cols}, ' ' ORDER BY ${alias}.id) FROM ${from})`;
    }
    case 2:
      return `${paren(h.expr())} IN (SELECT ${alias}.atom FROM ${from})`;
    default:
      return `EXISTS (SELECT 1 FROM ${from} WHERE ${alias}.type = ${
        t.pick(["'integer'", "'text'", "'array'", "'null'", "'object'", "'real'"])
      })`;
  }
}

/**
 * json_group_array / json_group_object over `arg()`, ordered so that the result does not
 * depend on the order rows arrive in (ties only between identical values).
 */
export function jsonAggregate(h: FnHost, arg: () => string): string {
  const { t } = h;
  // A BLOB argument would fail ("JSON cannot hold BLOB values"): read as NULL instead.
  const value = () => {
    const x = arg();
    return `iif(typeof(${x}) = 'blob', NULL, ${x})`;
  };
  if (t.chance(50)) {
    h.features.add("agg:json_group_array");
    const x = value();
    const dir = t.pick(["", " DESC"]);
    return `json_group_array(${x} ORDER BY ${paren(x)} COLLATE BINARY${dir}, typeof(${x})${dir})`;
  }
  h.features.add("agg:json_group_object");
  const k = t.chance(60) ? t.pick(["'a'", "'b'"]) : `CAST(${paren(arg())} AS TEXT)`;
  const v = value();
  return `json_group_object(${k}, ${v} ORDER BY ${paren(k)} COLLATE BINARY, ${
    paren(v)
  } COLLATE BINARY, typeof(${v}))`;
}

/** Parenthesizes unless `e` is a single token. */
function paren(e: string): string {
  return /^[\w.'$?]+$/.test(e) ? e : `(${e})`;
}

/**
 * Whether `message` is an error a JSON function raises on some row's value. Like "integer
 * overflow", whether SQLite raises it depends on which rows reach the expression (SQLite
 * short-circuits WHERE terms in its own order, skips OFFSET rows, evaluates constants
 * ahead of loops), so it belongs to the "error timing" gap (qdiff_case.ts).
 */
export function isJsonRowError(message: string): boolean {
  return JSON_ROW_ERRORS.includes(message) || message.startsWith("bad JSON path: ");
}

const JSON_ROW_ERRORS = [
  "malformed JSON",
  "JSON cannot hold BLOB values",
  "json_object() labels must be TEXT",
  "FLAGS parameter to json_valid() must be between 1 and 15",
];
