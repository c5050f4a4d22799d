import assert from "node:assert/strict";
import { inWorld } from "../../tests/in_world.ts";
import { findOnPath } from "./path_search.ts";

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
