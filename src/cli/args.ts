/**
 * The one command-line parser: it reads a command's words by the declaration
 * of its options and operands in the command table, and turns every mistake
 * into a usage error that says what to write instead. On `run`'s path: imports
 * nothing but the error class.
 *
 * @module
 */

import { EveryhookError } from "../contract/errors.ts";
import { closest } from "./suggest.ts";

/**
 * How an option takes its value: `boolean` takes none; `string` one, given
 * once; `list` a comma-separated list, and repeats add to it; `repeat` one
 * value per use, kept in order.
 */
export type FlagKind = "boolean" | "string" | "list" | "repeat";

/**
 * What a value must be: a whole number of seconds in a range, or one of some words.
 */
export type ValueRule =
  | { kind: "seconds"; min: number; max: number }
  | { kind: "one-of"; values: readonly string[] };

/** One option of a command, as the table declares it. */
export interface FlagSpec {
  /** The long name, without the dashes (`agent`). */
  name: string;
  /** The one-letter alias, without the dash (`h`). */
  short?: string;
  /** How it takes its value. */
  kind: FlagKind;
  /** The value's placeholder in the help (`<a,b,...>`). */
  value?: string;
  /** The value used when the option is not given, as it would be written. */
  default?: string;
  /** The option must be given. */
  required?: boolean;
  /** What the value must be. */
  rule?: ValueRule;
  /** What it does, for the help. */
  text: string;
}

/** One operand (a word that is not an option). */
export interface OperandSpec {
  /** Its name in the usage line (`hook`). */
  name: string;
  /** It must be given. */
  required: boolean;
  /** It takes every word left (a hook's arguments). */
  many?: boolean;
  /** What it is, for the help. */
  text: string;
}

/** What a command's command line may hold. */
export interface ArgsSpec {
  /** The command's name, for messages. */
  name: string;
  /** Its options (`-h, --help` is always there besides). */
  flags: readonly FlagSpec[];
  /** Its operands, in order. */
  operands: readonly OperandSpec[];
  /**
   * True when the first operand ends the options: it and every word after it
   * are operands, passed on untouched (`run`'s hook and the hook's arguments).
   * Otherwise options may come after operands, and only `--` ends them.
   */
  operandsEndOptions?: boolean;
  /** Options of which at most one may be given; with `required`, exactly one. */
  oneOf?: ReadonlyArray<{ flags: readonly string[]; required: boolean }>;
}

type Value = boolean | string | number | string[];

/** A word starting with `-` is an option, except a lone `-` (a file name for stdin). */
const isOption = (word: string): boolean => word.startsWith("-") && word !== "-";

/** The spelling of an option in messages and help: `--agent`. */
export const flagName = (f: Pick<FlagSpec, "name">): string => `--${f.name}`;

/** An option as written with its value, and what it is: `--timeout <seconds>, how long ...`. */
function valueWords(f: FlagSpec): string {
  return `${flagName(f)} ${f.value ?? "<value>"}, ${f.text}`;
}

/**
 * Check a value against a rule.
 *
 * @param rule The rule.
 * @param text The value as written.
 * @returns The value (a number of seconds is a number), or what is wrong with it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkValue } from "./args.ts";
 * assert(checkValue({ kind: "seconds", min: 1, max: 60 }, "30") === 30);
 * ```
 */
export function checkValue(rule: ValueRule, text: string): string | number | { wrong: string } {
  if (rule.kind === "one-of") {
    if (rule.values.includes(text)) return text;
    const near = closest(text, rule.values);
    return {
      wrong: `is not one of ${rule.values.join(", ")}${near ? `; did you mean ${near}?` : ""}`,
    };
  }
  const n = Number(text);
  if (!/^\d+$/.test(text.trim())) {
    return { wrong: `is not a whole number of seconds from ${rule.min} to ${rule.max}` };
  }
  if (n < rule.min) {
    return {
      wrong: `is too short: a hook needs at least ${rule.min} second${rule.min === 1 ? "" : "s"}`,
    };
  }
  if (n > rule.max) return { wrong: `is too long: at most ${rule.max} seconds` };
  return n;
}

/**
 * A command line as read: its options' values (with defaults) and its operands.
 * A getter asked for an option the declaration lacks, or of another kind,
 * throws: that is a bug in a command, not a usage error.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseArgs } from "./args.ts";
 * const json = { name: "json", kind: "boolean", text: "JSON" } as const;
 * const a = parseArgs({ name: "x", flags: [json], operands: [] }, ["--json"]);
 * assert(a.flag("json") && a.given("json"));
 * ```
 */
export class Args {
  /** The declaration it was read by. */
  readonly spec: ArgsSpec;
  /** The operands, in order. */
  readonly operands: readonly string[];
  /** `-h` or `--help` was given. */
  readonly help: boolean;
  readonly #values: ReadonlyMap<string, Value>;
  readonly #given: ReadonlySet<string>;

  /** Hold what was read: values by name (defaults included), the names given, operands, help. */
  constructor(
    spec: ArgsSpec,
    read: {
      values: ReadonlyMap<string, Value>;
      given: ReadonlySet<string>;
      operands: string[];
      help: boolean;
    },
  ) {
    this.spec = spec;
    this.#values = read.values;
    this.#given = read.given;
    this.operands = read.operands;
    this.help = read.help;
  }

  #get(name: string, kinds: readonly FlagKind[]): Value | undefined {
    const f = this.spec.flags.find((x) => x.name === name);
    if (!f || !kinds.includes(f.kind)) {
      throw new Error(`"${this.spec.name}" declares no ${kinds.join(" or ")} option --${name}`);
    }
    return this.#values.get(name);
  }

  /** A boolean option: whether it was given. */
  flag(name: string): boolean {
    return this.#get(name, ["boolean"]) === true;
  }

  /** A one-value option as written, or its default, or undefined. */
  text(name: string): string | undefined {
    const v = this.#get(name, ["string"]);
    return v === undefined ? undefined : String(v);
  }

  /** A one-value option whose rule makes it a number (seconds), or undefined. */
  number(name: string): number | undefined {
    const v = this.#get(name, ["string"]);
    return typeof v === "number" ? v : undefined;
  }

  /** A list or repeated option: every value in order; undefined when not given and no default. */
  list(name: string): string[] | undefined {
    const v = this.#get(name, ["list", "repeat"]);
    return Array.isArray(v) ? [...v] : undefined;
  }

  /** Whether the option was on the command line (a default does not count). */
  given(name: string): boolean {
    this.#get(name, ["boolean", "string", "list", "repeat"]);
    return this.#given.has(name);
  }
}

/**
 * Read a command's words by its declaration: `--name value`, `--name=value`,
 * `-x`, booleans, lists (`a,b`, and repeats add to them), repeated options,
 * `--` to end the options. `-h` and `--help` are always known.
 *
 * @param spec What the command takes.
 * @param words The words after the command's name.
 * @returns What they say.
 * @throws {EveryhookError} `usage`, saying what to write instead: an unknown
 *   option (with the nearest known one), a missing or bad value, a missing or
 *   extra operand, options that exclude each other. When help is asked for
 *   (`-h`, `--help`, before `--` and the operands that end the options),
 *   nothing is checked.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseArgs } from "./args.ts";
 * const a = parseArgs(
 *   { name: "x", flags: [{ name: "agent", kind: "list", text: "agents" }], operands: [] },
 *   ["--agent=claude,codex"],
 * );
 * assert(a.list("agent")?.length === 2);
 * ```
 */
export function parseArgs(spec: ArgsSpec, words: readonly string[]): Args {
  const usage = (detail: string) =>
    new EveryhookError("usage", `Cannot read the "${spec.name}" command line: ${detail}`);
  const values = new Map<string, Value>();
  const given = new Set<string>();
  const operands: string[] = [];
  let help = false;
  let failure: EveryhookError | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === "--") {
      operands.push(...words.slice(i + 1));
      break;
    }
    if (!isOption(word)) {
      if (spec.operandsEndOptions) {
        operands.push(...words.slice(i));
        break;
      }
      operands.push(word);
      continue;
    }
    const eq = word.startsWith("--") ? word.indexOf("=") : -1;
    const written = eq < 0 ? word : word.slice(0, eq);
    if (written === "--help" || written === "-h") {
      help = true;
      continue;
    }
    if (failure) continue;
    const f = spec.flags.find((x) => written === flagName(x) || written === `-${x.short}`);
    if (!f) {
      failure = usage(unknown(spec, written));
      continue;
    }
    const name = flagName(f);
    given.add(f.name);
    if (f.kind === "boolean") {
      if (eq >= 0) failure = usage(`${name} takes no value; write ${name} alone`);
      values.set(f.name, true);
      continue;
    }
    let text: string;
    if (eq >= 0) text = word.slice(eq + 1);
    else {
      const next = words[i + 1];
      if (next === undefined || isOption(next)) {
        const known = next === "--" || next === "-h" || next === "--help" ||
          spec.flags.some((x) => next?.split("=")[0] === flagName(x) || next === `-${x.short}`);
        const dash = next !== undefined && !known
          ? `; for a value that starts with -, write ${name}=${next}`
          : "";
        failure = usage(`${name} needs a value: ${valueWords(f)}${dash}`);
        continue;
      }
      text = next;
      i++;
    }
    const before = values.get(f.name);
    try {
      if (f.kind === "string" && before !== undefined) {
        throw usage(`${name} is given twice; give it once`);
      }
      const value = readValue(f, text, usage);
      values.set(
        f.name,
        Array.isArray(before) && Array.isArray(value) ? [...before, ...value] : value,
      );
    } catch (e) {
      failure = e as EveryhookError;
    }
  }
  if (help) return new Args(spec, { values, given, operands, help });
  if (failure) throw failure;
  for (const group of spec.oneOf ?? []) {
    const named = group.flags.filter((n) => given.has(n)).map((n) => `--${n}`);
    const all = group.flags.map((n) => `--${n}`).join(" or ");
    if (named.length > 1) throw usage(`give ${all}, not both`);
    if (group.required && named.length === 0) throw usage(`give ${all}`);
  }
  for (const f of spec.flags) {
    if (values.has(f.name)) continue;
    if (f.required) throw usage(`${flagName(f)} is required: ${valueWords(f)}`);
    if (f.default !== undefined) values.set(f.name, readValue(f, f.default, usage));
  }
  checkOperands(spec, operands, usage);
  return new Args(spec, { values, given, operands, help });
}

function unknown(spec: ArgsSpec, written: string): string {
  const near = closest(written.replace(/^-+/, ""), [...spec.flags.map((f) => f.name), "help"]);
  return `unknown option ${written}; ${
    near ? `did you mean --${near}?` : `see everyhook ${spec.name} --help for its options`
  }`;
}

function checkOperands(
  spec: ArgsSpec,
  operands: readonly string[],
  usage: (detail: string) => EveryhookError,
): void {
  const required = spec.operands.filter((o) => o.required);
  const missing = required[operands.length];
  if (missing) throw usage(`name the ${missing.name}: ${missing.text}`);
  if (required.length > 0 && operands[0] === "") throw usage(`the ${required[0]!.name} is empty`);
  if (spec.operands.some((o) => o.many) || operands.length <= spec.operands.length) return;
  const extra = operands[spec.operands.length]!;
  const takes = spec.operands.length === 0
    ? "it takes options only"
    : `it takes ${spec.operands.map((o) => `<${o.name}>`).join(" ")} at most`;
  throw usage(`"${extra}" is one word too many; ${takes}`);
}

function readValue(
  f: FlagSpec,
  text: string,
  usage: (detail: string) => EveryhookError,
): Value {
  const check = (one: string): string | number => {
    if (!f.rule) return one;
    const v = checkValue(f.rule, one);
    if (typeof v === "object") throw usage(`${flagName(f)} "${one}" ${v.wrong}`);
    return v;
  };
  const items = f.kind === "list"
    ? text.split(",").map((s) => s.trim()).filter((s) => s !== "")
    : [text];
  if (items.length === 0 || items[0] === "") {
    throw usage(`${flagName(f)} needs a value: ${valueWords(f)}`);
  }
  if (f.kind === "list" || f.kind === "repeat") return items.map((s) => String(check(s)));
  return check(text);
}
