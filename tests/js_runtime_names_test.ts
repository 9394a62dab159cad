/**
 * The JS backend's run-time library (backends/js-codegen/runtime.ts) lists its members by
 * name: every `RT.…` a template can write, over each operand variant, is one of them.
 */
import assert from "node:assert/strict";
import { RUNTIME } from "../backends/js-codegen/runtime.ts";
import { type TemplateContext, TEMPLATES } from "../backends/js-codegen/templates.ts";
import { FunctionSubtype } from "../backends/bytecode/descriptors.ts";
import type { Op } from "../backends/bytecode/opcodes.ts";
import { Affinity } from "../core/value/types.ts";

Deno.test("js runtime: every RT member a template names exists", () => {
  const seen = new Set<string>();
  const entries = [Affinity.Text, Affinity.Blob, Affinity.Numeric].flatMap((aff) =>
    [FunctionSubtype.None, FunctionSubtype.Result, FunctionSubtype.PassArgument].map((subtype) => ({
      aff,
      subtype,
      argc: 1,
      n: 1,
      coll: { name: "BINARY" },
    }))
  );
  // Every kind of aggregate call AggStep specialises on, and one it does not.
  const calls = ["count", "sum", "total", "avg", "min", "max", "group_concat"].flatMap((name) =>
    [0, 1].map((argc) => ({ name, argc, distinct: false, collation: "BINARY", orderBy: [] }))
  );
  for (const [n, entry] of entries.entries()) {
    const t: TemplateContext = {
      pc: 1,
      jump: () => "{}",
      halt: () => "{}",
      row: () => "{}",
      view: () => "V",
      flag: () => "F",
      k: (i) => `k${i}`,
      entry: () => entry,
      slotEntry: () => ({ calls: [...calls.slice(n), ...calls.slice(0, n)] }),
      aggState: (slot, i) => `s${slot}.current.states[${i}]`,
    };
    for (const [op, template] of Object.entries(TEMPLATES)) {
      for (const p3 of [0, 1]) {
        for (const p5 of [0, 1, 2]) {
          const ins = { op: Number(op) as Op, p1: 1, p2: 2, p3, p4: 1, p5, comment: "" };
          for (const m of template(ins, t).matchAll(/\bRT\.(\w+)(?:\.(\w+))?/g)) {
            const member = (RUNTIME as Record<string, unknown>)[m[1]];
            assert.ok(member !== undefined, `RT.${m[1]} (opcode ${op})`);
            if (m[2] !== undefined && typeof member === "object") {
              assert.ok((member as Record<string, unknown>)[m[2]] !== undefined, m[0]);
            }
            seen.add(m[0]);
          }
        }
      }
    }
  }
  assert.ok(seen.size > 30, `only ${seen.size} names seen`);
});
