/**
 * The help, generated from the command table: the general help and each
 * command's. On `run`'s path only when `--help` is asked for.
 *
 * @module
 */

import type { CommandSpec } from "./commands.ts";

/**
 * Wrap text at a width, indenting every line after the first.
 *
 * @param text One paragraph.
 * @param width The longest line, not counting the indent.
 * @param indent The indent of the lines after the first.
 * @returns The wrapped text.
 *
 * @example Usage
 * ```ts
 * import { wrap } from "./help.ts";
 * console.assert(wrap("a b c", 3, "  ") === "a b\n  c");
 * ```
 */
export function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
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

const COMMON = [
  "  -h, --help        this text, or a command's with <command> --help",
  "  -v, --version     the version",
];

/**
 * The help for the whole tool, generated from the command table.
 *
 * @param commands The command table.
 * @param version The version.
 * @param events The contract's events.
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import { generalHelp } from "./help.ts";
 * import { COMMANDS } from "./commands.ts";
 * console.assert(generalHelp(COMMANDS, "0.1.0", ["pre-tool"]).includes("run"));
 * ```
 */
export function generalHelp(
  commands: readonly CommandSpec[],
  version: string,
  events: readonly string[],
): string {
  const out = [
    `everyhook ${version}: write a hook once, run it in every coding agent.`,
    "",
    "Usage: everyhook <command> [options]",
  ];
  for (const [group, title] of GROUPS) {
    const rows = commands.filter((c) => c.group === group);
    if (rows.length === 0) continue;
    out.push("", `${title}:`);
    for (const c of rows) {
      out.push(`  ${c.name.padEnd(10)} ${wrap(c.usage, WIDTH - 13, " ".repeat(13))}`);
      out.push(`             ${wrap(c.summary, WIDTH - 13, " ".repeat(13))}`);
    }
  }
  out.push("", "Options on every command:", ...COMMON);
  out.push("", wrap(`Events: ${events.join(", ")}.`, WIDTH, ""));
  out.push("Exit codes: 0 ok; 1 findings, a refusal or a failed hook; 2 a usage error.");
  out.push("Environment: EVERYHOOK_DEBUG=1 makes run log what happened to stderr.");
  return `${out.join("\n")}\n`;
}

/**
 * The help for one command, generated from its row.
 *
 * @param spec The command's row.
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import { commandHelp } from "./help.ts";
 * import { findCommand } from "./commands.ts";
 * console.assert(commandHelp(findCommand("run")!).includes("--allow-run"));
 * ```
 */
export function commandHelp(spec: CommandSpec): string {
  const out = [
    `Usage: everyhook ${spec.name} ${wrap(spec.usage, WIDTH - 17 - spec.name.length, "  ")}`,
    "",
    wrap(spec.summary, WIDTH, ""),
  ];
  const options = [...spec.options, { flag: "-h, --help", text: "this text" }];
  out.push("", "Options:");
  const pad = Math.max(...options.map((o) => o.flag.length)) + 2;
  for (const o of options) {
    out.push(`  ${o.flag.padEnd(pad)}${wrap(o.text, WIDTH - pad - 2, " ".repeat(pad + 2))}`);
  }
  const flags = spec.permissions.map((p) => `--allow-${p}`).join(" ");
  out.push("", `Permissions under deno run: ${flags === "" ? "none" : flags}`);
  return `${out.join("\n")}\n`;
}
