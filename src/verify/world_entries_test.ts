import assert from "node:assert/strict";
import { parse } from "smol-toml";
import { findAgent } from "../agents/mod.ts";
import type { Listing } from "../readers/listing.ts";
import { wrapEntries } from "./world_entries.ts";

Deno.test("wrapEntries wraps each [[hooks]] table of a TOML config in the probe, in file order", async () => {
  const root = await Deno.makeTempDir();
  try {
    const file = `${root}/home/.kimi-code/config.toml`;
    await Deno.mkdir(`${root}/home/.kimi-code`, { recursive: true });
    await Deno.writeTextFile(
      file,
      'model = "m"\n\n[[hooks]]\nevent = "Stop"\ncommand = "echo one"\n\n[[hooks]]\nevent = "PreToolUse"\nmatcher = "Bash"\ncommand = "echo two"\ntimeout = 5\n',
    );
    const listing = { project: `${root}/p`, files: [], entries: [{ file }] } as unknown as Listing;
    const world = { env: { HOME: `${root}/home` }, os: "linux", project: `${root}/p` };
    const watched = await wrapEntries(findAgent("kimi")!, listing, world, root, (p) => p);
    assert.deepEqual(watched.map((w) => [w.id, w.native]), [["e1-1", "Stop"], [
      "e1-2",
      "PreToolUse",
    ]]);
    const after = parse(await Deno.readTextFile(file)) as {
      model: string;
      hooks: Array<{ command: string; matcher?: string; timeout?: number }>;
    };
    assert.equal(after.model, "m");
    assert.match(after.hooks[0]!.command, /probe\.sh' e1-1 .*echo one/);
    assert.match(after.hooks[1]!.command, /probe\.sh' e1-2 .*echo two/);
    assert.equal(after.hooks[1]!.matcher, "Bash");
    assert.equal(after.hooks[1]!.timeout, 5);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
