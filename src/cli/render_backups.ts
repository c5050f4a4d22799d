/**
 * `restore --list` as text: each file's backups, newest first, with the id
 * `restore --backup <id>` takes. Not on `run`'s path.
 *
 * @module
 */

import type { RestoreReport } from "../install/restore.ts";
import { shownPath } from "./short_text.ts";

/**
 * The backups of each file as text.
 *
 * @param report A restore report made with `list`.
 * @param env The environment (to write the home folder as `~`).
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderBackupList } from "./render_backups.ts";
 * const t = renderBackupList({
 *   ok: true, dryRun: false, scope: "user", list: true,
 *   results: [{
 *     agent: "codex", scope: "user", file: "/h/.codex/hooks.json", from: null, others: 0,
 *     restored: false, reason: null,
 *     backups: [{ id: "20261017-173000", path: "/b", time: "2026-10-17T17:30:00.000Z", first: true }],
 *   }],
 * }, { HOME: "/h" });
 * assert(t.includes("20261017-173000    2026-10-17 17:30:00 UTC  the first, always kept"));
 * ```
 */
export function renderBackupList(
  report: RestoreReport,
  env: Readonly<Record<string, string>>,
): string {
  const out = [`everyhook restore --list (${report.scope} scope)\n`];
  for (const r of report.results) {
    const n = r.backups.length;
    out.push(
      `\n${r.agent.padEnd(12)} ${shownPath(r.file, env)}: ${
        n === 0 ? "no backups" : `${n} backup${n === 1 ? "" : "s"}`
      }\n`,
    );
    for (const b of r.backups) {
      const when = b.time.replace("T", " ").replace(/\.\d+Z$/, " UTC");
      const first = b.first ? "  the first, always kept" : "";
      const absent = b.absent ? "  (the file was not there: putting it back deletes it)" : "";
      out.push(`  ${b.id.padEnd(17)}  ${when}${first}${absent}\n`);
    }
  }
  if (report.results.some((r) => r.backups.length > 0)) {
    out.push("\nPut one back with: everyhook restore --backup <id> --agent <agent>\n");
  }
  return out.join("");
}
