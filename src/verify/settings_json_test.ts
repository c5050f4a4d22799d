import assert from "node:assert/strict";
import { EveryhookError } from "../contract/errors.ts";
import { mergeSettings, mergeSettingsFile } from "./settings_json.ts";

Deno.test("mergeSettings() keeps what the file holds and sets the run's keys at any depth", () => {
  const base = { hooks: { Stop: [{ hooks: [] }] }, security: { auth: { a: 1 }, other: true } };
  const merged = mergeSettings(base, { security: { auth: { selectedType: "x" } }, list: [1] });
  assert.deepEqual(merged, {
    hooks: { Stop: [{ hooks: [] }] },
    security: { auth: { a: 1, selectedType: "x" }, other: true },
    list: [1],
  });
  assert.deepEqual(base.security.auth, { a: 1 }, "the input was changed");
});

Deno.test("mergeSettingsFile() writes a new file, merges into one that is there, leaves one that holds it all, and refuses one that is not JSON", async () => {
  const dir = await Deno.makeTempDir({ prefix: "everyhook-settings-" });
  try {
    const path = `${dir}/.agent/settings.json`;
    await mergeSettingsFile(path, { a: { b: 1 } });
    assert.deepEqual(JSON.parse(await Deno.readTextFile(path)), { a: { b: 1 } });
    await Deno.writeTextFile(path, '{"hooks": {"Stop": []}, "a": {"c": 2}}');
    await mergeSettingsFile(path, { a: { b: 1 } });
    assert.deepEqual(JSON.parse(await Deno.readTextFile(path)), {
      hooks: { Stop: [] },
      a: { c: 2, b: 1 },
    });
    const own = '{\n    "a": {"b": 1, "c": 2},  "hooks": {"Stop": []}\n}\n';
    await Deno.writeTextFile(path, own);
    await mergeSettingsFile(path, { a: { b: 1 } });
    assert.equal(await Deno.readTextFile(path), own, "a file that had every key was written");
    await Deno.writeTextFile(path, "// a comment\n{}");
    await assert.rejects(
      () => mergeSettingsFile(path, {}),
      (e) => e instanceof EveryhookError && e.code === "config-syntax",
    );
    await Deno.writeTextFile(path, "[]");
    await assert.rejects(() => mergeSettingsFile(path, {}), EveryhookError);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
