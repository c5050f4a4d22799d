/**
 * Where a write really lands, and the rule for a project: a project folder is
 * a stranger's input (a clone), so in project scope everything everyhook
 * writes (the agent's file, its backups folder, the folders made for them)
 * must resolve inside the project once every link is followed, a link that
 * points at nothing (dangling) included. A link that leads out is refused
 * with the link and its target named, before anything is read for the write
 * or copied into a backup. In user scope links are followed as before: they
 * are the person's own (a dotfiles manager's links, say). Not on `run`'s path.
 *
 * @module
 */

import { posix, win32 } from "node:path";
import { EveryhookError } from "../contract/errors.ts";
import { BACKUP_FOLDER } from "./backups.ts";

function pathApi(path: string): typeof posix {
  return /^[A-Za-z]:[\\/]|^\\\\/.test(path) ? win32 : posix;
}

/** How many links are followed from one path before it is refused as a loop. */
const MAX_HOPS = 40;

/**
 * The path a file's links lead to: each link of the last part followed (made
 * absolute against the link's folder) until a path that is no link, or is not
 * there.
 *
 * @param path The file's path.
 * @returns The path the bytes are read from and written to.
 * @throws {EveryhookError} `config-shape` past 40 links (a loop).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { followLinks } from "./confine.ts";
 * assert.equal(await followLinks("/no/such/file"), "/no/such/file");
 * ```
 */
export async function followLinks(path: string): Promise<string> {
  const api = pathApi(path);
  let current = path;
  for (let hops = 0; hops < MAX_HOPS; hops++) {
    let info: Deno.FileInfo;
    try {
      info = await Deno.lstat(current);
    } catch (e) {
      if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory) {
        return current;
      }
      throw e;
    }
    if (!info.isSymlink) return current;
    current = api.resolve(api.dirname(current), await Deno.readLink(current));
  }
  throw new EveryhookError("config-shape", `Cannot change "${path}": too many symbolic links`);
}

/**
 * Where a path really is: its links followed, and the folders it is in with
 * their links resolved (the nearest one that exists, with the rest of the
 * path after it, for a file or folders not made yet).
 *
 * @param path An absolute path.
 * @returns The real path.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { realLocation } from "./confine.ts";
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.symlink(`${dir}/new/made.json`, `${dir}/link.json`);
 * assert.equal(await realLocation(`${dir}/link.json`), `${dir}/new/made.json`);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function realLocation(path: string): Promise<string> {
  const api = pathApi(path);
  const target = await followLinks(path);
  const rest: string[] = [];
  for (let folder = target;;) {
    try {
      return api.join(await Deno.realPath(folder), ...rest.reverse());
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound) && !(e instanceof Deno.errors.NotADirectory)) {
        throw e;
      }
    }
    const up = api.dirname(folder);
    if (up === folder) return target;
    rest.push(api.basename(folder));
    folder = await followLinks(up);
  }
}

function isWithin(path: string, folder: string): boolean {
  const api = pathApi(folder);
  const rel = api.relative(folder, path);
  return rel === "" || (!rel.startsWith("..") && !api.isAbsolute(rel));
}

/** The first link on the way from the project down to a path, and what it holds. */
async function firstLink(
  path: string,
  project: string,
): Promise<{ link: string; to: string } | undefined> {
  const api = pathApi(path);
  const parts = api.relative(project, path).split(api.sep).filter((p) => p !== "");
  let at = project;
  for (const part of parts) {
    at = api.join(at, part);
    try {
      if ((await Deno.lstat(at)).isSymlink) return { link: at, to: await Deno.readLink(at) };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Refuse a project file whose write would land outside the project: the file
 * itself (a link, or a link that points at nothing), or the folder its backups
 * go in, or a folder on the way, resolving outside the project's real folder.
 *
 * @param file The agent's file in the project, as install names it.
 * @param project The project folder (absolute).
 * @throws {EveryhookError} `outside-project`, naming the link, what it points
 *   at and where that is; nothing is read, written or copied then.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkInsideProject } from "./confine.ts";
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${dir}/p/.claude`, { recursive: true });
 * await Deno.symlink("../../out.json", `${dir}/p/.claude/settings.json`);
 * await assert.rejects(checkInsideProject(`${dir}/p/.claude/settings.json`, `${dir}/p`), /outside the project/);
 * await checkInsideProject(`${dir}/p/.codex/hooks.json`, `${dir}/p`);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function checkInsideProject(file: string, project: string): Promise<void> {
  const api = pathApi(file);
  const root = await realLocation(project);
  const backups = api.join(api.dirname(file), BACKUP_FOLDER);
  for (const [path, what] of [[file, "the file"], [backups, "its backups folder"]] as const) {
    const real = await realLocation(path);
    if (isWithin(real, root)) continue;
    const link = await firstLink(path, project);
    const via = link
      ? `"${link.link}" is a link to "${link.to}", which leads to "${real}"`
      : `it resolves to "${real}"`;
    throw new EveryhookError(
      "outside-project",
      `Cannot change "${file}": ${what} is outside the project "${project}": ${via}. ` +
        `everyhook writes a project's files only inside it; replace the link with a file or folder of the project's own, or install with --scope user`,
    );
  }
}
