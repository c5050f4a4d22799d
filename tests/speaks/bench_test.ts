// bench --speaks: a hook in Claude Code's protocol put to every agent's recorded documents, each row
// with the payload the hook was given (or why it was not called), what it printed, and what the agent does.
import assert from "node:assert/strict";
import { main } from "../../cli.ts";
import { memoryIo } from "../../src/cli/io.ts";

const GUARD = `#!/bin/bash
input=$(cat)
case "$input" in *'"tool_name":"Bash"'*'push --force'*) echo "R-BENCH no force push" >&2; exit 2;; esac
exit 0
`;

Deno.test({
  name:
    "bench --speaks claude-code shows the Claude Code payload each hook got and what each agent does",
  ignore: Deno.build.os === "windows",
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "everyhook-bench-speaks-" });
    try {
      await Deno.writeTextFile(`${dir}/guard.sh`, GUARD, { mode: 0o755 });
      const io = memoryIo({ env: { PATH: Deno.env.get("PATH") ?? "" }, cwd: dir });
      const code = await main(
        ["bench", `${dir}/guard.sh`, "--speaks", "claude-code", "--event", "pre-tool", "--json"],
        io,
      );
      assert.equal(code, 0, io.stdoutText() + io.stderrText());
      const out = JSON.parse(io.stdoutText());
      assert.equal(out.everyhook, 1);
      assert.equal(out.speaks, "claude-code");
      const forced = out.results.filter((r: { variant: string }) =>
        r.variant.startsWith("shell-force-push")
      );
      assert.ok(forced.length >= 9);
      for (const r of forced) {
        assert.equal(r.spoken.called, true, r.agent);
        assert.equal(r.spoken.payload.hook_event_name, "PreToolUse", r.agent);
        assert.equal(r.spoken.payload.tool_name, "Bash", r.agent);
        assert.equal(r.hook.exit, 2, r.agent);
        assert.equal(r.effect, "blocked", r.agent);
        assert.match(JSON.stringify(r.native), /R-BENCH no force push/, r.agent);
      }
      const unsaid = out.results.filter((r: { spoken: { called: boolean } }) => !r.spoken.called);
      assert.ok(unsaid.length > 0);
      for (const r of unsaid) {
        assert.equal(r.hook.status, "not-run");
        assert.ok(r.spoken.why.length > 0);
      }
      const text = memoryIo({ env: { PATH: Deno.env.get("PATH") ?? "" }, cwd: dir });
      await main([
        "bench",
        `${dir}/guard.sh`,
        "--speaks",
        "claude",
        "--agent",
        "gemini",
        "--event",
        "pre-tool",
      ], text);
      assert.match(
        text.stdoutText(),
        /claude-code hook got: PreToolUse Bash \{"command":"git push --force origin main"/,
      );
      assert.match(text.stdoutText(), /it printed: exit 2 stderr R-BENCH no force push/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
