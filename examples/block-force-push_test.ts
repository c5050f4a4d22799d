import assert from "node:assert/strict";
import { shebangPermissions } from "../src/run/hook_plan.ts";
import {
  answerFor,
  forcedPushes,
  isProtected,
  protectedBranches,
  splitCommands,
} from "./block-force-push.ts";

const MAIN = { protectedBranches: ["main", "master"] };
const branchOf = (line: string, current?: string) =>
  forcedPushes(line, { ...MAIN, currentBranch: () => current }).map((f) => f.branch);

Deno.test("splitCommands() splits on operators and resolves quotes", () => {
  assert.deepEqual(splitCommands(`a 'b c' "d \\"e\\"" f\\ g && h || i; j | k & l`), [
    ["a", "b c", 'd "e"', "f g"],
    ["h"],
    ["i"],
    ["j"],
    ["k"],
    ["l"],
  ]);
  assert.deepEqual(splitCommands("echo $(git push -f origin main)"), [["echo", "$"], [
    "git",
    "push",
    "-f",
    "origin",
    "main",
  ]]);
});

Deno.test("forcedPushes() finds --force, -f and clusters to a protected branch", () => {
  assert.deepEqual(branchOf("git push --force origin main"), ["main"]);
  assert.deepEqual(branchOf("git push -f origin master"), ["master"]);
  assert.deepEqual(branchOf("git push -fu origin main"), ["main"]);
  assert.deepEqual(branchOf("git push -uf origin main"), ["main"]);
  assert.deepEqual(branchOf("git push origin main --force"), ["main"]);
});

Deno.test("forcedPushes() leaves unforced, leased and unprotected pushes alone", () => {
  assert.deepEqual(branchOf("git push origin main"), []);
  assert.deepEqual(branchOf("git push --force-with-lease origin main"), []);
  assert.deepEqual(branchOf("git push --force-with-lease=main:abc origin main"), []);
  assert.deepEqual(branchOf("git push -f origin feature/x"), []);
  assert.deepEqual(branchOf("git push -u origin main"), []);
  assert.deepEqual(branchOf("echo git push -f origin main"), []);
  assert.deepEqual(branchOf("git log --force origin main"), []);
});

Deno.test("forcedPushes() reads +refspecs and src:dst", () => {
  assert.deepEqual(branchOf("git push origin +main"), ["main"]);
  assert.deepEqual(branchOf("git push origin +feature:main"), ["main"]);
  assert.deepEqual(branchOf("git push origin +HEAD:refs/heads/master"), ["master"]);
  assert.deepEqual(branchOf("git push origin main +feature"), []);
  assert.deepEqual(branchOf("git push -f origin main:feature"), []);
  assert.deepEqual(branchOf("git push origin +HEAD", "main"), ["main"]);
});

Deno.test("forcedPushes() treats --all and --mirror with a force as every branch", () => {
  assert.deepEqual(branchOf("git push --all --force origin"), ["*"]);
  assert.deepEqual(branchOf("git push --mirror -f backup"), ["*"]);
  assert.deepEqual(branchOf("git push --all origin"), []);
});

Deno.test("forcedPushes() reads compound commands, quotes, prefixes and git -C", () => {
  assert.deepEqual(
    branchOf(`cd repo && git add . && git commit -m "x; y" && git push -f origin main`),
    ["main"],
  );
  assert.deepEqual(branchOf(`git -C "/some dir" push --force 'origin' 'main'`), ["main"]);
  assert.deepEqual(branchOf("GIT_TRACE=1 sudo git -c core.x=y push -f origin master | tee log"), [
    "master",
  ]);
  assert.deepEqual(branchOf("/usr/bin/git push -f origin main"), ["main"]);
});

Deno.test("forcedPushes() asks for the current branch when none is named, in the -C folder", () => {
  const dirs: Array<string | undefined> = [];
  const found = forcedPushes("git -C sub push -f", {
    ...MAIN,
    currentBranch: (dir) => {
      dirs.push(dir);
      return "main";
    },
  });
  assert.deepEqual(found.map((f) => f.branch), ["main"]);
  assert.deepEqual(dirs, ["sub"]);
  assert.deepEqual(branchOf("git push -f origin", "feature"), []);
  assert.deepEqual(branchOf("git push --force"), [undefined]);
});

Deno.test("isProtected() and protectedBranches() read names and * patterns", () => {
  assert.equal(isProtected("release/2.0", ["release/*"]), true);
  assert.equal(isProtected("release", ["release/*"]), false);
  assert.equal(isProtected("a.b", ["a*b"]), true);
  assert.equal(isProtected("axb", ["a.b"]), false);
  assert.deepEqual(protectedBranches(undefined), ["main", "master"]);
  assert.deepEqual(protectedBranches(" "), ["main", "master"]);
  assert.deepEqual(protectedBranches("dev,release/*"), ["dev", "release/*"]);
});

Deno.test("answerFor() denies only a shell pre-tool force push, with a short reason", () => {
  const deny = answerFor({
    event: "pre-tool",
    tool: { kind: "shell", command: "git push --force origin main" },
  }, MAIN);
  assert.equal(deny?.decision, "deny");
  assert.match(deny?.reason ?? "", /"main"/);
  assert.ok((deny?.reason.length ?? 999) <= 140);
  assert.equal(
    answerFor(
      { event: "post-tool", tool: { kind: "shell", command: "git push -f origin main" } },
      MAIN,
    ),
    undefined,
  );
  assert.equal(
    answerFor(
      { event: "pre-tool", tool: { kind: "edit", command: "git push -f origin main" } },
      MAIN,
    ),
    undefined,
  );
  const unknown = answerFor(
    { event: "pre-tool", tool: { kind: "shell", command: "git push -f" } },
    {
      ...MAIN,
      currentBranch: () => undefined,
    },
  );
  assert.match(unknown?.reason ?? "", /could not be told/);
});

Deno.test("block-force-push.ts as a program denies with its shebang's permissions only", async () => {
  const hook = new URL("./block-force-push.ts", import.meta.url).pathname;
  const first = (await Deno.readTextFile(hook)).split("\n")[0] ?? "";
  // The flags the hook runner grants: exactly those of the shebang.
  const flags = shebangPermissions(first);
  assert.deepEqual(flags, ["--allow-env=EVERYHOOK_PROTECTED_BRANCHES", "--allow-run=git"]);
  const run = async (command: string, env: Record<string, string> = {}) => {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-prompt", ...flags, hook],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      env,
      cwd: await Deno.makeTempDir(),
    }).spawn();
    const w = child.stdin.getWriter();
    await w.write(
      new TextEncoder().encode(
        JSON.stringify({ everyhook: 1, event: "pre-tool", tool: { kind: "shell", command } }),
      ),
    );
    await w.close();
    const out = await child.output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    return new TextDecoder().decode(out.stdout);
  };
  assert.equal(JSON.parse(await run("git push -f origin main")).decision, "deny");
  assert.equal(await run("git push origin main"), "");
  assert.equal(await run("git push -f origin dev"), "");
  assert.equal(
    JSON.parse(await run("git push -f origin dev", { EVERYHOOK_PROTECTED_BRANCHES: "d*" }))
      .decision,
    "deny",
  );
  // Outside a repository the current branch cannot be told: refused.
  assert.match(JSON.parse(await run("git push --force")).reason, /could not be told/);
});

Deno.test("block-force-push.ts asks git for the current branch in the agent's folder", async () => {
  const hook = new URL("./block-force-push.ts", import.meta.url).pathname;
  const repo = await Deno.makeTempDir();
  const git = (...args: string[]) =>
    new Deno.Command("git", { args, cwd: repo, stdout: "null", stderr: "null" }).outputSync();
  if (!git("init", "-q", "-b", "main").success) {
    // deno-lint-ignore no-console
    console.log("skipped: git cannot make a repository here");
    return;
  }
  const ask = async (branch: string) => {
    git("checkout", "-q", "-B", branch);
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--no-prompt",
        "--allow-env=EVERYHOOK_PROTECTED_BRANCHES",
        "--allow-run=git",
        hook,
      ],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const w = child.stdin.getWriter();
    const doc = {
      everyhook: 1,
      event: "pre-tool",
      cwd: repo,
      tool: { kind: "shell", command: "git push --force" },
    };
    await w.write(new TextEncoder().encode(JSON.stringify(doc)));
    await w.close();
    return new TextDecoder().decode((await child.output()).stdout);
  };
  assert.match(await ask("main"), /protected branch \\"main\\"/);
  assert.equal(await ask("feature"), "");
  await Deno.remove(repo, { recursive: true });
});
