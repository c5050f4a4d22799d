import assert from "node:assert/strict";
import { copyBounded, copyState } from "./world_copy.ts";

Deno.test("copyBounded: two links back to their own folder copy each file once, and finish", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    await Deno.mkdir(`${dir}/p/.claude/hooks`, { recursive: true });
    await Deno.writeTextFile(`${dir}/p/.claude/settings.json`, "{}");
    await Deno.writeTextFile(`${dir}/p/.claude/hooks/guard.sh`, "true\n");
    await Deno.symlink(".", `${dir}/p/.claude/a`);
    await Deno.symlink(".", `${dir}/p/.claude/b`);
    await Deno.symlink("..", `${dir}/p/.claude/hooks/up`);
    await Deno.symlink("guard.sh", `${dir}/p/.claude/hooks/same.sh`);
    const state = copyState();
    await copyBounded(`${dir}/p/.claude`, `${dir}/w/.claude`, state, `${dir}/p`);
    assert.deepEqual(state.copies.map((c) => c.from).sort(), [
      `${dir}/p/.claude/hooks/guard.sh`,
      `${dir}/p/.claude/hooks/same.sh`,
      `${dir}/p/.claude/settings.json`,
    ]);
    assert.equal(await Deno.readTextFile(`${dir}/w/.claude/hooks/same.sh`), "true\n");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("copyBounded: a project folder that is a link out of the project is not copied", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    await Deno.mkdir(`${dir}/home/.ssh`, { recursive: true });
    await Deno.writeTextFile(`${dir}/home/.ssh/id_rsa`, "KEY");
    await Deno.mkdir(`${dir}/p`);
    await Deno.symlink(`${dir}/home/.ssh`, `${dir}/p/.claude`);
    const state = copyState();
    await copyBounded(`${dir}/p/.claude`, `${dir}/w/.claude`, state, `${dir}/p`);
    assert.equal(state.files, 0);
    assert.match(state.skipped[0]!, /not copied, it leads out of the project/);
    // The same folder in the user's own setup (no project to stay in) is copied.
    await copyBounded(`${dir}/p/.claude`, `${dir}/w/.claude`, state);
    assert.equal(state.files, 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
