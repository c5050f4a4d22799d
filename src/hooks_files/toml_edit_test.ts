import assert from "node:assert/strict";
import { parse } from "smol-toml";
import { tomlWith } from "./toml_edit.ts";

const TRUST = { key: ["projects", "/p", "trust_level"], value: "trusted" };

Deno.test("tomlWith() edits a key of an existing table in place and keeps every other byte", () => {
  const text =
    '# mine\n[projects."/p"]\ntrust_level = "untrusted" # was\nother = 1\n\n[x]\ny = 2\n';
  assert.equal(
    tomlWith(text, [TRUST], "c.toml"),
    '# mine\n[projects."/p"]\ntrust_level = "trusted"\nother = 1\n\n[x]\ny = 2\n',
  );
  const added = tomlWith('[projects."/p"]\nother = 1\n', [TRUST], "c.toml");
  assert.equal(added, '[projects."/p"]\ntrust_level = "trusted"\nother = 1\n');
});

Deno.test("tomlWith() appends a missing table, sets an object's fields, and changes nothing said already", () => {
  const hash = {
    key: ["hooks", "state", "/p/.codex/hooks.json:stop:0:0"],
    value: { trusted_hash: "sha256:ab" },
  };
  const out = tomlWith('model = "m"', [TRUST, hash], "c.toml");
  assert.equal(
    out,
    'model = "m"\n\n[projects."/p"]\ntrust_level = "trusted"\n\n[hooks.state."/p/.codex/hooks.json:stop:0:0"]\ntrusted_hash = "sha256:ab"\n',
  );
  assert.equal(tomlWith(out, [TRUST, hash], "c.toml"), out);
  assert.equal((parse(out) as { model: string }).model, "m");
  assert.equal(tomlWith("", [TRUST], "c.toml"), '[projects."/p"]\ntrust_level = "trusted"\n');
});

Deno.test("tomlWith() refuses a table written in another form rather than guess", () => {
  assert.throws(
    () => tomlWith('projects = { "/p" = { trust_level = "untrusted" } }\n', [TRUST], "c.toml"),
    /another form|by hand/,
  );
});
