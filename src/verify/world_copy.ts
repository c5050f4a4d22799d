/**
 * The copy of the files an agent reads into verify's world, bounded: a
 * project is a stranger's input, and its folders may hold links that lead
 * out of them or back into themselves. So:
 *
 * - a file or folder an agent reads is copied from where its links lead, but
 *   a project's one only when that is inside the project;
 * - inside a folder copied whole, a link is followed only when it leads to a
 *   place inside that same folder, and each folder is copied once (by its real
 *   path): no link out, no loop;
 * - only regular files and folders are copied (a FIFO or a device is left
 *   out), a file of more than {@linkcode COPY_LIMITS}.fileBytes is left out,
 *   and the whole world holds at most {@linkcode COPY_LIMITS}.files files and
 *   {@linkcode COPY_LIMITS}.bytes bytes: past that the copy is refused with
 *   the reason, and the agent is not run.
 *
 * @module
 */

import { EveryhookError } from "../contract/errors.ts";
import { pathsFor } from "../settings/locations.ts";

/**
 * The bounds of one world's copy.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { COPY_LIMITS } from "./world_copy.ts";
 * assert.equal(COPY_LIMITS.files, 2000);
 * ```
 */
export const COPY_LIMITS = {
  /** The most files copied for one agent. */
  files: 2000,
  /** The most bytes copied for one agent, all files together: 32 MiB. */
  bytes: 32 * 1024 * 1024,
  /** The most bytes of one file; a bigger file is left out (no agent reads such a settings file). */
  fileBytes: 4 * 1024 * 1024,
} as const;

/** Where a copy stands: what it copied, its count so far, the folders it went into. */
export interface CopyState {
  /** Each file copied: the user's path and the world's. */
  copies: Array<{ from: string; to: string }>;
  /** What was left out, one line each (a link out of its folder, a link out of the project). */
  skipped: string[];
  /** Files copied so far. */
  files: number;
  /** Bytes copied so far. */
  bytes: number;
  /** The real paths of the folders copied, so that none is copied twice (a loop). */
  folders: Set<string>;
}

/**
 * A new copy's state.
 *
 * @returns Nothing copied yet.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { copyState } from "./world_copy.ts";
 * assert.equal(copyState().files, 0);
 * ```
 */
export function copyState(): CopyState {
  return { copies: [], skipped: [], files: 0, bytes: 0, folders: new Set() };
}

function isWithin(path: string, folder: string): boolean {
  const api = pathsFor("linux");
  const rel = api.relative(folder, path);
  return rel === "" || (!rel.startsWith("..") && !api.isAbsolute(rel));
}

async function realPathOrNothing(path: string): Promise<string | undefined> {
  try {
    return await Deno.realPath(path);
  } catch {
    return undefined;
  }
}

function tooBig(what: string, root: string): EveryhookError {
  const mib = COPY_LIMITS.bytes / 1024 / 1024;
  return new EveryhookError(
    "file-system",
    `Cannot copy "${root}" into verify's world: ${what}; verify copies at most ${COPY_LIMITS.files} files and ${mib} MiB for one agent, so it does not run this agent (move what the agent does not read out of that folder)`,
  );
}

/**
 * Copy a file or folder an agent reads into the world, within the bounds.
 *
 * @param from The user's path.
 * @param to The world's path.
 * @param state The copy so far; changed in place.
 * @param project For a project's file or folder, the user's project folder it must resolve inside.
 * @throws {EveryhookError} `file-system` past {@linkcode COPY_LIMITS}, with the reason.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { copyBounded, copyState } from "./world_copy.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.mkdir(`${dir}/p/.claude`, { recursive: true });
 * await Deno.writeTextFile(`${dir}/p/.claude/settings.json`, "{}");
 * await Deno.symlink(".", `${dir}/p/.claude/loop`);
 * const state = copyState();
 * await copyBounded(`${dir}/p/.claude`, `${dir}/w/.claude`, state, `${dir}/p`);
 * assert.equal(state.files, 1);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function copyBounded(
  from: string,
  to: string,
  state: CopyState,
  project?: string,
): Promise<void> {
  const real = await realPathOrNothing(from);
  if (real === undefined) return;
  if (project !== undefined) {
    const root = await realPathOrNothing(project) ?? project;
    if (!isWithin(real, root)) {
      state.skipped.push(`${from}: not copied, it leads out of the project (to ${real})`);
      return;
    }
  }
  await copyNode(from, real, to, state, real, from);
}

async function copyNode(
  shown: string,
  real: string,
  to: string,
  state: CopyState,
  within: string,
  root: string,
): Promise<void> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(real);
  } catch {
    return;
  }
  if (info.isDirectory) {
    if (state.folders.has(real)) return;
    state.folders.add(real);
    await Deno.mkdir(to, { recursive: true });
    for await (const e of Deno.readDir(real)) {
      const child = `${real}/${e.name}`;
      const childShown = `${shown}/${e.name}`;
      let target = child;
      if (e.isSymlink) {
        const resolved = await realPathOrNothing(child);
        if (resolved === undefined) continue;
        if (!isWithin(resolved, within)) {
          state.skipped.push(`${childShown}: not copied, a link out of ${root} (to ${resolved})`);
          continue;
        }
        target = resolved;
      }
      await copyNode(childShown, target, `${to}/${e.name}`, state, within, root);
    }
    return;
  }
  if (!info.isFile || info.size > COPY_LIMITS.fileBytes) return;
  if (state.files + 1 > COPY_LIMITS.files) {
    throw tooBig(`it holds more than ${COPY_LIMITS.files} files`, root);
  }
  if (state.bytes + info.size > COPY_LIMITS.bytes) {
    throw tooBig(`it holds more than ${COPY_LIMITS.bytes / 1024 / 1024} MiB`, root);
  }
  state.files++;
  state.bytes += info.size;
  await Deno.mkdir(pathsFor("linux").dirname(to), { recursive: true });
  await Deno.writeFile(to, await Deno.readFile(real), { mode: info.mode ?? 0o644 });
  state.copies.push({ from: shown, to });
}
