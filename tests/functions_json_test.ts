/**
 * SQLite's JSON functions (core/functions/json) against node:sqlite, through the public
 * API: hand-picked expressions (each run as `SELECT typeof(E), E`), combinations of
 * documents × paths × functions, json_each / json_tree rows, the aggregates, and a
 * fast-check property over generated documents (JSON5 forms, deep nesting, escapes) and
 * paths. Every comparison is of storage class and value (or SQLite's error text).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { knownGaps } from "./support/expectations.ts";
import { JsonOracle, show } from "./support/json_oracle.ts";
import { propertyParams } from "./support/random_db.ts";

const q = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** Hand-written expressions: every function, its NULL/error/corner cases, JSON5 input. */
const EXPRESSIONS: string[] = [
  // json(): minification, JSON5 normalisation, errors
  `json(' [1, 2 ,{"a" : "b"}] ')`,
  `json('{"a":1,"a":2}')`,
  `json('[]')`,
  `json('{}')`,
  `json('  "x"  ')`,
  `json('1')`,
  `json('-0')`,
  `json('1e5')`,
  `json('1E+05')`,
  `json('-1.5e-3')`,
  `json('0.0')`,
  `json('12345678901234567890')`,
  `json('true')`,
  `json('false')`,
  `json('null')`,
  `json('')`,
  `json(' ')`,
  `json('[1,]')`,
  `json('{"a":1,}')`,
  `json('[1 2]')`,
  `json('{a:1}')`,
  `json('{$a_1:1}')`,
  `json('{\\u0061b:1}')`,
  `json('{"a" 1}')`,
  `json('[0x1F]')`,
  `json('[-0x1f]')`,
  `json('[+0x10]')`,
  `json('[0xFFFFFFFFFFFFFFFFF]')`,
  `json('[.5]')`,
  `json('[5.]')`,
  `json('[-.5]')`,
  `json('[+.5e3]')`,
  `json('[5.e3]')`,
  `json('[+5]')`,
  `json('[Infinity, -Infinity, +Infinity]')`,
  `json('[inf, -inf, NaN, nan, QNaN, SNaN, infinity]')`,
  `json('[01]')`,
  `json('[-01]')`,
  `json('[1.2.3]')`,
  `json('[1e]')`,
  `json('[1e+]')`,
  `json('[.]')`,
  `json('[-]')`,
  `json('[1ee2]')`,
  `json('[''single'']')`,
  `json('[''it\\''s'']')`,
  `json('["\\x41\\v\\0"]')`,
  `json('["a\\\nb"]')`,
  `json('["\\u00e9\\ud83d\\ude00"]')`,
  `json('["\\uD800"]')`,
  `json('["\\q"]')`,
  `json('["tab\there"]')`,
  `json('["é ü 😀"]')`,
  `json('/* c */ [1, // line\n 2]')`,
  `json('[1] /* trailing')`,
  `json('[1] // trailing')`,
  `json('[1] x')`,
  `json(char(0xa0) || '[1]' || char(0x2028))`,
  `json(char(0xfeff) || '1')`,
  `json('[' || char(11) || '1' || char(12) || ']')`,
  `json('tru')`,
  `json('truex')`,
  `json('nul')`,
  `json('[true,false,null]')`,
  `json('{"a":{"b":{"c":[{}]}}}')`,
  `json('{"\\"":1}')`,
  `json(1)`,
  `json(1.5)`,
  `json(NULL)`,
  `json(x'7b7d')`,
  `json(x'00')`,
  `json(x'0b')`,
  `json(x'13')`,
  `json(x'1b3131')`,
  `json(x'cb')`,
  // Headers of every width, 9 bytes being what SQLite reads but never writes; an edit
  // re-sizes such a container to its shortest header.
  `json(x'cb021331')`,
  `json(x'db00021331')`,
  `json(x'eb000000021331')`,
  `json(x'fb00000000000000021331')`,
  `json(x'fb00000001000000021331')`,
  `json_set(x'fb00000000000000021331', '$[1]', 5)`,
  `hex(jsonb_set(x'fb00000000000000021331', '$[1]', 5))`,
  `hex(jsonb_set(x'eb000000021331', '$[1]', 5))`,
  `hex(jsonb_remove(x'fb000000000000000413311332', '$[0]'))`,
  `json(jsonb('[1,{"a":"x\\ty"}]'))`,
  `json(jsonb('[0x10, .5, ''q'']'))`,
  `json(' [1, 2]' || char(0) || 'junk')`,
  `json(printf('%.*c', 1001, '[') || printf('%.*c', 1001, ']'))`,
  `json(printf('%.*c', 1000, '[') || printf('%.*c', 1000, ']')) IS NOT NULL`,
  // jsonb()
  `jsonb('[1,2,3]')`,
  `jsonb('{"a":[true,false,null],"b":"x"}')`,
  `jsonb('"a\\nb"')`,
  `jsonb('[0x1f, .5, 1., Infinity, NaN]')`,
  `jsonb('{a:1}')`,
  `jsonb(' 12 ')`,
  `jsonb('[1')`,
  `jsonb(NULL)`,
  `jsonb(x'0b')`,
  `jsonb(printf('[%.*c]', 300, 'x'))`,
  `jsonb(printf('"%.*c"', 70000, 'y'))`,
  // json_array / jsonb_array
  `json_array()`,
  `json_array(1, 2.5, 'x', NULL)`,
  `json_array(json('[1]'), '[1]')`,
  `json_array(json_array(1), json_object('a', 2))`,
  `json_array('a"b\\c' || char(10) || char(1) || char(31) || char(127))`,
  `json_array(0.1 + 0.2, 1e300 * 1e300, -1e300 * 1e300, 1e20, 1e-7, 100.0)`,
  `json_array(9223372036854775807, -9223372036854775808)`,
  `json_array(x'01')`,
  `json_array(x'ff')`,
  `json_array(jsonb('[1,2]'))`,
  `jsonb_array(1, 'a', NULL, json('{}'))`,
  `jsonb_array()`,
  `json_array('''')`,
  // json_object
  `json_object()`,
  `json_object('a', 1, 'b', 'x', 'c', NULL)`,
  `json_object('a', json('[1]'))`,
  `json_object('a')`,
  `json_object(1, 2)`,
  `json_object(NULL, 2)`,
  `json_object('a', x'00')`,
  `json_object('a"', 1)`,
  `json_object('a', 1, 'a', 2)`,
  `jsonb_object('k', 'v')`,
  `json_object('a', 1.0)`,
  // json_quote
  `json_quote(1)`,
  `json_quote(1.5)`,
  `json_quote('x')`,
  `json_quote('"q"')`,
  `json_quote(NULL)`,
  `json_quote(json('[1]'))`,
  `json_quote(x'00')`,
  `json_quote(x'ffff')`,
  `json_quote(1e300*1e300)`,
  `json_quote(-0.0)`,
  // json_array_length
  `json_array_length('[1,2,3]')`,
  `json_array_length('[]')`,
  `json_array_length('{"a":1}')`,
  `json_array_length('5')`,
  `json_array_length('[1,[2,3]]', '$[1]')`,
  `json_array_length('[1,[2,3]]', '$[5]')`,
  `json_array_length('[1,[2,3]]', 'x')`,
  `json_array_length('[1,[2,3]]', NULL)`,
  `json_array_length(NULL)`,
  `json_array_length('[1,')`,
  `json_array_length('{"a":[1,2]}', '$.a')`,
  // json_extract, ->, ->>
  `json_extract('{"a":2,"c":[4,5,{"f":7}]}', '$')`,
  `json_extract('{"a":2,"c":[4,5,{"f":7}]}', '$.c')`,
  `json_extract('{"a":2,"c":[4,5,{"f":7}]}', '$.c[2]')`,
  `json_extract('{"a":2,"c":[4,5,{"f":7}]}', '$.c[2].f')`,
  `json_extract('{"a":2,"c":[4,5],"f":7}', '$.c', '$.a')`,
  `json_extract('{"a":2,"c":[4,5,{"f":7}]}', '$.x')`,
  `json_extract('{"a":2,"c":[4,5,{"f":7}]}', '$.x', '$.a')`,
  `json_extract('{"a":"xyz"}', '$.a')`,
  `json_extract('{"a":null}', '$.a')`,
  `json_extract('{"a":true}', '$.a')`,
  `json_extract('{"a":false}', '$.a')`,
  `json_extract('{"a":1.5}', '$.a')`,
  `json_extract('{"a":"x\\u0041\\n"}', '$.a')`,
  `json_extract('[1,2,3]', '$[#-1]')`,
  `json_extract('[1,2,3]', '$[#-3]')`,
  `json_extract('[1,2,3]', '$[#-4]')`,
  `json_extract('[1,2,3]', '$[#]')`,
  `json_extract('[1,2,3]', '$[#-0]')`,
  `json_extract('[1,2,3]', '$[-1]')`,
  `json_extract('[1,2,3]', '$[a]')`,
  `json_extract('[1,2,3]', '$[1')`,
  `json_extract('[1,2,3]', '$[]')`,
  `json_extract('[1,2,3]', '$[4294967297]')`,
  `json_extract('{"a.b":1}', '$."a.b"')`,
  `json_extract('{"a b":1}', '$."a b"')`,
  `json_extract('{"a":1}', '$."a')`,
  `json_extract('{"a":1}', '$.')`,
  `json_extract('{"a":1}', '$a')`,
  `json_extract('{"a":1}', 'a')`,
  `json_extract('{"a":1}', '')`,
  `json_extract('{"a":1}', NULL)`,
  `json_extract('{"a":1}', '$.a', NULL)`,
  `json_extract('{"a":1}')`,
  `json_extract(NULL, '$')`,
  `json_extract('{"a\\u0062":1}', '$.ab')`,
  `json_extract('{"ab":1}', '$."a\\u0062"')`,
  `json_extract('{a:1}', '$.a')`,
  `json_extract('[0x10]', '$[0]')`,
  `json_extract('[-0x10]', '$[0]')`,
  `json_extract('[0x8000000000000000]', '$[0]')`,
  `json_extract('[0xFFFFFFFFFFFFFFFFF]', '$[0]')`,
  `json_extract('[99999999999999999999]', '$[0]')`,
  `json_extract('[-9223372036854775808]', '$[0]')`,
  `json_extract('[9223372036854775808]', '$[0]')`,
  `json_extract('[-9223372036854775809]', '$[0]')`,
  `json_extract('[1e400]', '$[0]')`,
  `json_extract('[.5]', '$[0]')`,
  `json_extract('[Infinity]', '$[0]')`,
  `json_extract('[NaN]', '$[0]')`,
  `json_extract('["\\ud83d\\ude00"]', '$[0]')`,
  `json_extract('[''a\\x41'']', '$[0]')`,
  `json_extract('{"a":[1,2]}', '$.a', '$.a[0]', '$.b')`,
  `json_extract('[1,2]', 'x')`,
  `json_extract('[1', '$')`,
  `jsonb_extract('{"a":[1,2]}', '$.a')`,
  `jsonb_extract('{"a":[1,2]}', '$.a[1]')`,
  `jsonb_extract('{"a":[1,2]}', '$.a', '$.b')`,
  `jsonb_extract('{"a":"s"}', '$.a')`,
  `'{"a":[1,{"b":"x"}]}' -> '$.a'`,
  `'{"a":[1,{"b":"x"}]}' -> '$.a[1].b'`,
  `'{"a":[1,{"b":"x"}]}' ->> '$.a[1].b'`,
  `'{"a":[1,{"b":"x"}]}' -> 'a'`,
  `'{"a":[1,{"b":"x"}]}' ->> 'a'`,
  `'[5,6,7]' -> 1`,
  `'[5,6,7]' ->> 2`,
  `'[5,6,7]' -> '1'`,
  `'[5,6,7]' -> '[2]'`,
  `'[5,6,7]' -> '[#-1]'`,
  `'{"a b":1}' -> 'a b'`,
  `'{"a.b":1}' ->> 'a.b'`,
  `'{"":1}' -> ''`,
  `'[1]' -> 'x'`,
  `'[1]' -> NULL`,
  `NULL -> '$'`,
  `'{"a":null}' -> 'a'`,
  `'{"a":null}' ->> 'a'`,
  `'{"a":"x"}' -> 'a'`,
  `'{"a":1.50}' -> 'a'`,
  `'{"a":1.50}' ->> 'a'`,
  `'{"a":0x1f}' -> 'a'`,
  `'[1]' -> '$['`,
  `('{"a":{"b":[1,2]}}' -> 'a') -> 'b'`,
  `'{"a":{"b":[1,2]}}' -> 'a' ->> 'b'`,
  `json_array('{"a":1}' -> 'a', '{"a":[1]}' -> 'a', '{"a":[1]}' ->> 'a')`,
  // json_type
  `json_type('{"a":[1,2.5,"x",null,true,false,{}]}')`,
  `json_type('{"a":[1,2.5,"x",null,true,false,{}]}', '$.a')`,
  `json_type('{"a":[1,2.5,"x",null,true,false,{}]}', '$.a[0]')`,
  `json_type('{"a":[1,2.5,"x",null,true,false,{}]}', '$.a[1]')`,
  `json_type('{"a":[1,2.5,"x",null,true,false,{}]}', '$.a[2]')`,
  `json_type('{"a":[1,2.5,"x",null,true,false,{}]}', '$.a[3]')`,
  `json_type('{"a":[1,2.5,"x",null,true,false,{}]}', '$.a[4]')`,
  `json_type('{"a":[1,2.5,"x",null,true,false,{}]}', '$.a[5]')`,
  `json_type('{"a":[1,2.5,"x",null,true,false,{}]}', '$.a[6]')`,
  `json_type('{"a":[1,2.5,"x",null,true,false,{}]}', '$.a[7]')`,
  `json_type('[0x1f, .5]', '$[0]')`,
  `json_type('[0x1f, .5]', '$[1]')`,
  `json_type('1', 'x')`,
  `json_type('1', NULL)`,
  `json_type(NULL)`,
  `json_type('[')`,
  `json_type(x'0c')`,
  // json_valid
  `json_valid('{"a":1}')`,
  `json_valid('{a:1}')`,
  `json_valid('{a:1}', 2)`,
  `json_valid('{a:1}', 1)`,
  `json_valid('[1')`,
  `json_valid('[1', 2)`,
  `json_valid(NULL)`,
  `json_valid(NULL, 0)`,
  `json_valid('1', 0)`,
  `json_valid('1', 16)`,
  `json_valid('1', 4)`,
  `json_valid('1', 8)`,
  `json_valid(x'0b', 4)`,
  `json_valid(x'0b', 8)`,
  `json_valid(x'0b', 1)`,
  `json_valid(x'0b', 5)`,
  `json_valid(x'1b31', 8)`,
  `json_valid(x'1b41', 8)`,
  `json_valid(x'1b41', 4)`,
  `json_valid(jsonb('{"a":[1,"x"]}'), 8)`,
  `json_valid(jsonb('{"a":[1,"x"]}'), 12)`,
  `json_valid(x'5b31', 1)`,
  `json_valid(x'5b315d')`,
  `json_valid(123)`,
  `json_valid(1.5)`,
  `json_valid('')`,
  `json_valid(' ')`,
  `json_valid('1', '3')`,
  `json_valid('/*c*/1', 1)`,
  `json_valid('/*c*/1', 2)`,
  `json_valid('1', -1)`,
  // json_error_position
  `json_error_position('{"a":1}')`,
  `json_error_position('{"a":1')`,
  `json_error_position('[1,2,x]')`,
  `json_error_position('')`,
  `json_error_position(NULL)`,
  `json_error_position('["é",x]')`,
  `json_error_position('{a:1}')`,
  `json_error_position('[1] x')`,
  `json_error_position('[01]')`,
  `json_error_position('"abc')`,
  `json_error_position('["\\q"]')`,
  `json_error_position(x'0b')`,
  `json_error_position(x'1b41')`,
  `json_error_position(x'3b3131')`,
  `json_error_position(jsonb('[1,2]'))`,
  `json_error_position(123)`,
  // json_insert / json_replace / json_set
  `json_insert('{"a":2,"c":4}', '$.a', 99)`,
  `json_insert('{"a":2,"c":4}', '$.e', 99)`,
  `json_replace('{"a":2,"c":4}', '$.a', 99)`,
  `json_replace('{"a":2,"c":4}', '$.e', 99)`,
  `json_set('{"a":2,"c":4}', '$.a', 99)`,
  `json_set('{"a":2,"c":4}', '$.e', 99)`,
  `json_set('{"a":2,"c":4}', '$.c', '[97,96]')`,
  `json_set('{"a":2,"c":4}', '$.c', json('[97,96]'))`,
  `json_set('{"a":2,"c":4}', '$.c', json_array(97,96))`,
  `json_set('{}', '$.a.b.c', 1)`,
  `json_set('{}', '$.a[0]', 1)`,
  `json_set('{}', '$.a[1]', 1)`,
  `json_set('[]', '$[0].x', 1)`,
  `json_set('[1,2]', '$[#]', 3)`,
  `json_set('[1,2]', '$[#-1]', 3)`,
  `json_set('[1,2]', '$[5]', 3)`,
  `json_set('[1,2]', '$', 3)`,
  `json_insert('[1,2]', '$', 3)`,
  `json_replace('[1,2]', '$', 3)`,
  `json_set('[1,2]', '$[0]', NULL)`,
  `json_set('[1,2]', '$[0]', x'01')`,
  `json_set('[1,2]', '$[0]', x'ff')`,
  `json_set('[1,2]', '$[0]', 1.5, '$[1]', 'x')`,
  `json_set('[1,2]', NULL, 1)`,
  `json_set('[1,2]', 'x', 1)`,
  `json_set('[1,2]', '$[0]')`,
  `json_set('[1,2]')`,
  `json_set(NULL, '$', 1)`,
  `json_set('{"a":1}', '$."b c"', 2)`,
  `json_set('{"a":1}', '$."b\\"', 2)`,
  `json_set('{"a":1}', '$.a.b', 2)`,
  `json_set('{"a":"x"}', '$.a[0]', 2)`,
  `json_set('{"a":1}', '$.a', 1e300*1e300)`,
  `json_set('{"a":1}', '$.a', -1e300*1e300)`,
  `json_set('{"a":1}', '$.a', 0.1+0.2)`,
  `json_set('{"a":1}', '$.a', 9223372036854775807)`,
  `json_set('{"a":1}', '$.a', 'it''s "q"')`,
  `json_set('{"a":1}', '$.b', jsonb('[1]'))`,
  `json_set(jsonb('{"a":1}'), '$.b', 2)`,
  `jsonb_set('{"a":1}', '$.b', 2)`,
  `jsonb_insert('[1]', '$[#]', 2)`,
  `jsonb_replace('[1]', '$[0]', 'x')`,
  `json_insert('{"a":1}', '$.a', 2, '$.b', 3, '$.a', 4)`,
  `json_set('[[[]]]', '$[0][0][0]', 1)`,
  `json_set('{"a":1}', '$[0]', 2)`,
  `json_set('[1]', '$.a', 2)`,
  `json_set(printf('[%.*c]', 20, '1'), '$[0]', printf('%.*c', 300, 'x'))`,
  `json_set('{"a":{"b":1}}', '$.a.b', printf('%.*c', 70000, 'z')) IS NOT NULL`,
  `json_replace('{"a":[1,2,3]}', '$.a[1]', 'two', '$.a[#-1]', 'three')`,
  `json_insert('[1,2]', '$[#]', json('{"x":[1]}'))`,
  `json_insert('{}', '$.a', json_array(1, json_object('b', 2)))`,
  `json_set('{a:0x10}', '$.b', .5)`,
  // json_array_insert
  `json_array_insert('[1,2]', '$[1]', 9)`,
  `json_array_insert('[1,2]', '$[#]', 9)`,
  `json_array_insert('[1,2]', '$[5]', 9)`,
  `json_array_insert('[1,2]', '$', 9)`,
  `json_array_insert('{}', '$.a', 9)`,
  `json_array_insert('{"a":[1]}', '$.a[0]', 9)`,
  `json_array_insert('[1,2]', '$[0]', 8, '$[0]', 7)`,
  `json_array_insert('[1,2]', '$[1]')`,
  `jsonb_array_insert('[1]', '$[0]', 2)`,
  // json_remove
  `json_remove('[0,1,2,3,4]', '$[2]')`,
  `json_remove('[0,1,2,3,4]', '$[2]', '$[0]')`,
  `json_remove('[0,1,2,3,4]', '$[0]', '$[2]')`,
  `json_remove('[0,1,2,3,4]', '$[#-1]', '$[0]')`,
  `json_remove('{"x":25,"y":42}')`,
  `json_remove('{"x":25,"y":42}', '$.z')`,
  `json_remove('{"x":25,"y":42}', '$.y')`,
  `json_remove('{"x":25,"y":42}', '$')`,
  `json_remove('{"x":25,"y":42}', NULL)`,
  `json_remove('{"x":25,"y":42}', 'y')`,
  `json_remove('{"x":{"y":[1,{"z":2}]}}', '$.x.y[1].z')`,
  `json_remove(NULL, '$')`,
  `json_remove('[1', '$')`,
  `jsonb_remove('[1,2]', '$[0]')`,
  `json_remove(jsonb('[1,2]'), '$[0]')`,
  `json_remove('{a:1, b:2}', '$.a')`,
  // json_patch
  `json_patch('{"a":1,"b":2}', '{"c":3,"d":4}')`,
  `json_patch('{"a":[1,2],"b":2}', '{"a":9}')`,
  `json_patch('{"a":[1,2],"b":2}', '{"a":null}')`,
  `json_patch('{"a":1,"b":2}', '{"a":9,"b":null,"c":8}')`,
  `json_patch('{"a":{"x":1,"y":2},"b":3}', '{"a":{"y":9},"c":8}')`,
  `json_patch('[1,2]', '{"a":1}')`,
  `json_patch('{"a":1}', '[1,2]')`,
  `json_patch('{"a":1}', '5')`,
  `json_patch('{}', '{"a":{"b":{"c":null,"d":1}}}')`,
  `json_patch('{"a":1}', '{}')`,
  `json_patch(NULL, '{}')`,
  `json_patch('{}', NULL)`,
  `json_patch('{', '{}')`,
  `json_patch('{a:1}', '{"\\u0061":2}')`,
  `jsonb_patch('{"a":1}', '{"b":2}')`,
  // json_pretty
  `json_pretty('{"a":[1,{"b":[]},{}],"c":"x"}')`,
  `json_pretty('[1,2]', '  ')`,
  `json_pretty('[1,2]', NULL)`,
  `json_pretty('[1,2]', 5)`,
  `json_pretty('[1,2]', '')`,
  `json_pretty('5')`,
  `json_pretty('[]')`,
  `json_pretty('{"a":{"b":{"c":[1,[2,[3]]]}}}')`,
  `json_pretty(NULL)`,
  `json_pretty('[1')`,
  `json_pretty(jsonb('{"k":[0x10,.5]}'))`,
  // subtype flow and mixing
  `json_array(json_extract('{"a":[1]}', '$.a'))`,
  `json_array(json_extract('{"a":"[1]"}', '$.a'))`,
  `json_array(json_quote('x'))`,
  `json_array(json_type('[1]'))`,
  `json_object('a', json_object('b', json_array(1, 2)))`,
  `json_array(json_set('[]', '$[0]', 1))`,
  `json_array(json_remove('[1,2]', '$[0]'))`,
  `json_array(json_patch('{}', '{"a":1}'))`,
  `json_array(json_pretty('[1]'))`,
  `json_array(upper(json('[1]')))`,
  `json_array(json('[1]') || '')`,
  `json_set('{}', '$.a', json_extract('{"b":[1,2]}', '$.b'))`,
  `json_set('{}', '$.a', '{"b":1}' -> 'b')`,
  `json_set('{}', '$.a', '{"b":[1]}' -> 'b')`,
  `json_set('{}', '$.a', '{"b":[1]}' ->> 'b')`,
  `json(json_group_array(1))`,
  // typeof of results
  `typeof(json_extract('[1.0]', '$[0]'))`,
  `typeof(json_array())`,
  `typeof(jsonb_array())`,
  `length(jsonb('{"a":[1,2,3]}'))`,
  `hex(jsonb('{"a":[1,2,3]}'))`,
  `hex(jsonb('[1, "x", null, true, 1.5]'))`,
];

/** Documents × paths, run through every path-taking function. */
const DOCS = [
  '{"a":1,"b":[1,2,{"c":"x"}],"d":{"e":null,"f":true}}',
  "[1,[2,[3,[4]]],{},[]]",
  '{"a b":{"c.d":[0x1f,.5,"\\u0041"]}}',
  "{a:1,'b':[1,2,],c:{d:Infinity}}",
  '"just a string"',
  "42",
  "null",
  "[]",
];
const PATHS = [
  "$",
  "$.a",
  "$.b",
  "$.b[1]",
  "$.b[2].c",
  "$.b[#-1]",
  "$.b[#]",
  "$.d.e",
  "$.d.f",
  "$.x",
  '$."a b"',
  '$."a b"."c.d"[1]',
  "$[0]",
  "$[1][1][1]",
  "$[#-2]",
  "$[9]",
  "$.c.d",
  "$a",
  "$[",
];
const PATH_FUNCTIONS = [
  (d: string, p: string) => `json_extract(${q(d)}, ${q(p)})`,
  (d: string, p: string) => `${q(d)} -> ${q(p)}`,
  (d: string, p: string) => `${q(d)} ->> ${q(p)}`,
  (d: string, p: string) => `json_type(${q(d)}, ${q(p)})`,
  (d: string, p: string) => `json_array_length(${q(d)}, ${q(p)})`,
  (d: string, p: string) => `json_set(${q(d)}, ${q(p)}, 'v')`,
  (d: string, p: string) => `json_insert(${q(d)}, ${q(p)}, json('[7]'))`,
  (d: string, p: string) => `json_replace(${q(d)}, ${q(p)}, 8)`,
  (d: string, p: string) => `json_remove(${q(d)}, ${q(p)})`,
  (d: string, p: string) => `hex(jsonb_set(${q(d)}, ${q(p)}, 1.5))`,
];

/** Whole statements: table-valued functions and aggregates. */
const STATEMENTS: string[] = [
  `SELECT * FROM json_each('[1,[2],{"a":3}]')`,
  `SELECT *, json, root FROM json_each('{"a":[1,{"b":2}],"c d":3}', '$.a')`,
  `SELECT *, json, root FROM json_tree('{"a":[1,{"b":2}],"c d":3}')`,
  `SELECT *, json, root FROM json_tree('{"a":[1,{"b":2}],"c d":3}', '$.a')`,
  `SELECT *, json, root FROM json_tree('{"a":[1,{"b":2}],"c d":3}', '$.a[1]')`,
  `SELECT *, json, root FROM json_tree('{"a":[1,{"b":2}],"c d":3}', '$.a[1].b')`,
  `SELECT * FROM json_each('{"a":1}', '$.a')`,
  `SELECT * FROM json_each('{"a":1}', '$.zz')`,
  `SELECT * FROM json_each('{"a":1}', 'a')`,
  `SELECT * FROM json_each('{"a":1}', '$[')`,
  `SELECT * FROM json_each('{"a":1}', NULL)`,
  `SELECT * FROM json_each(NULL)`,
  `SELECT * FROM json_each('[1')`,
  `SELECT * FROM json_each('5')`,
  `SELECT * FROM json_tree('5')`,
  `SELECT * FROM json_each('[]')`,
  `SELECT * FROM json_tree('{}')`,
  `SELECT *, json FROM json_each(jsonb('[1,"x",[2]]'))`,
  `SELECT * FROM json_tree(jsonb('{"a":{"b":[true,false,null]}}'))`,
  `SELECT key, value, type, fullkey, path FROM json_tree('{"1":{"":2,"a-b":[3]},"x y":{"_z":4}}')`,
  `SELECT key, fullkey FROM json_each('{"\\u0041":1, "é":2, "a\\"b":3}')`,
  `SELECT * FROM json_tree('[[[[1]]],[[2]]]')`,
  `SELECT * FROM json_tree('[[[[1]]],[[2]]]', '$[0][0]')`,
  `SELECT * FROM json_each('{a:0x10,b:.5,c:''s''}')`,
  `SELECT sum(value) FROM json_each('[1,2,3,4]')`,
  `SELECT json_group_array(x) FROM (SELECT 1 AS x UNION ALL SELECT 'a' UNION ALL SELECT NULL)`,
  `SELECT json_group_array(x) FROM t WHERE x > 5`,
  `SELECT json_group_object('k', x) FROM t WHERE x > 5`,
  `SELECT typeof(jsonb_group_array(x)) FROM t WHERE x > 5`,
  `SELECT jsonb_group_array(x) FROM t`,
  `SELECT jsonb_group_object('k', x) FROM t`,
  `SELECT json_group_object(k, v) FROM (SELECT 'a' AS k, 1 AS v UNION ALL SELECT 2, 'x')`,
  `SELECT json_group_object(k, v) FROM (SELECT NULL AS k, 1 AS v)`,
  `SELECT json_group_array(json('[1]')) FROM t`,
  `SELECT json_group_array(x'00') FROM t`,
  `SELECT json_group_array(0.5) FROM t`,
  `SELECT json_group_array(v) OVER (ORDER BY v ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM (SELECT 1 AS v UNION ALL SELECT 2 UNION ALL SELECT 3)`,
  `SELECT json_group_object(k, v) OVER (ORDER BY v ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM (SELECT 'a' AS k, '[,"' AS v UNION ALL SELECT 'b', 2 UNION ALL SELECT 'c', 3)`,
  `SELECT json_array(j) FROM (SELECT json('[1]') AS j)`,
  `SELECT e.key, t2.value FROM json_each('[[1,2],[3]]') e, json_each(e.value) t2`,
  `SELECT count(*) FROM json_tree('{"a":[1,2,{"b":[3,4]}]}') WHERE type = 'integer'`,
  // JSONB and JSON stored in a table by SQLite
  `SELECT id, typeof(j), json(j), json_valid(j, 8), json_type(j), j -> '$.a', j ->> '$.c' FROM d`,
  `SELECT id, json_extract(j, '$.a[2].b', '$.d'), json_array_length(j), json_error_position(j) FROM d`,
  `SELECT id, hex(jsonb_set(j, '$.a[0]', 'new')), json_set(j, '$.k.x', 2), json_pretty(j) FROM d`,
  `SELECT d.id AS did, e.* FROM d, json_tree(d.j) e WHERE d.id < 5`,
  `SELECT d.id AS did, e.key, e.value, e.id FROM d, json_each(d.j) e WHERE d.id = 6`,
  `SELECT json_group_array(j) FROM d WHERE id IN (1, 2, 3, 4, 9)`,
  `SELECT json_group_object(id, j) FROM d WHERE id IN (1, 2, 3)`,
  // Bytes that are no UTF-8 (here FF) and a BOM go through verbatim, in and out.
  ...[
    `json_array(b)`,
    `json_quote(b)`,
    `json_object('k', b)`,
    `json_set('[]', '$[0]', b)`,
    `jsonb_array(b)`,
    `json('["' || b || '"]')`,
    `json_extract('["' || b || '"]', '$[0]')`,
    `json_extract(json_array(char(65279) || b), '$[0]')`,
  ].map((e) => `SELECT hex(${e}) FROM (SELECT CAST(x'41FF01' AS TEXT) AS b)`),
  `SELECT hex(json_group_array(b)), hex(json_group_object(b, b)) ` +
  `FROM (SELECT CAST(x'41FF01' AS TEXT) AS b)`,
  `SELECT hex(key), hex(value), hex(fullkey) FROM json_tree('{"' || CAST(x'41FF' AS TEXT) || '":"' || CAST(x'FE' AS TEXT) || '"}')`,
];

/**
 * SQLite keeps the JSON subtype across these register copies (a CAST of TEXT to TEXT, an
 * aggregate's result, json_each's `value` column); the backend must carry the mark
 * (core/functions/json/subtype.ts `copyJsonSubtype`). tests/json_subtype_test.ts covers
 * the other paths, keeping and dropping.
 */
const SUBTYPE_THROUGH_BACKEND: string[] = [
  `SELECT json_array(CAST(json('[1]') AS TEXT))`,
  `SELECT json_group_array(value) FROM json_each('[1,"a",null,[2],{"b":3}]')`,
  `SELECT json_group_object(key, value) FROM json_each('{"a":1,"b":[2],"c":{"d":4}}')`,
  `SELECT json_array(json_group_array(1)) FROM t`,
  `SELECT json_array(json(j)) FROM d WHERE json_valid(j) GROUP BY json(j)`,
  `SELECT json_group_array(json(j)) OVER (ORDER BY id) FROM d WHERE json_valid(j)`,
  `WITH c AS MATERIALIZED (SELECT value AS v FROM json_each('[[1],{"a":2}]')) ` +
  `SELECT json_array(v) FROM c`,
  // An aggregate's ORDER BY sorts its arguments with their subtype (SQLite's OP_GetSubtype).
  `SELECT json_group_array(json(j) ORDER BY id DESC) FROM d WHERE json_valid(j)`,
  `SELECT json_group_object('k', CASE WHEN id > 2 THEN json(j) ELSE j END ORDER BY j) ` +
  `FROM d WHERE json_valid(j)`,
];

Deno.test("json functions: hand-picked expressions equal node:sqlite", () => {
  const o = new JsonOracle();
  const failures: string[] = [];
  let n = 0;
  const check = (sql: string) => {
    n++;
    const r = o.compare(sql);
    if (!r.ok) failures.push(`${sql}\n  sqlite:  ${show(r.want)}\n  litejit: ${show(r.got)}`);
  };
  try {
    for (const e of EXPRESSIONS) check(`SELECT typeof(${e}), ${e}`);
    for (const d of DOCS) {
      for (const p of PATHS) {
        for (const f of PATH_FUNCTIONS) check(`SELECT typeof(${f(d, p)}), ${f(d, p)}`);
      }
      for (
        const f of [
          "json",
          "jsonb",
          "json_type",
          "json_valid",
          "json_error_position",
          "json_pretty",
        ]
      ) {
        check(`SELECT typeof(${f}(${q(d)})), ${f}(${q(d)})`);
      }
      for (const s of [`SELECT * FROM json_each(${q(d)})`, `SELECT * FROM json_tree(${q(d)})`]) {
        check(s);
      }
      for (const d2 of DOCS) check(`SELECT json_patch(${q(d)}, ${q(d2)})`);
    }
    for (const s of STATEMENTS) check(s);
  } finally {
    o.close();
  }
  console.log(`${n} cases, ${failures.length} differ`);
  assert.deepEqual(failures, []);
});

Deno.test("json functions: the JSON subtype survives the backend's register copies", () => {
  // Cases the backend does not pass yet are listed, with the reason, in tests/expectations.json
  // (area "json subtype"): a listed case must still fail, every other case must pass.
  const gaps = knownGaps("json subtype");
  const o = new JsonOracle();
  const problems: string[] = [];
  try {
    for (const sql of SUBTYPE_THROUGH_BACKEND) {
      const r = o.compare(sql);
      if (r.ok && gaps.has(sql)) problems.push(`listed as a gap but passes now: ${sql}`);
      if (!r.ok && !gaps.has(sql)) {
        problems.push(`${sql}\n sqlite:  ${show(r.want)}\n litejit: ${show(r.got)}`);
      }
    }
  } finally {
    o.close();
  }
  assert.deepEqual(problems, []);
});

// ---------------------------------------------------------------------------------------
// Property: generated documents and paths.

type Doc = { text: string; keys: string[] };

/** Generated JSON text: RFC-8259 with random JSON5 forms, whitespace and escapes. */
function jsonArb(): fc.Arbitrary<string> {
  const ws = fc.constantFrom("", "", "", " ", "\n\t", " /*c*/ ", "\u00a0", "// x\n");
  const key = fc.constantFrom("a", "b", "c d", "é", "a.b", "", "1", "x\\u0041", 'q\\"');
  const keyText = key.chain((k) =>
    fc.constantFrom(
      `"${k}"`,
      /^[a-z]+$/.test(k) ? k : `"${k}"`,
      /^[a-z ]+$/.test(k) ? `'${k}'` : `"${k}"`,
    )
  );
  const str = fc.constantFrom(
    '""',
    '"x"',
    '"a\\nb"',
    '"\\u00e9\\ud83d\\ude00"',
    '"tab\\t"',
    "'single'",
    '"\\x41"',
    '"q\\"q"',
    '"é😀"',
    '"\\/"',
    "'it\\'s'",
  );
  const num = fc.constantFrom(
    "0",
    "-0",
    "1",
    "-17",
    "1.5",
    "1e3",
    "-2.5E-3",
    "0x1F",
    "-0xa",
    ".5",
    "5.",
    "+3",
    "Infinity",
    "-Infinity",
    "NaN",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
    "1e400",
  );
  const atom = fc.oneof(str, num, fc.constantFrom("true", "false", "null"));
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      atom,
      fc.array(tie("value"), { maxLength: 4 }).chain((items) =>
        fc.tuple(ws, ws, fc.boolean()).map(([w1, w2, trailing]) =>
          `[${w1}${items.join(`,${w2}`)}${trailing && items.length > 0 ? "," : ""}]`
        )
      ),
      fc.array(fc.tuple(keyText, tie("value")), { maxLength: 4 }).chain((members) =>
        fc.tuple(ws, ws).map(([w1, w2]) =>
          `{${w1}${members.map(([k, v]) => `${k}${w2}:${v}`).join(",")}}`
        )
      ),
    ),
  }));
  return fc.oneof(
    { weight: 8, arbitrary: value as fc.Arbitrary<string> },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 60 }).map((d) => "[".repeat(d) + "1" + "]".repeat(d)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("[1,", '{"a"', "[01]", "{a b:1}", "", "[1] x", '"\\q"'),
    },
  );
}

function pathArb(): fc.Arbitrary<string> {
  const step = fc.oneof(
    fc.constantFrom(
      ".a",
      ".b",
      '."c d"',
      ".é",
      '."a.b"',
      '.""',
      ".x\\u0041",
      "[0]",
      "[1]",
      "[#-1]",
      "[#]",
      "[3]",
    ),
  );
  return fc.oneof(
    { weight: 9, arbitrary: fc.array(step, { maxLength: 4 }).map((s) => "$" + s.join("")) },
    { weight: 1, arbitrary: fc.constantFrom("a", "$.", "$[", "$[x]", "", "$a") },
  );
}

const PROPERTY_SQL = [
  "SELECT typeof(json(?1)), json(?1), json_valid(?1), json_valid(?1, 2), json_error_position(?1)",
  "SELECT hex(jsonb(?1)), json(jsonb(?1)), json_valid(jsonb(?1), 8), json_type(?1)",
  "SELECT typeof(json_extract(?1, ?2)), json_extract(?1, ?2), ?1 -> ?2, ?1 ->> ?2, json_type(?1, ?2)",
  "SELECT json_set(?1, ?2, 'v'), json_insert(?1, ?2, json('[1]')), json_replace(?1, ?2, 2.5)",
  "SELECT json_remove(?1, ?2), json_array_length(?1, ?2), hex(jsonb_set(?1, ?2, 1))",
  "SELECT json_set(jsonb(?1), ?2, ?1), json_extract(jsonb(?1), ?2, '$')",
  "SELECT json_pretty(?1), json_patch(?1, ?1), json_array(?1, json(?1)), json_object('k', json(?1))",
  "SELECT * FROM json_tree(?1)",
  "SELECT *, json, root FROM json_each(?1, ?2)",
  "SELECT *, json, root FROM json_tree(?1, ?2)",
];

Deno.test("json functions: generated documents and paths equal node:sqlite", () => {
  const o = new JsonOracle();
  try {
    fc.assert(
      fc.property(jsonArb(), pathArb(), (doc, path) => {
        for (const sql of PROPERTY_SQL) {
          const r = o.compare(sql, [doc, path]);
          if (!r.ok) {
            throw new Error(
              `${sql}\n doc=${JSON.stringify(doc)} path=${JSON.stringify(path)}\n sqlite:  ${
                show(r.want)
              }\n litejit: ${show(r.got)}`,
            );
          }
        }
      }),
      propertyParams(300, "json"),
    );
  } finally {
    o.close();
  }
});
