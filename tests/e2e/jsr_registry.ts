/**
 * A local JSR registry on 127.0.0.1 for tests: the real `deno publish` uploads
 * to it and the real `deno run jsr:...` downloads from it, with no network.
 *
 * Point Deno at it with one variable: `JSR_URL=<registry.url>`. Deno derives the
 * publish API from that URL (the same origin with the path `/api/`, which is
 * `registry.apiUrl`) and reads no variable of its own for the API (there is no
 * JSR_API_URL). Plain http works, with no certificate or DENO_CERT: Deno takes
 * a JSR_URL of any scheme and lets modules from its host be imported without
 * `--allow-import`. So:
 *
 * - publish: `JSR_URL=<url> deno publish --token <anything> --allow-dirty --no-provenance`,
 *   with stdin not a terminal (Deno otherwise offers a browser login for a
 *   missing token). No git repo is needed; `--allow-dirty` skips the check for
 *   uncommitted changes when there is one. `--no-provenance` keeps Deno from
 *   calling sigstore when it runs on GitHub Actions. The package's config needs
 *   `name`, `version`, `exports` and a license (a `license` field or a LICENSE
 *   file).
 * - run: `JSR_URL=<url> deno run jsr:@scope/name[@version][/export]`, from a
 *   directory with no deno.json (or Deno writes the package into its lockfile).
 *
 * The publish API it answers:
 * - `GET api/scopes/<s>/packages/<n>/versions/<v>`: 200 once published, else
 *   404 (Deno skips a version that answers 200).
 * - `GET api/scopes/<s>` and `GET api/scopes/<s>/packages/<n>`: always 200, as
 *   every scope and package exists here (on a 404 Deno stops, asking the user
 *   to create the package on the registry's website).
 * - `POST api/scopes/<s>/packages/<n>/versions/<v>?config=%2Fdeno.json`, with
 *   `Authorization: Bearer <token>`, `Content-Encoding: gzip` and the gzipped
 *   tarball (GNU tar, files named `./<path>`) as the body: the version is
 *   published at once and the answer is a task with `"status": "success"`, so
 *   Deno does not poll; `GET api/publish_status/<id>` still answers the task.
 *
 * It serves `@<s>/<n>/meta.json`, `@<s>/<n>/<v>_meta.json` (`manifest` and
 * `exports`; Deno reads the files' imports itself when there is no
 * `moduleGraph2`) and `@<s>/<n>/<v>/<file>`, all read from `dir`. The versions
 * in meta.json have no `createdAt` on purpose: Deno 2.9 by default refuses
 * versions published less than 24 hours ago (its minimum dependency age), and
 * takes a version without a date for an old one, so no flag is needed.
 *
 * @module
 */

import { parse } from "jsonc-parser";
import { gunzip, isGzip, parseTar, type TarFile } from "./jsr_tar.ts";

/** One version published to the registry since it started. */
export interface JsrPublished {
  /** `@scope/name`. */
  name: string;
  /** The version, such as `1.0.0`. */
  version: string;
  /** Every file in the tarball, sorted, such as `/deno.json` and `/mod.ts`. */
  files: string[];
  /** The exports from the package's config, such as `{ ".": "./mod.ts" }`. */
  exports: Record<string, string>;
  /** The Authorization header of the upload, such as `Bearer test`. */
  authorization: string;
}

/** Options for {@linkcode startJsrRegistry}. */
export interface JsrRegistryOptions {
  /**
   * Where the packages live, laid out as they are served:
   * `@<scope>/<name>/meta.json`, `@<scope>/<name>/<version>_meta.json` and
   * `@<scope>/<name>/<version>/<file>`. Packages already there are served too.
   * Default: a new temporary directory, removed on close.
   */
  dir?: string;
}

/** A running registry. */
export interface JsrRegistry extends AsyncDisposable {
  /** The registry base with a trailing slash, `http://127.0.0.1:<port>/`: the JSR_URL. */
  url: string;
  /** The publish API base, `<url>api/`, which Deno derives from JSR_URL. */
  apiUrl: string;
  /** The directory the packages are kept in. */
  dir: string;
  /** The versions published since the registry started, in order. */
  published: JsrPublished[];
  /** Every request as `<METHOD> <path and query>`, in arrival order. */
  requests: string[];
  /** Stops the server and removes the directory if the registry made it. */
  close(): Promise<void>;
}

interface PublishTask {
  id: string;
  status: "success";
  error: null;
}

const NAME = /^[a-z0-9][a-z0-9-]*$/;
const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;
const CONTENT_TYPES: Record<string, string> = {
  ts: "application/typescript",
  mts: "application/typescript",
  tsx: "text/tsx",
  js: "application/javascript",
  mjs: "application/javascript",
  jsx: "text/jsx",
  json: "application/json",
  jsonc: "application/json",
  wasm: "application/wasm",
  md: "text/markdown",
};

/**
 * Starts a local JSR registry on 127.0.0.1, on a port the OS picks.
 *
 * @param options Where to keep the packages.
 * @returns The running registry; close it (or `await using` it) when done.
 *
 * @example Usage
 * ```ts
 * import { startJsrRegistry } from "./jsr_registry.ts";
 * await using registry = await startJsrRegistry();
 * const env = { JSR_URL: registry.url };
 * console.log(env, registry.published.length);
 * ```
 */
export async function startJsrRegistry(options: JsrRegistryOptions = {}): Promise<JsrRegistry> {
  const ownDir = options.dir === undefined;
  const dir = options.dir ?? await Deno.makeTempDir({ prefix: "jsr_registry_" });
  const published: JsrPublished[] = [];
  const requests: string[] = [];
  const tasks = new Map<string, PublishTask>();
  let queue = Promise.resolve();
  const ready = Promise.withResolvers<number>();
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    onListen: ({ port }) => ready.resolve(port),
  }, async (request) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const segments = url.pathname.split("/").slice(1).map(decodeSegment);
    if (segments[0] === "api") {
      const api = segments.slice(1);
      const [first, scope, packages, name, versions, version, extra] = api;
      if (first === "publish_status" && api.length === 2 && request.method === "GET") {
        const task = tasks.get(scope ?? "");
        return task ? Response.json(task) : apiError(404, "publishingTaskNotFound", "no such task");
      }
      if (first !== "scopes" || !isName(scope)) return apiError(404, "notFound", "not found");
      if (api.length === 2 && request.method === "GET") return Response.json({ scope });
      if (packages !== "packages" || !isName(name)) return apiError(404, "notFound", "not found");
      if (api.length === 4 && request.method === "GET") {
        return Response.json({ scope, name, description: "", runtimeCompat: {} });
      }
      if (versions !== "versions" || !isVersion(version) || extra !== undefined) {
        return apiError(404, "notFound", "not found");
      }
      const key = `@${scope}/${name}`;
      if (request.method === "GET") {
        return await exists(`${dir}/${key}/${version}_meta.json`)
          ? Response.json({ scope, package: name, version, yanked: false })
          : apiError(404, "packageVersionNotFound", `${key}@${version} is not published`);
      }
      if (request.method !== "POST") return apiError(405, "methodNotAllowed", "use GET or POST");
      const body = new Uint8Array(await request.arrayBuffer());
      const run = queue.then(() =>
        publish(dir, scope, name, version, request.headers, url.searchParams, body)
      );
      queue = run.then(() => {}, () => {});
      const result = await run;
      if (result instanceof Response) return result;
      if (result === "duplicate") {
        return apiError(409, "duplicateVersionPublish", `${key}@${version} is already published`, {
          task: { id: crypto.randomUUID(), status: "success", error: null },
        });
      }
      published.push(result);
      const task: PublishTask = { id: crypto.randomUUID(), status: "success", error: null };
      tasks.set(task.id, task);
      return Response.json(task, { status: 202 });
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("not found", { status: 404 });
    }
    return await serveFile(dir, segments);
  });
  const port = await ready.promise;
  const url = `http://127.0.0.1:${port}/`;
  let closed: Promise<void> | undefined;
  const close = () =>
    closed ??= (async () => {
      await server.shutdown();
      if (ownDir) await Deno.remove(dir, { recursive: true });
    })();
  return {
    url,
    apiUrl: `${url}api/`,
    dir,
    published,
    requests,
    close,
    [Symbol.asyncDispose]: close,
  };
}

/**
 * Compares two versions by semver precedence (build metadata ignored).
 *
 * @param a A version such as `1.2.3` or `1.0.0-rc.1`.
 * @param b Another version.
 * @returns Negative when a comes first, positive when b does, 0 when equal.
 * @throws {Error} When either is not a version.
 */
export function compareVersions(a: string, b: string): number {
  const [ma, mb] = [VERSION.exec(a), VERSION.exec(b)];
  if (!ma || !mb) throw new Error(`not a version: ${ma ? b : a}`);
  for (let i = 1; i <= 3; i++) {
    const d = Number(ma[i]) - Number(mb[i]);
    if (d !== 0) return d;
  }
  const [pa, pb] = [ma[4], mb[4]];
  if (pa === undefined || pb === undefined) return pa === pb ? 0 : pa === undefined ? 1 : -1;
  const [xa, xb] = [pa.split("."), pb.split(".")];
  for (let i = 0; i < Math.max(xa.length, xb.length); i++) {
    const [x, y] = [xa[i], xb[i]];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    if (x === y) continue;
    const [nx, ny] = [/^\d+$/.test(x), /^\d+$/.test(y)];
    if (nx && ny) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** Unpacks and stores one upload; a Response when it is refused. */
async function publish(
  dir: string,
  scope: string,
  name: string,
  version: string,
  headers: Headers,
  params: URLSearchParams,
  body: Uint8Array,
): Promise<JsrPublished | Response | "duplicate"> {
  const key = `@${scope}/${name}`;
  const authorization = headers.get("authorization") ?? "";
  if (!/^(Bearer|githuboidc) \S/.test(authorization)) {
    return apiError(401, "missingAuthentication", "no Authorization header with a token");
  }
  if (await exists(`${dir}/${key}/${version}_meta.json`)) return "duplicate";
  let files: TarFile[];
  try {
    files = parseTar(isGzip(body) ? await gunzip(body) : body);
  } catch (error) {
    return apiError(400, "invalidTarball", `the tarball is not a gzipped tar: ${message(error)}`);
  }
  const configPath = params.get("config") ?? "/deno.json";
  const configFile = files.find((file) => file.path === configPath);
  if (!configFile) {
    return apiError(400, "missingConfigFile", `the tarball has no ${configPath}`);
  }
  const config: unknown = parse(new TextDecoder().decode(configFile.data));
  const record = isRecord(config) ? config : {};
  if (record.name !== key) {
    const found = JSON.stringify(record.name);
    return apiError(400, "configFileNameMismatch", `${configPath} names ${found}, not ${key}`);
  }
  const exports = exportsOf(record.exports);
  const paths = new Set(files.map((file) => file.path));
  for (const [exportName, target] of Object.entries(exports)) {
    if (!paths.has(target.replace(/^\.\//, "/"))) {
      const text = `export ${exportName} points at ${target}, which is not in the tarball`;
      return apiError(400, "configFileExportsInvalid", text);
    }
  }
  const manifest: Record<string, { size: number; checksum: string }> = {};
  for (const file of files) {
    const target = `${dir}/${key}/${version}${file.path}`;
    await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), { recursive: true });
    await Deno.writeFile(target, file.data);
    manifest[file.path] = { size: file.data.length, checksum: await sha256(file.data) };
  }
  await writeJson(`${dir}/${key}/${version}_meta.json`, { manifest, exports });
  const metaPath = `${dir}/${key}/meta.json`;
  const meta = await readJson(metaPath);
  const versions = isRecord(meta?.versions) ? meta.versions : {};
  versions[version] = {}; // no createdAt: see the module doc
  const stable = Object.keys(versions).filter((v) => !VERSION.exec(v)?.[4]);
  const candidates = stable.length > 0 ? stable : Object.keys(versions);
  const latest = candidates.sort(compareVersions).at(-1);
  await writeJson(metaPath, { scope, name, latest, versions });
  return { name: key, version, files: [...paths].sort(), exports, authorization };
}

/** Serves meta.json, `<v>_meta.json` or a file of a version, else 404. */
async function serveFile(dir: string, segments: string[]): Promise<Response> {
  const [scope, name, ...rest] = segments;
  const [first = "", ...more] = rest;
  const safe = rest.every((s) => s !== "" && s !== "." && s !== ".." && !/[\\/\0]/.test(s));
  const valid = safe && scope?.startsWith("@") && isName(scope.slice(1)) && isName(name);
  const known = more.length > 0
    ? isVersion(first)
    : first === "meta.json" || isVersion(first.match(/^(.+)_meta\.json$/)?.[1]);
  if (!valid || !known) return new Response("not found", { status: 404 });
  const path = `${dir}/${scope}/${name}/${rest.join("/")}`;
  try {
    const data = await Deno.readFile(path);
    const ext = path.slice(path.lastIndexOf(".") + 1);
    const type = CONTENT_TYPES[ext] ?? "application/octet-stream";
    return new Response(data, { headers: { "content-type": type } });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.IsADirectory) {
      return new Response("not found", { status: 404 });
    }
    throw error;
  }
}

/** A config's `exports` as a map: a string means `{ ".": string }`. */
function exportsOf(value: unknown): Record<string, string> {
  if (typeof value === "string") return { ".": value };
  if (!isRecord(value)) return {};
  const exports: Record<string, string> = {};
  for (const [key, target] of Object.entries(value)) {
    if (typeof target === "string") exports[key] = target;
  }
  return exports;
}

function apiError(
  status: number,
  code: string,
  text: string,
  extra: Record<string, unknown> = {},
): Response {
  return Response.json({ code, message: text, ...extra }, { status });
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return "\\"; // a segment no route accepts
  }
}

function isName(value: string | undefined): value is string {
  return value !== undefined && NAME.test(value);
}

function isVersion(value: string | undefined): value is string {
  return value !== undefined && VERSION.test(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function sha256(data: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>);
  return "sha256-" + Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0"))
    .join("");
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

async function readJson(path: string): Promise<Record<string, unknown> | undefined> {
  if (!await exists(path)) return undefined;
  const value: unknown = JSON.parse(await Deno.readTextFile(path));
  return isRecord(value) ? value : undefined;
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await Deno.writeTextFile(path, JSON.stringify(value, null, 2) + "\n");
}
