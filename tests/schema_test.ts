/**
 * The JSON Schemas in schema/ against what `run` really builds: every document
 * made from a recorded fixture (fixtures/<agent>/*.json) and from the sample
 * payloads beside the agent modules must validate, and the answer schema must
 * accept exactly what readAnswer() accepts. The validator (json_schema.ts) knows
 * only the keywords the schemas use, and refuses any other.
 */
import assert from "node:assert/strict";
import { findAgent } from "../src/agents/mod.ts";
import { eventNamed } from "../src/cli/options.ts";
import { readAnswer } from "../src/contract/contract.ts";
import type { HookDocument } from "../src/contract/contract.ts";
import { runAdapter } from "../src/run/run.ts";
import { readSchema, validate } from "./json_schema.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const documentSchema = await readSchema("document");
const answerSchema = await readSchema("answer");

/** The document `run` gives the hook for a payload, exactly as the hook reads it. */
async function documentFor(agentId: string, event: string, payload: unknown): Promise<unknown> {
  const agent = findAgent(agentId);
  assert.ok(agent, `no agent "${agentId}"`);
  let stdin: Uint8Array | undefined;
  const result = await runAdapter(
    agent,
    eventNamed(event, { command: "run", agent, native: true }),
    { bytes: new TextEncoder().encode(JSON.stringify(payload)), truncated: false },
    ["hook"],
    {
      env: {},
      cwd: ROOT,
      runner: (spec) => {
        stdin = spec.stdin;
        return Promise.resolve({ kind: "exited", code: 0, stdout: "", stderr: "", ms: 0 });
      },
    },
  );
  assert.equal(result.failure, null, `${agentId} ${event}: ${result.failure?.detail}`);
  assert.ok(stdin, `${agentId} ${event}: the hook was not run`);
  return JSON.parse(new TextDecoder().decode(stdin));
}

async function* jsonFiles(dir: string): AsyncGenerator<string> {
  let entries: Deno.DirEntry[];
  try {
    entries = await Array.fromAsync(Deno.readDir(dir));
  } catch {
    return;
  }
  for (const e of entries) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory && e.name !== "conformance") yield* jsonFiles(path);
    else if (e.isFile && e.name.endsWith(".json")) yield path;
  }
}

Deno.test("validate() finds what is wrong with a document", () => {
  const doc: HookDocument = {
    everyhook: 1,
    agent: "claude-code",
    event: "pre-tool",
    nativeEvent: "PreToolUse",
    tool: { name: "Bash", kind: "shell", command: "ls", input: { command: "ls" } },
    native: {},
  };
  assert.deepEqual(validate(doc, documentSchema, documentSchema), []);
  const bad = { ...doc, everyhook: 2, event: "lunch", extra: 1, tool: { name: "Bash", kind: "x" } };
  const problems = validate(bad, documentSchema, documentSchema).join("\n");
  assert.match(problems, /\$.everyhook: is not 1/);
  assert.match(problems, /\$.event: "lunch" is not one of/);
  assert.match(problems, /"extra" is not allowed/);
  assert.match(problems, /\$.tool: "input" is required/);
  assert.match(problems, /\$.tool.kind: "x" is not one of/);
  assert.deepEqual(validate({ everyhook: 1 }, documentSchema, documentSchema).length, 4);
});

Deno.test("document.schema.json: every document run builds from a recorded fixture validates", async () => {
  let count = 0;
  for await (const file of jsonFiles(`${ROOT}fixtures`)) {
    const fixture = JSON.parse(await Deno.readTextFile(file));
    if (typeof fixture.payload !== "object" || !findAgent(fixture.agent)) continue;
    const doc = await documentFor(fixture.agent, fixture.event, fixture.payload);
    assert.deepEqual(validate(doc, documentSchema, documentSchema), [], file);
    count++;
  }
  assert.ok(count > 0, "no fixtures were found in fixtures/");
});

Deno.test("document.schema.json: every document run builds from the sample payloads validates", async () => {
  let count = 0;
  for await (const file of jsonFiles(`${ROOT}src/agents/testdata`)) {
    const agentId = file.split("/").pop()!.replace(/\.json$/, "").replaceAll("_", "-");
    if (!findAgent(agentId)) continue;
    const samples = JSON.parse(await Deno.readTextFile(file)) as Record<string, unknown>;
    for (const [key, payload] of Object.entries(samples)) {
      const native = key.split(".")[0] as string;
      const agent = findAgent(agentId)!;
      let event: string;
      try {
        event = eventNamed(native, { command: "run", agent, native: true });
      } catch {
        continue; // an event everyhook does not map (such as PermissionRequest)
      }
      const doc = await documentFor(agentId, event, payload);
      assert.deepEqual(validate(doc, documentSchema, documentSchema), [], `${file} ${key}`);
      count++;
    }
  }
  assert.ok(count > 0, "no sample payloads were found");
});

Deno.test("answer.schema.json accepts exactly what readAnswer() accepts", () => {
  const samples = [
    "{}",
    '{"decision":"deny","reason":"no"}',
    '{"decision":"allow","input":{"command":"ls"}}',
    '{"decision":"ask","message":"m","context":"c"}',
    '{"decision":null,"reason":null}',
    '{"decision":"block"}',
    '{"decision":"deny","extra":1}',
    '{"reason":3}',
    '{"input":"ls"}',
    '{"input":[1]}',
    "[]",
    '"deny"',
  ];
  for (const text of samples) {
    const valid = validate(JSON.parse(text), answerSchema, answerSchema).length === 0;
    assert.equal(valid, readAnswer(text).ok, text);
  }
});
