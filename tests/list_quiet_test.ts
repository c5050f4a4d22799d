// list must not cry wolf: after any install everyhook itself made, in a world where the
// person did what install said was still to do, list reports no problem.
import assert from "node:assert/strict";
import { AGENTS } from "../src/agents/mod.ts";
import type { Agent } from "../src/agents/types.ts";
import { EVENTS } from "../src/contract/contract.ts";
import type { ContractEvent } from "../src/contract/contract.ts";
import { install } from "../src/hooks_files/install.ts";
import { listHooks } from "../src/readers/list.ts";
import type { Listing } from "../src/readers/list.ts";
import { command as listCommand } from "../src/commands/list.ts";
import { memoryIo } from "../src/cli/io.ts";
import { trustEverything } from "./trust_world.ts";

interface Way {
  agents: Agent[];
  scope: "user" | "project";
  events: ContractEvent[];
}

const WAYS: Way[] = [
  ...AGENTS.flatMap((a) =>
    // An agent with no project file (Kimi Code) has no project install to list.
    (["user", "project"] as const).filter((s) => s === "user" || !a.install.noProject).map((
      scope,
    ) => ({
      agents: [a],
      scope,
      events: ["pre-tool", "stop"] as ContractEvent[],
    }))
  ),
  { agents: [...AGENTS], scope: "user", events: [...EVENTS] },
  { agents: [...AGENTS], scope: "project", events: [...EVENTS] },
];

function problems(listing: Listing): string[] {
  return [
    ...listing.files.flatMap((f) => f.problems.map((p) => `${f.file}: ${p.text}`)),
    ...listing.entries.flatMap((e) => e.problems.map((p) => `${e.file} ${e.event}: ${p.text}`)),
  ];
}

Deno.test("list reports no problem after any install everyhook made", async () => {
  for (const way of WAYS) {
    const root = await Deno.makeTempDir({ prefix: "everyhook-quiet-" });
    try {
      const home = `${root}/home`;
      const project = `${root}/project`;
      await Deno.mkdir(home);
      await Deno.mkdir(project);
      await Deno.writeTextFile(`${project}/hook.ts`, "");
      // A project's lines start everyhook by name: the person put it on PATH, as install said.
      const bin = `${root}/bin`;
      await Deno.mkdir(bin);
      await Deno.writeTextFile(`${bin}/everyhook`, "#!/bin/sh\n", { mode: 0o755 });
      const env = { HOME: home, PATH: `${bin}:${Deno.env.get("PATH") ?? ""}` };
      const os = Deno.build.os;
      const r = await install({
        hook: "hook.ts",
        agents: way.agents,
        events: way.events,
        scope: way.scope,
        timeout: 30,
        failClosed: false,
        dryRun: false,
        self: { argv: [Deno.execPath()], warnings: [] },
      }, { env, cwd: project, os, now: () => new Date() });
      assert.ok(r.results.some((x) => x.entries.length > 0));
      await trustEverything({ home, project, agents: way.agents });
      const listing = await listHooks(AGENTS, { env, os, project });
      const where = `${way.agents.map((a) => a.id).join(",")} ${way.scope}`;
      assert.ok(listing.entries.length > 0, where);
      assert.deepEqual(problems(listing), [], where);
      // Copilot CLI reads the project's .claude/settings.json, never ~/.claude/settings.json.
      for (const e of listing.entries.filter((e) => e.agent === "claude-code")) {
        const copilotRuns = e.alsoRunBy.includes("copilot-cli");
        assert.equal(copilotRuns, way.scope === "project", `${where} ${e.file}`);
        assert.equal(e.notes.length > 0, copilotRuns, `${where} ${e.file}`);
      }
      // Every agent heading shown has something under it.
      const io = memoryIo({ env, cwd: project });
      assert.equal(await listCommand([], io), 0, where);
      const text = io.stdoutText();
      for (const a of AGENTS) {
        const at = text.indexOf(`${a.id}\n`);
        if (at < 0) continue;
        const next = text.slice(at + a.id.length + 1).split("\n")[0] ?? "";
        assert.match(next, /^ {2}\S/, `${where}: empty ${a.id} heading`);
      }
    } finally {
      await Deno.remove(root, { recursive: true });
    }
  }
});
