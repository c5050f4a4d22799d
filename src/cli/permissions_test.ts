import assert from "node:assert/strict";
import { checkPermissions, denoQuery, fromNotCapable, permissionError } from "./permissions.ts";
import type { PermissionName } from "../os/runtime.ts";
import { EveryhookError } from "../contract/errors.ts";

const grantedExcept = (...missing: PermissionName[]) => (name: PermissionName) =>
  missing.includes(name) ? "prompt" as const : "granted" as const;

Deno.test("checkPermissions() passes when every permission is granted", () => {
  checkPermissions("run", ["read", "run", "env"], { query: grantedExcept(), standalone: false });
});

Deno.test("checkPermissions() names the deno run flag that is missing", () => {
  assert.throws(
    () =>
      checkPermissions("run", ["read", "run", "env"], {
        query: grantedExcept("run"),
        standalone: false,
      }),
    (e: unknown) =>
      e instanceof EveryhookError && e.code === "permission" && e.exitCode === 1 &&
      e.message ===
        'Cannot run "run": the run permission is not granted: add --allow-run after "deno run"',
  );
  assert.throws(
    () =>
      checkPermissions("install", ["read", "write", "env"], {
        query: grantedExcept("read", "write", "env"),
        standalone: false,
      }),
    /the read, write and env permissions are not granted: add --allow-read --allow-write --allow-env/,
  );
});

Deno.test("checkPermissions() in a compiled binary says it was built without the permission", () => {
  assert.throws(
    () => checkPermissions("run", ["run"], { query: () => "denied", standalone: true }),
    /this everyhook binary was built without --allow-run: build it again with "deno compile --allow-run/,
  );
});

Deno.test("permissionError() speaks of one permission in the singular", () => {
  assert.match(
    permissionError("demo", ["env"], false).message,
    /the env permission is not granted/,
  );
});

Deno.test("fromNotCapable() maps Deno's NotCapable and leaves other errors alone", () => {
  const e = fromNotCapable(
    new Deno.errors.NotCapable(
      'Requires write access to "/x", run again with the --allow-write flag',
    ),
    "install",
    true,
  );
  assert.match(e?.message ?? "", /built without --allow-write/);
  const other = fromNotCapable(new Deno.errors.NotCapable("Requires net access"), "run", false);
  assert.match(other?.message ?? "", /Cannot run "run": Requires net access/);
  assert.equal(fromNotCapable(new Error("x"), "run", false), undefined);
});

Deno.test("denoQuery() reads this process's permissions", () => {
  assert.equal(denoQuery("read"), "granted");
});
