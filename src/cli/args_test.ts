import assert from "node:assert/strict";
import { type ArgsSpec, checkValue, parseArgs } from "./args.ts";
import { closest, editDistance } from "./suggest.ts";
import { EveryhookError } from "../contract/errors.ts";

const SPEC: ArgsSpec = {
  name: "try",
  flags: [
    { name: "agent", kind: "list", value: "<a,b,...>", text: "the agents" },
    { name: "all", kind: "boolean", text: "every agent" },
    { name: "hook", kind: "string", value: "<file>", text: "the hook" },
    { name: "fixture", kind: "repeat", value: "<file>", text: "a fixture" },
    {
      name: "timeout",
      kind: "string",
      value: "<seconds>",
      default: "25",
      rule: { kind: "seconds", min: 1, max: 3600 },
      text: "how long",
    },
    {
      name: "scope",
      kind: "string",
      value: "<scope>",
      rule: { kind: "one-of", values: ["user", "project"] },
      text: "whose file",
    },
    { name: "json", short: "j", kind: "boolean", text: "JSON" },
  ],
  operands: [{ name: "target", required: false, text: "a target" }],
  oneOf: [{ flags: ["agent", "all"], required: false }],
};

const RUN_LIKE: ArgsSpec = {
  name: "go",
  flags: [
    { name: "agent", kind: "string", value: "<agent>", required: true, text: "the agent" },
    { name: "json", kind: "boolean", text: "JSON" },
  ],
  operands: [
    { name: "hook", required: true, text: "a file" },
    { name: "args", required: false, many: true, text: "its arguments" },
  ],
  operandsEndOptions: true,
};

/** Assert a usage error (exit 2) whose message matches. */
function usage(spec: ArgsSpec, words: string[], pattern: RegExp): void {
  assert.throws(
    () => parseArgs(spec, words),
    (e: unknown) => {
      assert.ok(e instanceof EveryhookError, String(e));
      assert.equal(e.code, "usage");
      assert.equal(e.exitCode, 2);
      assert.match(e.message, new RegExp(`^Cannot read the "${spec.name}" command line: `));
      assert.match(e.message, pattern);
      return true;
    },
    words.join(" "),
  );
}

Deno.test("parseArgs() reads --flag value, --flag=value, booleans, short names and defaults", () => {
  const a = parseArgs(SPEC, ["--hook", "h.ts", "--timeout=30", "-j", "--scope=project", "t"]);
  assert.equal(a.text("hook"), "h.ts");
  assert.equal(a.number("timeout"), 30);
  assert.equal(a.text("scope"), "project");
  assert.equal(a.flag("json"), true);
  assert.equal(a.flag("all"), false);
  assert.deepEqual(a.operands, ["t"]);
  assert.equal(a.help, false);
  const b = parseArgs(SPEC, []);
  assert.equal(b.number("timeout"), 25, "the default, checked by the same rule");
  assert.equal(b.given("timeout"), false);
  assert.equal(b.list("agent"), undefined);
  assert.equal(b.text("hook"), undefined);
  assert.equal(a.given("timeout"), true);
  assert.equal(parseArgs(SPEC, ["--hook=a=b"]).text("hook"), "a=b");
});

Deno.test("parseArgs() splits lists at commas and adds repeats, in order", () => {
  const a = parseArgs(SPEC, ["--agent", "claude, codex", "--agent=cursor", "--fixture", "a.json"]);
  assert.deepEqual(a.list("agent"), ["claude", "codex", "cursor"]);
  assert.deepEqual(a.list("fixture"), ["a.json"]);
  const b = parseArgs(SPEC, ["--fixture", "a,b.json", "--fixture=c.json"]);
  assert.deepEqual(b.list("fixture"), ["a,b.json", "c.json"], "a repeat is not split");
});

Deno.test("parseArgs() ends the options at --, and at the first operand where declared", () => {
  assert.deepEqual(parseArgs(SPEC, ["--json", "--", "--all"]).operands, ["--all"]);
  assert.equal(parseArgs(SPEC, ["--", "--all"]).flag("all"), false);
  const run = parseArgs(RUN_LIKE, ["--agent", "codex", "hook.sh", "--json", "-x", "--", "y"]);
  assert.deepEqual(run.operands, ["hook.sh", "--json", "-x", "--", "y"]);
  assert.equal(run.flag("json"), false);
  const dashed = parseArgs(RUN_LIKE, ["--agent=codex", "--json", "--", "hook.sh", "--help"]);
  assert.deepEqual(dashed.operands, ["hook.sh", "--help"]);
  assert.equal(dashed.help, false);
  assert.deepEqual(parseArgs(SPEC, ["t", "--json"]).operands, ["t"], "options after operands");
  assert.deepEqual(parseArgs(SPEC, ["-"]).operands, ["-"], "a lone - is an operand");
});

Deno.test("parseArgs() takes -h and --help anywhere before the operands, even after a mistake", () => {
  assert.equal(parseArgs(SPEC, ["--help"]).help, true);
  assert.equal(parseArgs(SPEC, ["--bogus", "-h"]).help, true);
  assert.equal(parseArgs(RUN_LIKE, ["-h"]).help, true, "a missing --agent does not matter");
  assert.equal(parseArgs(RUN_LIKE, ["--agent", "a", "hook", "-h"]).help, false);
});

Deno.test("parseArgs() names an unknown option and suggests the nearest known one", () => {
  usage(SPEC, ["--agnet", "codex"], /unknown option --agnet; did you mean --agent\?$/);
  usage(SPEC, ["--JSON"], /unknown option --JSON; did you mean --json\?$/);
  usage(SPEC, ["--tim=3"], /unknown option --tim; did you mean --timeout\?$/);
  usage(SPEC, ["--helpp"], /did you mean --help\?$/);
  usage(SPEC, ["--frobnicate"], /unknown option --frobnicate; see everyhook try --help/);
  usage(SPEC, ["-x"], /unknown option -x; see everyhook try --help/);
});

Deno.test("parseArgs() names a missing value, with what it should be", () => {
  usage(SPEC, ["--hook"], /--hook needs a value: --hook <file>, the hook$/);
  usage(SPEC, ["--hook", "--json"], /--hook needs a value: --hook <file>, the hook$/);
  usage(SPEC, ["--timeout", "-5"], /write --timeout=-5$/);
  usage(SPEC, ["--hook="], /--hook needs a value/);
  usage(SPEC, ["--agent", ","], /--agent needs a value/);
  usage(SPEC, ["--hook", "--"], /--hook needs a value/);
});

Deno.test("parseArgs() names a bad value, why, and the allowed values", () => {
  usage(
    SPEC,
    ["--timeout", "soon"],
    /--timeout "soon" is not a whole number of seconds from 1 to 3600/,
  );
  usage(SPEC, ["--timeout=0"], /"0" is too short: a hook needs at least 1 second/);
  usage(SPEC, ["--timeout=3601"], /"3601" is too long: at most 3600 seconds/);
  usage(SPEC, ["--timeout=1.5"], /"1.5" is not a whole number/);
  usage(SPEC, ["--scope", "usr"], /--scope "usr" is not one of user, project; did you mean user\?/);
  usage(SPEC, ["--scope", "team"], /is not one of user, project$/);
  usage(SPEC, ["--json=yes"], /--json takes no value; write --json alone/);
  usage(SPEC, ["--hook", "a", "--hook", "b"], /--hook is given twice; give it once/);
});

Deno.test("parseArgs() checks required options, exclusive options and operands", () => {
  usage(RUN_LIKE, ["hook"], /--agent is required: --agent <agent>, the agent$/);
  usage(RUN_LIKE, ["--agent", "a"], /name the hook: a file$/);
  usage(RUN_LIKE, ["--agent", "a", "--", ""], /the hook is empty/);
  usage(SPEC, ["--all", "--agent", "codex"], /give --agent or --all, not both/);
  usage(SPEC, ["a", "b"], /"b" is one word too many; it takes <target> at most/);
  usage({ ...SPEC, operands: [] }, ["a"], /"a" is one word too many; it takes options only/);
  usage(
    { ...SPEC, oneOf: [{ flags: ["agent", "all"], required: true }] },
    [],
    /give --agent or --all$/,
  );
});

Deno.test("Args getters refuse an option the declaration lacks: a bug, not a usage error", () => {
  const a = parseArgs(SPEC, []);
  assert.throws(() => a.flag("nope"), /declares no boolean option --nope/);
  assert.throws(() => a.text("json"), /declares no string option --json/);
});

Deno.test("checkValue() applies a rule", () => {
  assert.equal(checkValue({ kind: "seconds", min: 1, max: 10 }, "10"), 10);
  assert.deepEqual(checkValue({ kind: "seconds", min: 1, max: 10 }, "11"), {
    wrong: "is too long: at most 10 seconds",
  });
  assert.deepEqual(checkValue({ kind: "seconds", min: 1, max: 10 }, "0"), {
    wrong: "is too short: a hook needs at least 1 second",
  });
  assert.deepEqual(checkValue({ kind: "seconds", min: 1, max: 10 }, "1.5"), {
    wrong: "is not a whole number of seconds from 1 to 10",
  });
  assert.equal(checkValue({ kind: "one-of", values: ["a", "b"] }, "b"), "b");
});

Deno.test("editDistance() and closest() find the word meant", () => {
  assert.equal(editDistance("agnet", "agent"), 1);
  assert.equal(editDistance("", "abc"), 3);
  assert.equal(editDistance("kitten", "sitting"), 3);
  assert.equal(closest("lsit", ["list", "restore"]), "list");
  assert.equal(closest("pretool", ["pre-tool", "post-tool"]), "pre-tool");
  assert.equal(closest("proj", ["project", "problems"]), "project", "the only one it begins");
  assert.equal(closest("pro", ["project", "problems"]), undefined, "two begin with it");
  assert.equal(closest("x", ["h", "all"]), undefined, "one letter is too little to go on");
  assert.equal(closest("lunch", ["pre-tool", "stop"]), undefined);
});
