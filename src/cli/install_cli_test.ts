import assert from "node:assert/strict";
import { EveryhookError } from "../contract/errors.ts";
import { parseChangeArgs, renderInstall, renderRestore, renderUninstall } from "./install_cli.ts";

const usage = (f: () => unknown, pattern: RegExp) =>
  assert.throws(
    f,
    (e: unknown) => e instanceof EveryhookError && e.code === "usage" && pattern.test(e.message),
  );

Deno.test("parseChangeArgs() reads agents, events, scope, timeout and switches", () => {
  const a = parseChangeArgs(
    "install",
    [
      "h.ts",
      "--agent",
      "claude,codex,claude-code",
      "--event",
      "pre-tool,stop",
      "--timeout",
      "45",
      "--fail-closed",
      "--dry-run",
      "--json",
      "--matcher",
      "Bash",
    ],
  );
  assert.deepEqual(a.agents?.map((x) => x.id), ["claude-code", "codex"]);
  assert.deepEqual(a.events, ["pre-tool", "stop"]);
  assert.equal(a.timeout, 45);
  assert.ok(a.failClosed && a.dryRun && a.json);
  assert.equal(a.matcher, "Bash");
  assert.equal(
    parseChangeArgs("install", ["h", "--all", "--event", "all"]).events,
    "all",
  );
  assert.equal(parseChangeArgs("restore", ["--all", "--project", "p"]).scope, "project");
});

Deno.test("parseChangeArgs() turns bad options into usage errors", () => {
  usage(() => parseChangeArgs("install", ["h", "--agent", "nobody"]), /no agent named "nobody"/);
  usage(
    () => parseChangeArgs("install", ["h", "--all", "--event", "later"]),
    /no event named "later"/,
  );
  usage(() => parseChangeArgs("install", ["h", "--all", "--timeout", "2.5"]), /whole number/);
  usage(
    () => parseChangeArgs("install", ["h", "--all", "--scope", "team"]),
    /not one of user, project/,
  );
  usage(() => parseChangeArgs("install", ["h", "--all", "--agent", "codex"]), /not both/);
  usage(() => parseChangeArgs("restore", ["--all", "--matcher", "x"]), /unknown option --matcher/);
  usage(
    () => parseChangeArgs("restore", ["--all", "--scope", "user", "--project", "p"]),
    /--project/,
  );
  assert.equal(parseChangeArgs("restore", ["--all", "--scope", "project"]).scope, "project");
  assert.equal(parseChangeArgs("install", ["h", "--all"]).timeout, 30);
  assert.deepEqual(parseChangeArgs("install", ["h", "--all"]).events, ["pre-tool"]);
});

Deno.test("renderInstall() says what it did per agent, with the home as ~ and what is still to do", () => {
  const text = renderInstall({
    ok: false,
    dryRun: true,
    hook: "/h/hooks/a.ts",
    mode: "run",
    scope: "user",
    warnings: ["deno is in a cache"],
    results: [
      {
        agent: "codex",
        scope: "user",
        file: "/h/.codex/hooks.json",
        action: "created",
        backup: null,
        refused: null,
        entries: [{
          event: "pre-tool",
          native: "PreToolUse",
          matcher: "Bash",
          timeout: 30,
          can: "deny blocks",
        }],
        notes: ["a note"],
      },
      {
        agent: "cursor",
        scope: "user",
        file: "/h/.cursor/hooks.json",
        action: "refused",
        backup: null,
        refused: 'Cannot read "/h/.cursor/hooks.json": it is not valid JSON at line 1:2',
        entries: [],
        notes: [],
      },
    ],
    needs: [{ agent: "codex", text: "Trust it." }],
  }, { HOME: "/h" });
  assert.equal(
    text,
    [
      "everyhook install a.ts (user scope), dry run: nothing is written",
      "",
      "Warning: deno is in a cache",
      "",
      "codex        would create  ~/.codex/hooks.json",
      "  pre-tool       PreToolUse (matcher Bash) deny blocks",
      "  note: a note",
      "cursor       refused  ~/.cursor/hooks.json",
      '  Cannot read "/h/.cursor/hooks.json": it is not valid JSON at line 1:2',
      "",
      "Still to do:",
      "  codex: Trust it.",
      "",
    ].join("\n"),
  );
});

Deno.test("renderUninstall() and renderRestore() say what happened to each file", () => {
  const u = renderUninstall({
    ok: true,
    dryRun: false,
    hook: "/h/a.ts",
    scope: "user",
    removed: 2,
    results: [
      {
        agent: "claude-code",
        scope: "user",
        file: "/h/.claude/settings.json",
        action: "removed",
        removed: 1,
        backup: "/h/.claude/settings.json.bak-everyhook-20261017-173000-1",
        restoredFrom: "/h/.claude/settings.json.bak-everyhook-20261017-173000",
        refused: null,
        notes: [],
      },
      {
        agent: "codex",
        scope: "user",
        file: "/h/.codex/hooks.json",
        action: "deleted",
        removed: 1,
        backup: "/h/.codex/hooks.json.bak-everyhook-20261017-173000",
        restoredFrom: null,
        refused: null,
        notes: [],
      },
    ],
  }, { HOME: "/h" });
  assert.ok(u.includes(
    "claude-code  removed 1 entry  ~/.claude/settings.json\n  the file is back to its bytes from before install\n",
  ));
  assert.ok(u.includes("codex        deleted the file (it held only 1 entry of ours)"));
  const r = renderRestore({
    ok: true,
    dryRun: false,
    scope: "project",
    list: false,
    results: [
      {
        agent: "codex",
        scope: "project",
        file: "/p/.codex/hooks.json",
        from: "/p/.codex/.everyhook-backups/hooks.json.20261017-173000.bak",
        others: 0,
        restored: true,
        reason: null,
        savedCurrent: "/p/.codex/.everyhook-backups/hooks.json.20261017-173001.bak",
        backups: [{
          id: "20261017-173000",
          path: "/p/.codex/.everyhook-backups/hooks.json.20261017-173000.bak",
          time: "2026-10-17T17:30:00.000Z",
          first: true,
        }],
      },
      {
        agent: "cursor",
        scope: "project",
        file: "/p/.cursor/hooks.json",
        from: null,
        others: 0,
        restored: false,
        reason: "no everyhook backup of this file",
        backups: [],
      },
    ],
  }, {});
  assert.ok(r.includes(
    "codex        put back backup 20261017-173000  /p/.codex/hooks.json\n  the file is saved as /p/.codex/.everyhook-backups/hooks.json.20261017-173001.bak: restore --backup 20261017-173001 undoes this restore\n",
  ));
  assert.ok(r.includes("cursor       nothing put back: no everyhook backup of this file"));
});
