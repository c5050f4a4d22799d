// A failed tool fires another event than post-tool in some agents: install writes it too,
// and run answers it with that event's own cells.
import assert from "node:assert/strict";
import { findAgent } from "../src/agents/mod.ts";
import { findOurs } from "../src/settings/settings_file.ts";
import { install } from "../src/install/install.ts";
import { parseJsonText } from "../src/settings/json_text.ts";
import { translate } from "../src/run/translate.ts";
import type { Basis } from "../src/agents/types.ts";

const copilot = findAgent("copilot-cli")!;

Deno.test("install writes Copilot CLI's postToolUseFailure where post-tool is asked for", async () => {
  const home = await Deno.makeTempDir({ prefix: "everyhook-failure-" });
  try {
    await Deno.writeTextFile(`${home}/hook.ts`, "");
    await install({
      hook: "hook.ts",
      agents: [copilot],
      events: ["post-tool"],
      scope: "user",
      timeout: 30,
      failClosed: false,
      dryRun: false,
      self: { argv: ["/opt/bin/everyhook"], warnings: [] },
    }, { env: { HOME: home }, cwd: home, os: Deno.build.os, now: () => new Date(0) });
    const path = `${home}/.copilot/hooks/everyhook.json`;
    const file = parseJsonText(await Deno.readTextFile(path), path) as Record<string, unknown>;
    const natives = findOurs(file, copilot.install).map((e) => e.native).sort();
    assert.deepEqual(natives, ["postToolUse", "postToolUseFailure"]);
    for (const e of findOurs(file, copilot.install)) assert.equal(e.line.event, "post-tool");
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("translate() answers Copilot CLI's postToolUseFailure with guidance, not a block", () => {
  for (const nativeEvent of ["postToolUseFailure", "PostToolUseFailure"]) {
    const t = translate(copilot, "post-tool", { decision: "deny", reason: "try ls first" }, {
      nativeEvent,
    });
    assert.deepEqual(JSON.parse(t.stdout), { additionalContext: "try ls first" });
    assert.deepEqual(t.effects, ["feedback"]);
  }
  const post = translate(copilot, "post-tool", { decision: "deny", reason: "r" });
  assert.equal(JSON.parse(post.stdout).decision, "block");
});

/** One recorded case, as far as these tests read it. */
interface Recorded {
  id: string;
  nativeEvent: string;
  reachedModel: boolean | null;
}

Deno.test("Copilot CLI's failed-tool answers rest on recorded runs that show them reaching the model", async () => {
  const file = JSON.parse(
    await Deno.readTextFile(new URL("../fixtures/conformance/copilot-cli.json", import.meta.url)),
  ) as { cases: Recorded[] };
  const cells = copilot.aliasCells?.postToolUseFailure;
  assert.ok(cells);
  for (const part of ["deny", "ask", "context", "none"] as const) {
    const basis: Basis = cells[part].basis;
    assert.equal(basis.kind, "binary", `${part} rests on a recorded run`);
    const id: string = basis.kind === "binary" ? basis.case : "";
    const c: Recorded | undefined = file.cases.find((x) => x.id === id);
    assert.equal(c?.nativeEvent, "postToolUseFailure", `${part}: case ${id} is recorded`);
    if (part !== "none") assert.equal(c?.reachedModel, true, `${part}: the text reached the model`);
  }
  // What the cells avoid was recorded as ignored at that event.
  for (const id of ["postfail-block", "postfail-deny", "postfail-pascal-context"]) {
    assert.equal(file.cases.find((x) => x.id === id)?.reachedModel, false, id);
  }
});
