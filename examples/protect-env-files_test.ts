import assert from "node:assert/strict";
import {
  answerFor,
  normalize,
  patternToRegExp,
  protectedPath,
  protectEntries,
} from "./protect-env-files.ts";

const at = (path: string, extra: string[] = [], cwd = "/p") =>
  protectedPath(path, { cwd, extra }) !== undefined;

Deno.test("protectedPath() protects .env and .env.* but not the documented samples", () => {
  assert.equal(at(".env"), true);
  assert.equal(at("/p/.env.local"), true);
  assert.equal(at("app/.env.production"), true);
  assert.equal(at("C:\\repo\\.ENV", [], "C:\\repo"), true);
  assert.equal(at(".env.example"), false);
  assert.equal(at(".env.sample"), false);
  assert.equal(at(".env.template"), false);
  assert.equal(at("env.ts"), false);
  assert.equal(at(".envrc"), false);
  assert.equal(at("app.env"), false);
});

Deno.test("protectedPath() reads extra files, folders and patterns", () => {
  assert.equal(at("secrets/key.txt", ["secrets"]), true);
  assert.equal(at("secrets/deep/key.txt", ["secrets/"]), true);
  assert.equal(at("secretsx/key.txt", ["secrets"]), false);
  assert.equal(at("config/prod.json", ["config/prod.json"]), true);
  assert.equal(at("/elsewhere/config/prod.json", ["config/prod.json"]), false);
  assert.equal(at("deep/a/b/id.pem", ["*.pem"]), true);
  assert.equal(at("certs/a/b/id.pem", ["certs/**/*.pem"]), true);
  assert.equal(at("certs/id.pem", ["certs/**/*.pem"]), true);
  assert.equal(at("other/id.pem", ["certs/**/*.pem"]), false);
  assert.equal(at("app.env", ["*.env"]), true);
  assert.equal(at("a/../secrets/x", ["secrets"]), true);
});

Deno.test("normalize() and patternToRegExp() handle dots, slashes and globs", () => {
  assert.equal(normalize("./a//b/../c", "/p/"), "/p/a/c");
  assert.equal(normalize("/abs/x", "/p"), "/abs/x");
  assert.equal(patternToRegExp("a*.txt").test("a/b.txt"), false);
  assert.equal(patternToRegExp("a/**").test("a/b/c"), true);
});

Deno.test("protectEntries() splits like PATH on each system", () => {
  assert.deepEqual(protectEntries("a:b/**: ", false), ["a", "b/**"]);
  assert.deepEqual(protectEntries("C:\\x;D:\\y", true), ["C:\\x", "D:\\y"]);
  assert.deepEqual(protectEntries(undefined, false), []);
});

Deno.test("answerFor() checks every path of an edit or write at pre-tool only", () => {
  const patch = {
    event: "pre-tool",
    cwd: "/p",
    tool: { kind: "edit", path: "src/a.ts", paths: ["src/a.ts", ".env"] },
  };
  const deny = answerFor(patch, []);
  assert.equal(deny?.decision, "deny");
  assert.match(deny?.reason ?? "", /\.env/);
  assert.ok((deny?.reason.length ?? 999) < 160);
  assert.equal(answerFor({ ...patch, tool: { kind: "read", paths: [".env"] } }, []), undefined);
  assert.equal(answerFor({ ...patch, event: "post-tool" }, []), undefined);
  assert.equal(
    answerFor({ event: "pre-tool", cwd: "/p", tool: { kind: "write", path: "ok.ts" } }, []),
    undefined,
  );
  assert.equal(
    answerFor({ event: "pre-tool", cwd: "/p", tool: { kind: "write", path: ".env" } }, [])
      ?.decision,
    "deny",
  );
});
