/**
 * A throwaway folder for unit tests of the hook runner, shared by the tests
 * beside src/run/ (not published: tests/ is outside the package).
 *
 * @module
 */

/**
 * Run `fn` in a throwaway folder holding `files` (those without an extension
 * are made executable), and remove the folder after.
 *
 * @param files File names and their text.
 * @param fn What to do in the folder.
 *
 * @example Usage
 * ```ts ignore
 * await inWorld({ "hook.sh": "exit 0\n" }, (dir) => console.log(dir));
 * ```
 */
export async function inWorld(
  files: Record<string, string>,
  fn: (dir: string) => void | Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "everyhook-hp-" });
  try {
    for (const [name, text] of Object.entries(files)) {
      await Deno.writeTextFile(`${dir}/${name}`, text);
      if (!name.includes(".")) await Deno.chmod(`${dir}/${name}`, 0o755);
    }
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
