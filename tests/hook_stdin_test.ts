// deno-lint-ignore-file no-console -- a skipped test prints why
/**
 * A hook written with the SDK reads its stdin with `readSync`. An agent may
 * hand it a pipe left non-blocking, whose data comes later than the hook's
 * start: the hook must wait for it, not fail. Python makes such a pipe (Deno
 * cannot); without python3 on PATH the test skips and says so.
 */
import assert from "node:assert/strict";
import { findOnPath } from "../src/os/path_search.ts";

const ROOT = new URL("..", import.meta.url);
const SDK = new URL("hook.bundle.js", ROOT).href;

// The project's own PATH search, as run uses it to find an interpreter.
const python = findOnPath("python3", Deno.env.toObject(), Deno.build.os);
if (!python) {
  console.log("hook stdin test: skipped, no python3 on PATH to make a non-blocking pipe");
}

Deno.test({
  name:
    "a direct-mode hook on a non-blocking stdin whose payload comes late waits for it and answers",
  ignore: python === undefined,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "everyhook-stdin-" });
    try {
      const hook = `${dir}/hook.ts`;
      await Deno.writeTextFile(
        hook,
        `import { defineHook } from ${JSON.stringify(SDK)};\n` +
          `export default defineHook((doc) => ({ decision: "deny", reason: \`late \${doc.prompt}\` }));\n`,
      );
      const payload = JSON.stringify({
        "session_id": "s",
        "hook_event_name": "UserPromptSubmit",
        prompt: "hello",
      });
      // The pipe's read end is made non-blocking, given to the hook as stdin, and written 0.4 s later.
      const script = [
        "import os, subprocess, sys, time",
        "r, w = os.pipe()",
        "os.set_blocking(r, False)",
        "p = subprocess.Popen(sys.argv[1:], stdin=r, stdout=subprocess.PIPE, stderr=subprocess.PIPE)",
        "os.close(r)",
        "time.sleep(0.4)",
        `os.write(w, ${JSON.stringify(payload)}.encode())`,
        "os.close(w)",
        "out, err = p.communicate()",
        "sys.stdout.write(out.decode())",
        "sys.stderr.write(err.decode())",
        "sys.exit(p.returncode)",
      ].join("\n");
      const out = await new Deno.Command(python ?? "python3", {
        args: [
          "-c",
          script,
          Deno.execPath(),
          "run",
          "--quiet",
          "--no-prompt",
          "--no-config",
          hook,
          "--everyhook-agent",
          "claude-code",
          "--everyhook-event",
          "prompt",
        ],
        stdout: "piped",
        stderr: "piped",
      }).output();
      const stderr = new TextDecoder().decode(out.stderr);
      assert.equal(out.code, 0, stderr);
      const answer = JSON.parse(new TextDecoder().decode(out.stdout));
      assert.equal(answer.decision, "block", JSON.stringify(answer));
      assert.equal(answer.reason, "late hello");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
