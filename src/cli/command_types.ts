/**
 * The shape of a row of the command table (commands.ts): the parser's
 * declaration of its options and operands, and what the help says besides.
 * Types only.
 *
 * @module
 */

import type { Io } from "./io.ts";
import type { ArgsSpec } from "./args.ts";
import type { PermissionName } from "../os/runtime.ts";

/** What a command module exports. */
export interface CommandModule {
  /** Run the command; returns the exit code. Throws EveryhookError for usage errors and refusals. */
  command(args: string[], io: Io): Promise<number>;
}

/** An environment variable a command reads. */
export interface EnvVar {
  /** Its name. */
  name: string;
  /** What it changes. */
  text: string;
  /**
   * It stands for every variable that moves an agent's folder: the help puts
   * in the agents' own (so the table loads no agent, and `run` loads one).
   */
  agentFolders?: true;
}

/** An example command line. */
export interface Example {
  /** The line, after `everyhook `. */
  line: string;
  /** What it does. */
  text: string;
}

/** One row of the table: the parser's declaration and what the help says besides. */
export interface CommandSpec extends ArgsSpec {
  /** The group it is listed under in the help. */
  group: "run" | "change" | "read";
  /** One or two sentences on what it does. */
  summary: string;
  /** Two or three command lines, with what they do. */
  examples: readonly Example[];
  /** The environment variables it reads. */
  env: readonly EnvVar[];
  /** The permissions it needs under `deno run`. */
  permissions: readonly PermissionName[];
}
