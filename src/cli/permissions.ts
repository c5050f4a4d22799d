/**
 * The Deno permissions a command needs, checked before any work. A missing one
 * is named with the flag to add under `deno run`, or, in a compiled binary,
 * reported as a permission the binary was built without. On `run`'s path:
 * imports nothing but `errors.ts` and types.
 *
 * @module
 */

import { flagFor, LOOPBACK, type PermissionName } from "../os/runtime.ts";
import { EveryhookError } from "../contract/errors.ts";

/** Reads the state of one permission (tests inject answers). */
export type PermissionQuery = (name: PermissionName) => Deno.PermissionState;

/**
 * The state of a permission in this process, without prompting.
 *
 * @param name The permission.
 * @returns Its state.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { denoQuery } from "./permissions.ts";
 * assert(["granted", "prompt", "denied"].includes(denoQuery("read")));
 * ```
 */
export function denoQuery(name: PermissionName): Deno.PermissionState {
  const descriptor: Deno.PermissionDescriptor = name === "net"
    ? { name, host: LOOPBACK }
    : { name };
  return Deno.permissions.querySync(descriptor).state;
}

/**
 * Check that every permission a command needs is granted.
 *
 * @param command The command's name.
 * @param needs The permissions it needs.
 * @param options How to query, and whether this is a compiled binary.
 * @throws {EveryhookError} A `permission` error naming what to add.
 *
 * @example Usage
 * ```ts
 * import { checkPermissions } from "./permissions.ts";
 * checkPermissions("run", ["read"], { query: () => "granted", standalone: false });
 * ```
 */
export function checkPermissions(
  command: string,
  needs: readonly PermissionName[],
  options: { query?: PermissionQuery; standalone: boolean },
): void {
  const query = options.query ?? denoQuery;
  const missing = needs.filter((name) => query(name) !== "granted");
  if (missing.length > 0) throw permissionError(command, missing, options.standalone);
}

/**
 * The error for permissions that are not granted.
 *
 * @param command The command's name.
 * @param missing The permissions that are not granted.
 * @param standalone True in a compiled binary.
 * @returns The error, with the remedy for the way everyhook runs.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { permissionError } from "./permissions.ts";
 * const e = permissionError("run", ["run"], false);
 * assert(e.message.includes("--allow-run"));
 * ```
 */
export function permissionError(
  command: string,
  missing: readonly PermissionName[],
  standalone: boolean,
): EveryhookError {
  const flags = missing.map(flagFor).join(" ");
  const what = missing.length === 1
    ? `the ${missing[0]} permission is not granted`
    : `the ${missing.slice(0, -1).join(", ")} and ${missing.at(-1)} permissions are not granted`;
  const remedy = standalone
    ? `this everyhook binary was built without ${flags}: build it again with "deno compile ${flags} ..."`
    : `add ${flags} after "deno run"`;
  return new EveryhookError("permission", `Cannot run "${command}": ${what}: ${remedy}`);
}

/**
 * Turn Deno's `NotCapable` error (a permission the table did not list) into a
 * permission error with the same remedy; anything else gives undefined.
 *
 * @param error What was thrown.
 * @param command The command's name.
 * @param standalone True in a compiled binary.
 * @returns The error to report, or undefined when it is not a permission error.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fromNotCapable } from "./permissions.ts";
 * const e = fromNotCapable(new Deno.errors.NotCapable('Requires write access to "x", run again with the --allow-write flag'), "run", false);
 * assert(e?.message.includes("--allow-write"));
 * ```
 */
export function fromNotCapable(
  error: unknown,
  command: string,
  standalone: boolean,
): EveryhookError | undefined {
  if (!(error instanceof Deno.errors.NotCapable)) return undefined;
  const name = /--allow-(read|write|run|env|net)\b/.exec(error.message)?.[1] as
    | PermissionName
    | undefined;
  if (name) return permissionError(command, [name], standalone);
  return new EveryhookError("permission", `Cannot run "${command}": ${error.message}`, {
    cause: error,
  });
}
