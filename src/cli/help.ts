/**
 * The help, generated from the command table: the general help and each
 * command's (usage line, operands, options with their defaults and allowed
 * values, examples, agents, environment, permissions). Nothing here is
 * written twice: every option comes from its declaration.
 *
 * @module
 */

import type { CommandSpec } from "./commands.ts";
import type { Agent } from "../agents/types.ts";
import { folderVariables } from "../agents/folder_variables.ts";
import { flagName, type FlagSpec, type OperandSpec } from "./args.ts";

/** An agent as the help names it, with the file data its folder variables come from. */
export interface AgentName extends Partial<Pick<Agent, "install" | "reads">> {
  /** The id, such as `claude-code`. */
  id: string;
  /** The name people know. */
  name: string;
  /** Short names the command line takes. */
  aliases: readonly string[];
}

/** What the help shows besides the table. */
export interface HelpContext {
  /** The agents, from the registry. */
  agents: readonly AgentName[];
  /** The contract's events. */
  events: readonly string[];
  /** everyhook's version. */
  version: string;
}

/**
 * Wrap words at a width, indenting every line after the first. A word is never
 * broken; pass tokens such as `[--timeout <seconds>]` to keep them whole.
 *
 * @param text One paragraph, or its words.
 * @param width The longest line, not counting the indent.
 * @param indent The indent of the lines after the first.
 * @returns The wrapped text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { wrap } from "./help.ts";
 * assert(wrap("a b c", 3, "  ") === "a b\n  c");
 * assert(wrap(["[--x <y>]", "[--z]"], 10, "") === "[--x <y>]\n[--z]");
 * ```
 */
export function wrap(text: string | readonly string[], width: number, indent: string): string {
  const words = typeof text === "string" ? text.split(/\s+/).filter((w) => w !== "") : text;
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(line);
  return lines.join(`\n${indent}`);
}

const WIDTH = 100;
const GROUPS: ReadonlyArray<[CommandSpec["group"], string]> = [
  ["run", "Run (the agents call this; install writes it into their files)"],
  ["change", "Change (they edit the agents' files after a backup, and take --dry-run)"],
  ["read", "Read"],
];

const HELP_FLAG: FlagSpec = { name: "help", short: "h", kind: "boolean", text: "this text" };

const flagLabel = (f: FlagSpec): string =>
  `${f.short ? `-${f.short}, ` : ""}${flagName(f)}${f.value ? ` ${f.value}` : ""}`;

const operandLabel = (o: OperandSpec): string =>
  o.many ? `[${o.name}...]` : o.required ? `<${o.name}>` : `[${o.name}]`;

/**
 * A command's usage line as tokens that must not be broken: each option (or
 * group of options that exclude each other) with its value, each operand.
 *
 * @param spec The command's row.
 * @returns The tokens, in order.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { usageTokens } from "./help.ts";
 * import { commandSpec } from "./commands.ts";
 * assert(usageTokens(commandSpec("run")).includes("[--timeout <seconds>]"));
 * ```
 */
export function usageTokens(spec: CommandSpec): string[] {
  const flags: string[] = [];
  const grouped = new Set<string>();
  for (const f of spec.flags) {
    if (grouped.has(f.name)) continue;
    const group = spec.oneOf?.find((g) => g.flags.includes(f.name));
    if (group) {
      for (const n of group.flags) grouped.add(n);
      const members = group.flags.map((n) => flagLabel(spec.flags.find((x) => x.name === n)!));
      const inner = members.join(" | ");
      flags.push(group.required ? `(${inner})` : `[${inner}]`);
    } else flags.push(f.required ? flagLabel(f) : `[${flagLabel(f)}]`);
  }
  const operands = spec.operands.map(operandLabel);
  if (operands.length === 0) return flags;
  return spec.operandsEndOptions
    ? [...flags, `-- ${operands.join(" ")}`]
    : [operands.join(" "), ...flags];
}

/** What the help adds to an option's text: its default and what its value may be. */
function flagNote(f: FlagSpec): string {
  const notes: string[] = [];
  if (f.required) notes.push("required");
  if (f.default !== undefined) notes.push(`default ${f.default}`);
  if (f.rule?.kind === "seconds") notes.push(`whole seconds, ${f.rule.min} to ${f.rule.max}`);
  if (f.rule?.kind === "one-of" && f.value !== f.rule.values.join("|")) {
    notes.push(`one of ${f.rule.values.join(", ")}`);
  }
  if (f.kind === "repeat") notes.push("may repeat");
  return notes.length === 0 ? f.text : `${f.text} (${notes.join("; ")})`;
}

/** Rows of two columns, the second wrapped. */
function table(rows: ReadonlyArray<readonly [string, string]>): string[] {
  const pad = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) =>
    `  ${left.padEnd(pad)}${wrap(right, WIDTH - pad - 2, " ".repeat(pad + 2))}`
  );
}

/** The agents, one a line: id, name, short names. */
function agentLines(agents: readonly AgentName[]): string[] {
  return [
    "Agents (by id or short name):",
    ...table(agents.map((a) => [
      a.id,
      `${a.name}${a.aliases.length > 0 ? ` (also ${a.aliases.join(", ")})` : ""}`,
    ])),
  ];
}

/**
 * The help for the whole tool, generated from the command table.
 *
 * @param commands The command table.
 * @param context The version, the agents and the events.
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { generalHelp } from "./help.ts";
 * import { COMMANDS } from "./commands.ts";
 * const agents = [{ id: "codex", name: "Codex CLI", aliases: [] }];
 * assert(generalHelp(COMMANDS, { version: "0.1.0", events: ["stop"], agents }).includes("codex"));
 * ```
 */
export function generalHelp(commands: readonly CommandSpec[], context: HelpContext): string {
  const out = [
    `everyhook ${context.version}: write a hook once, run it in every coding agent.`,
    "",
    "Usage: everyhook [--json] <command> [options]",
    "       everyhook help <command>   (the same as everyhook <command> --help)",
  ];
  for (const [group, title] of GROUPS) {
    const rows = commands.filter((c) => c.group === group);
    if (rows.length === 0) continue;
    out.push("", `${title}:`);
    for (const c of rows) {
      out.push(`  ${c.name.padEnd(10)} ${wrap(usageTokens(c), WIDTH - 13, " ".repeat(13))}`);
      out.push(`             ${wrap(c.summary, WIDTH - 13, " ".repeat(13))}`);
    }
  }
  out.push(
    "",
    "Options on every command:",
    ...table([
      ["-h, --help", "this text, or a command's with everyhook <command> --help"],
      ["-v, --version", "the version"],
      ["--json", "before the command: as the command's own --json"],
    ]),
  );
  out.push("", ...agentLines(context.agents));
  out.push("", wrap(`Events: ${context.events.join(", ")}.`, WIDTH, "  "));
  out.push("Exit codes: 0 ok; 1 findings, a refusal or a failed hook; 2 a usage error.");
  out.push("Environment: each command's help names the variables it reads.");
  return `${out.join("\n")}\n`;
}

/**
 * The help for one command, generated from its row.
 *
 * @param spec The command's row.
 * @param context The agents (the version and events are not shown).
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandHelp } from "./help.ts";
 * import { commandSpec } from "./commands.ts";
 * assert(commandHelp(commandSpec("run"), { agents: [] }).includes("--allow-run"));
 * ```
 */
export function commandHelp(spec: CommandSpec, context: Pick<HelpContext, "agents">): string {
  const lead = `Usage: everyhook ${spec.name} `;
  const out = [
    `${lead}${wrap(usageTokens(spec), WIDTH - lead.length, " ".repeat(lead.length))}`,
    "",
    wrap(spec.summary, WIDTH, ""),
  ];
  if (spec.operands.length > 0) {
    out.push("", "Arguments:", ...table(spec.operands.map((o) => [operandLabel(o), o.text])));
    const many = spec.operands.find((o) => o.many);
    if (many && spec.operandsEndOptions) {
      out.push(`Every word from <${spec.operands[0]!.name}> on is passed on as it is.`);
    } else if (many) {
      out.push(`Options after -- are the ${spec.operands[0]!.name}'s own, not everyhook's.`);
    }
  }
  const flags = [...spec.flags, HELP_FLAG];
  out.push("", "Options:", ...table(flags.map((f) => [flagLabel(f), flagNote(f)])));
  out.push("", "Examples:");
  for (const e of spec.examples) out.push(`  everyhook ${e.line}`, `      ${e.text}`);
  out.push("", ...agentLines(context.agents));
  const env = spec.env.flatMap((v) => v.agentFolders ? folderVariables(context.agents) : [v]);
  if (env.length > 0) {
    out.push("", "Environment:", ...table(env.map((v) => [v.name, v.text])));
  }
  const flagsText = spec.permissions.map((p) => `--allow-${p}`).join(" ");
  out.push("", `Permissions under deno run: ${flagsText === "" ? "none" : flagsText}`);
  return `${out.join("\n")}\n`;
}

/**
 * The help as one JSON document (`--help --json`): the whole tool's commands,
 * or one command's row of the command table, with its usage line.
 *
 * @param commands The command table.
 * @param spec One command, or undefined for the whole tool.
 * @param context The version, the agents and the events.
 * @returns The document.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { helpJson } from "./help.ts";
 * import { COMMANDS } from "./commands.ts";
 * const doc = helpJson(COMMANDS, COMMANDS[0], { version: "0.1.0", events: [], agents: [] });
 * assert.equal(doc.everyhook, 1);
 * assert.equal((doc.command as { name: string }).name, "run");
 * ```
 */
export function helpJson(
  commands: readonly CommandSpec[],
  spec: CommandSpec | undefined,
  context: HelpContext,
): Record<string, unknown> {
  if (spec === undefined) {
    return {
      everyhook: 1,
      version: context.version,
      commands: commands.map((c) => ({ name: c.name, group: c.group, summary: c.summary })),
      events: context.events,
      agents: context.agents.map((a) => ({ id: a.id, name: a.name, aliases: a.aliases })),
    };
  }
  return {
    everyhook: 1,
    version: context.version,
    command: { ...spec, usage: `everyhook ${spec.name} ${usageTokens(spec).join(" ")}` },
  };
}
