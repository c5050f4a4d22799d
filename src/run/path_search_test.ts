import assert from "node:assert/strict";
import { findOnPath } from "./path_search.ts";

/** Run `fn` in a throwaway folder holding `files` (those without an extension executable). */
async function inWorld(
  files: Record<string, string>,
  fn: (dir: string) => void | Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "everyhook-hp-" });
  try {
    for (const [name, text] of Object.entries(files)) {
      await Deno.writeTextFile(`${dir}/${name}`, text);
      if (!name.includes(".")) await Deno.chmod(`${dir}/${name}`, 0o755);
    }
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("findOnPath() finds a program on the environment's PATH only", async () => {
  await inWorld({ "tool": "#!/bin/sh\n" }, (dir) => {
    assert.equal(findOnPath("tool", { PATH: `/nonexistent:${dir}` }, "linux"), `${dir}/tool`);
    assert.equal(findOnPath("tool", { PATH: "/nonexistent" }, "linux"), undefined);
    assert.equal(findOnPath("tool", {}, "linux"), undefined);
  });
});

if (Deno.build.os !== "windows") {
  // deno-lint-ignore no-console
  console.log("skipped: findOnPath() with PATHEXT is a Windows behaviour; this is not Windows");
}
Deno.test({
  name: "findOnPath() uses PATHEXT and a Path of any case on Windows",
  ignore: Deno.build.os !== "windows",
  fn: async () => {
    await inWorld({ "tool.CMD": "" }, (dir) => {
      const found = findOnPath("tool", { Path: dir, PATHEXT: ".EXE;.CMD" }, "windows");
      assert.equal(found, `${dir}\\tool.CMD`);
    });
  },
});
