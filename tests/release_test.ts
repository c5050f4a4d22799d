/**
 * How everyhook is built and released: scripts/compile.ts's targets and
 * permissions, and the two workflows (.github/workflows/ci.yml runs the gate
 * on three systems, release.yml builds and attaches the binaries on a tag),
 * read with a small reader of the YAML they are written in (block mappings,
 * block lists, plain and quoted scalars, `|` blocks: no flow style, anchors or
 * tags), so that a workflow and the script cannot drift apart.
 */
import assert from "node:assert/strict";
import denoJson from "../deno.json" with { type: "json" };
import {
  BINARY_PERMISSIONS,
  binaryName,
  checksumsText,
  compileArgs,
  failureLine,
  TARGETS,
} from "../scripts/compile.ts";
import { COMMANDS } from "../src/cli/commands.ts";

const ROOT = new URL("..", import.meta.url);

/** A YAML value of the subset the workflows are written in. */
type Yaml = string | Yaml[] | { [key: string]: Yaml };

interface Line {
  indent: number;
  text: string;
  number: number;
}

/** Reads the YAML subset; throws on anything outside it. */
function readYaml(source: string): Yaml {
  const lines: Line[] = [];
  source.split("\n").forEach((raw, i) => {
    if (raw.includes("\t")) throw new SyntaxError(`line ${i + 1}: a tab`);
    const text = raw.trimEnd();
    if (text.trim() === "" || text.trim().startsWith("#")) return;
    lines.push({ indent: text.length - text.trimStart().length, text: text.trim(), number: i + 1 });
  });
  const [value, next] = block(lines, 0, lines[0]?.indent ?? 0);
  if (next !== lines.length) throw new SyntaxError(`line ${lines[next]!.number}: not read`);
  return value;
}

function block(lines: Line[], at: number, indent: number): [Yaml, number] {
  const first = lines[at];
  if (!first) return ["", at];
  return first.text === "-" || first.text.startsWith("- ")
    ? list(lines, at, indent)
    : mapping(lines, at, indent);
}

function list(lines: Line[], at: number, indent: number): [Yaml[], number] {
  const out: Yaml[] = [];
  let i = at;
  while (i < lines.length && lines[i]!.indent === indent && lines[i]!.text.startsWith("-")) {
    const line = lines[i]!;
    const rest = line.text.slice(1).trimStart();
    if (rest === "") {
      const [value, next] = block(lines, i + 1, lines[i + 1]?.indent ?? indent + 2);
      out.push(value);
      i = next;
    } else if (/^[^"'\s][^:]*:(\s|$)/.test(rest)) {
      // `- key: value`: a mapping whose first entry is on the dash's line.
      const inner = indent + (line.text.length - rest.length);
      const copy = [...lines];
      copy[i] = { indent: inner, text: rest, number: line.number };
      const [value, next] = mapping(copy, i, inner);
      out.push(value);
      i = next;
    } else {
      out.push(scalar(rest, line.number));
      i++;
    }
  }
  return [out, i];
}

function mapping(lines: Line[], at: number, indent: number): [Record<string, Yaml>, number] {
  const out: Record<string, Yaml> = {};
  let i = at;
  while (i < lines.length && lines[i]!.indent === indent) {
    const line = lines[i]!;
    const m = /^([^"'\s][^:]*):(?:\s+(.*))?$/.exec(line.text);
    if (!m) throw new SyntaxError(`line ${line.number}: not "key: value": ${line.text}`);
    const key = m[1]!;
    const value = m[2] ?? "";
    if (key in out) throw new SyntaxError(`line ${line.number}: "${key}" twice`);
    i++;
    if (value === "|") {
      const body: Line[] = [];
      while (i < lines.length && lines[i]!.indent > indent) body.push(lines[i++]!);
      const base = Math.min(...body.map((l) => l.indent));
      out[key] = body.map((l) => " ".repeat(l.indent - base) + l.text).join("\n") + "\n";
    } else if (value !== "") {
      out[key] = scalar(value, line.number);
    } else if (i < lines.length && lines[i]!.indent > indent) {
      [out[key], i] = block(lines, i, lines[i]!.indent);
    } else {
      out[key] = "";
    }
  }
  return [out, i];
}

function scalar(text: string, number: number): string {
  if (/^[[{&*!|>]/.test(text)) throw new SyntaxError(`line ${number}: outside the subset: ${text}`);
  const quoted = /^"(.*)"$/.exec(text) ?? /^'(.*)'$/.exec(text);
  return quoted ? quoted[1]! : text;
}

function at(value: Yaml, ...path: string[]): Yaml {
  let v = value;
  for (const key of path) {
    assert.ok(typeof v === "object" && !Array.isArray(v) && key in v, `no "${path.join(".")}"`);
    v = (v as Record<string, Yaml>)[key]!;
  }
  return v;
}

async function workflow(name: string): Promise<Yaml> {
  return readYaml(await Deno.readTextFile(new URL(`.github/workflows/${name}`, ROOT)));
}

type Step = Record<string, Yaml>;

function steps(doc: Yaml, job: string): Step[] {
  return at(doc, "jobs", job, "steps") as Step[];
}

function runs(doc: Yaml): string[] {
  const jobs = at(doc, "jobs") as Record<string, Yaml>;
  return Object.keys(jobs).flatMap((job) =>
    steps(doc, job).flatMap((s) => typeof s.run === "string" ? [s.run] : [])
  );
}

/** The Deno version the project pins (.ci/run's `npx -y deno@<version>`). */
async function pinnedDeno(): Promise<string> {
  const ci = await Deno.readTextFile(new URL(".ci/run", ROOT));
  const m = /deno@(\d+\.\d+\.\d+)/.exec(ci);
  assert.ok(m, ".ci/run pins a Deno version");
  return m[1]!;
}

Deno.test("readYaml() reads the subset and refuses what is outside it", () => {
  const doc = readYaml(
    [
      "# a comment",
      "name: x",
      "on:",
      "  push:",
      "    tags:",
      "      - v*",
      "jobs:",
      "  a:",
      "    steps:",
      "      - uses: actions/checkout@v4",
      "      - name: two",
      '        run: echo "hi: there"',
      "        env:",
      "          A: ${{ github.token }}",
      "      - run: |",
      "          one",
      "            two",
      "",
    ].join("\n"),
  );
  assert.deepEqual(doc, {
    name: "x",
    on: { push: { tags: ["v*"] } },
    jobs: {
      a: {
        steps: [
          { uses: "actions/checkout@v4" },
          { name: "two", run: 'echo "hi: there"', env: { A: "${{ github.token }}" } },
          { run: "one\n  two\n" },
        ],
      },
    },
  });
  assert.throws(() => readYaml("a: [1, 2]\n"), /outside the subset/);
  assert.throws(() => readYaml("a: 1\na: 2\n"), /"a" twice/);
  assert.throws(() => readYaml("a:\n\tb: 1\n"), /a tab/);
});

Deno.test("compile.ts grants a binary exactly the union of the commands' permissions, and includes nothing", () => {
  const union = new Set(COMMANDS.flatMap((c) => [...c.permissions]));
  assert.deepEqual(new Set(BINARY_PERMISSIONS), union);
  assert.deepEqual([...BINARY_PERMISSIONS], ["read", "write", "run", "env", "net"]);
  for (const target of TARGETS) {
    const args = compileArgs(target);
    assert.deepEqual(args.filter((a) => a.startsWith("--allow")), [
      "--allow-read",
      "--allow-write",
      "--allow-run",
      "--allow-env",
      "--allow-net=127.0.0.1",
    ]);
    assert.ok(
      !args.some((a) =>
        /^--(include|allow-all|allow-ffi|allow-sys)|^-A$/.test(a) ||
        (a.startsWith("--allow-net") && a !== "--allow-net=127.0.0.1")
      ),
    );
    assert.equal(args.at(-1), "cli.ts");
    assert.equal(args[args.indexOf("--output") + 1], `dist/${binaryName(target)}`);
  }
  assert.deepEqual(TARGETS.map(binaryName), [
    "everyhook-x86_64-unknown-linux-gnu",
    "everyhook-aarch64-unknown-linux-gnu",
    "everyhook-x86_64-apple-darwin",
    "everyhook-aarch64-apple-darwin",
    "everyhook-x86_64-pc-windows-msvc.exe",
  ]);
});

Deno.test("compile.ts writes SHA256SUMS as sha256sum does, and says in one line why it built nothing", () => {
  assert.equal(
    checksumsText([{ name: "b", sha256: "22" }, { name: "a", sha256: "11" }]),
    "11  a\n22  b\n",
  );
  // What deno compile 2.9.6 printed here, where its release host cannot be reached.
  const stderr = [
    "\x1b[0m\x1b[32mCheck\x1b[0m cli.ts",
    "\x1b[0m\x1b[32mDownload\x1b[0m https://dl.deno.land/release/v2.9.6/denort-x86_64-unknown-linux-gnu.zip",
    "\x1b[0m\x1b[1m\x1b[31merror\x1b[0m: Writing deno compile executable to temporary file 'dist/x.tmp'",
    "",
    "Caused by:",
    "    0: Setting up base binary.",
    "    1: error sending request for url (https://dl.deno.land/release/v2.9.6/denort-x86_64-unknown-linux-gnu.zip): client error (Connect): dns error: failed to lookup address information: Name or service not known",
  ].join("\n");
  const line = failureLine("x86_64-unknown-linux-gnu", stderr, 1);
  assert.doesNotMatch(line, /\n/);
  assert.match(
    line,
    /cannot fetch the runtime for x86_64-unknown-linux-gnu from https:\/\/dl\.deno\.land\/\S+\.zip/,
  );
  assert.match(line, /nothing was built/);
  const other = failureLine("x86_64-apple-darwin", "error: Module not found\n    at x", 1);
  assert.equal(
    other,
    "compile: deno compile failed for x86_64-apple-darwin (exit 1): error: Module not found",
  );
});

Deno.test("compile.ts refuses an unknown target in one line", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/compile.ts", "x86_64-unknown-plan9"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 2);
  const text = new TextDecoder().decode(out.stderr);
  assert.match(
    text,
    /^compile: unknown target x86_64-unknown-plan9; the targets: x86_64-unknown-linux-gnu /,
  );
  assert.equal(text.trimEnd().split("\n").length, 1);
});

Deno.test("ci.yml runs deno task ok with the pinned Deno on Linux, macOS and Windows", async () => {
  const doc = await workflow("ci.yml");
  assert.deepEqual(at(doc, "on", "push", "branches"), ["main"]);
  assert.ok("pull_request" in (at(doc, "on") as Record<string, Yaml>));
  assert.deepEqual(at(doc, "jobs", "ok", "strategy", "matrix", "os"), [
    "ubuntu-latest",
    "macos-latest",
    "windows-latest",
  ]);
  assert.equal(at(doc, "jobs", "ok", "runs-on"), "${{ matrix.os }}");
  const s = steps(doc, "ok");
  assert.equal(s[0]?.uses, "actions/checkout@v4");
  const setup = s.find((x) => String(x.uses).startsWith("denoland/setup-deno@"));
  assert.equal(at(setup ?? {}, "with", "deno-version"), await pinnedDeno());
  assert.equal(s.at(-1)?.run, "deno task ok");
});

Deno.test("release.yml on a tag: the gate, then deno publish to JSR with the OIDC token, then the binaries", async () => {
  const doc = await workflow("release.yml");
  assert.deepEqual(at(doc, "on", "push", "tags"), ["v*"]);
  // Nothing is written with the workflow's token but what a job asks for.
  assert.deepEqual(at(doc, "permissions"), { contents: "read" });
  assert.deepEqual(Object.keys(at(doc, "jobs") as Record<string, Yaml>), [
    "test",
    "publish",
    "binaries",
  ]);
  assert.equal(at(doc, "jobs", "publish", "needs"), "test");
  assert.equal(at(doc, "jobs", "binaries", "needs"), "publish");
  const gate = steps(doc, "test");
  assert.equal(
    gate.at(-1)?.run,
    "deno task ok",
    "the whole gate runs before anything is published",
  );
  const tagCheck = gate.findIndex((x) => String(x.run ?? "").includes("jq -r .version deno.json"));
  assert.ok(tagCheck >= 0 && tagCheck < gate.length - 1, "the tag is checked against deno.json");
  // Provenance: deno publish in GitHub Actions with id-token: write signs with the OIDC token.
  assert.deepEqual(at(doc, "jobs", "publish", "permissions"), {
    contents: "read",
    "id-token": "write",
  });
  const publish = steps(doc, "publish");
  assert.equal(publish[0]?.uses, "actions/checkout@v4");
  const pubSetup = publish.find((x) => String(x.uses).startsWith("denoland/setup-deno@"));
  assert.equal(at(pubSetup ?? {}, "with", "deno-version"), await pinnedDeno());
  const publishRuns = publish.flatMap((x) => (typeof x.run === "string" ? [x.run] : []));
  assert.deepEqual(publishRuns, ["deno publish"], "no --dry-run, no --token: the OIDC token");
  assert.ok(publish.every((x) => x.env === undefined), "no secret is handed to deno publish");
  assert.equal(at(doc, "jobs", "binaries", "permissions", "contents"), "write");
  const s = steps(doc, "binaries");
  const setup = s.find((x) => String(x.uses).startsWith("denoland/setup-deno@"));
  assert.equal(at(setup ?? {}, "with", "deno-version"), await pinnedDeno());
  const build = runs(doc).find((r) => r.startsWith("deno task compile"));
  assert.ok(build, "a step runs deno task compile");
  assert.deepEqual(build.split(/\s+/).slice(3), [...TARGETS]);
  const order = (text: string) => s.findIndex((x) => String(x.run ?? "").includes(text));
  assert.ok(order("deno task compile") < order("sha256sum -c SHA256SUMS"));
  const test = s.find((x) => String(x.run ?? "").includes("tests/compiled_test.ts"));
  assert.equal(at(test ?? {}, "env", "EVERYHOOK_BIN"), `dist/${binaryName(TARGETS[0]!)}`);
  const attach = s.at(-1)?.run as string;
  assert.match(
    attach,
    /^gh release create "\$GITHUB_REF_NAME" dist\/everyhook-\* dist\/SHA256SUMS /,
  );
  assert.ok(order("sha256sum") < s.length - 1 && order("compiled_test") < s.length - 1);
});

Deno.test("every deno task the workflows and .ci/run call is in deno.json, and every file they name exists", async () => {
  const tasks = new Set(Object.keys(denoJson.tasks));
  const lines = [
    ...runs(await workflow("ci.yml")),
    ...runs(await workflow("release.yml")),
    await Deno.readTextFile(new URL(".ci/run", ROOT)),
  ];
  const called = lines.flatMap((l) =>
    [...l.matchAll(/deno(?:@[\d.]+)? task (\S+)/g)].map((m) => m[1]!)
  );
  assert.ok(called.length >= 3, called.join(" "));
  for (const name of called) assert.ok(tasks.has(name), `deno.json has no task "${name}"`);
  for (const line of lines) {
    for (const m of line.matchAll(/\b(tests|scripts)\/[\w/]+\.ts\b/g)) {
      await Deno.stat(new URL(m[0], ROOT));
    }
  }
});
