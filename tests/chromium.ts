/**
 * A headless Chromium (Debian's `chromium` package) driven over the DevTools
 * protocol on a loopback websocket, with no dependency: Deno's own WebSocket
 * and fetch. For the tests and scripts/docs.ts; not published.
 *
 * @module
 */

/** Why Chromium cannot be used here, or undefined when it can. */
export async function chromiumMissing(): Promise<string | undefined> {
  const path = await chromiumPath();
  if (path) return undefined;
  return "no chromium on PATH (Debian: apt-get install -y chromium; deno task test installs it as root)";
}

async function chromiumPath(): Promise<string | undefined> {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    if (!dir) continue;
    for (const name of ["chromium", "chromium-browser"]) {
      const path = `${dir}/${name}`;
      const info = await Deno.stat(path).catch(() => undefined);
      if (info?.isFile) return path;
    }
  }
  return undefined;
}

/** One page of a running browser. */
export interface Page extends AsyncDisposable {
  /** Send one DevTools command and wait for its result. */
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Evaluate an expression in the page and give back its value (JSON-like values only). */
  evaluate<T>(expression: string): Promise<T>;
  /** Load a URL and wait for its load event. */
  open(url: string): Promise<void>;
  /** The page as a PNG, at the window's width and the whole page's height (at most `maxHeight`). */
  screenshot(maxHeight: number): Promise<Uint8Array>;
}

/** The switches the browser starts with: nothing but the page is reached for. */
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--remote-debugging-address=127.0.0.1",
  "--remote-debugging-port=0",
];

/**
 * Start a headless Chromium with a new empty profile and open one blank page.
 * Dispose of the page to end the browser and remove the profile.
 *
 * @param width The window's width in CSS pixels.
 * @param height The window's height.
 * @returns The page.
 */
export async function startChromium(width: number, height: number): Promise<Page> {
  const path = await chromiumPath();
  if (!path) throw new Error("no chromium on PATH");
  const profile = await Deno.makeTempDir({ prefix: "everyhook-chromium-" });
  const child = new Deno.Command(path, {
    args: [
      ...FLAGS,
      `--user-data-dir=${profile}`,
      `--window-size=${width},${height}`,
      "about:blank",
    ],
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch { /* already gone */ }
    await child.status;
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  };
  try {
    const port = await debuggingPort(profile);
    const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json() as Array<
      { type: string; webSocketDebuggerUrl: string }
    >;
    const target = targets.find((t) => t.type === "page");
    if (!target) throw new Error("chromium opened no page");
    const socket = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise((ok, fail) => {
      socket.onopen = ok;
      socket.onerror = () => fail(new Error("cannot reach chromium's DevTools socket"));
    });
    return pageOver(socket, stop, width);
  } catch (e) {
    await stop();
    throw e;
  }
}

/** The port Chromium listens on, from the file it writes in the profile. */
async function debuggingPort(profile: string): Promise<number> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const text = await Deno.readTextFile(`${profile}/DevToolsActivePort`).catch(() => "");
    const port = Number(text.split("\n")[0]);
    if (port > 0) return port;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("chromium did not open its DevTools port within 30 s");
}

function pageOver(socket: WebSocket, stop: () => Promise<void>, width: number): Page {
  let next = 1;
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  const events = new Map<string, Array<() => void>>();
  socket.onmessage = (e) => {
    const m = JSON.parse(String(e.data)) as {
      id?: number;
      method?: string;
      result?: Record<string, unknown>;
      error?: { message: string };
    };
    if (m.id !== undefined) waiting.get(m.id)?.(m as Record<string, unknown>);
    else if (m.method) { for (const f of events.get(m.method)?.splice(0) ?? []) f(); }
  };
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((ok, fail) => {
      const id = next++;
      waiting.set(id, (m) => {
        waiting.delete(id);
        const error = m.error as { message: string } | undefined;
        if (error) fail(new Error(`${method}: ${error.message}`));
        else ok(m.result as Record<string, unknown>);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  const once = (method: string) =>
    new Promise<void>((ok) => events.set(method, [...(events.get(method) ?? []), ok]));
  const page: Page = {
    send,
    async evaluate<T>(expression: string): Promise<T> {
      const r = await send("Runtime.evaluate", { expression, returnByValue: true });
      const thrown = r.exceptionDetails as { text: string } | undefined;
      if (thrown) throw new Error(`the page threw: ${thrown.text}`);
      return (r.result as { value: T }).value;
    },
    async open(url: string) {
      await send("Page.enable");
      const loaded = once("Page.loadEventFired");
      await send("Page.navigate", { url });
      await loaded;
    },
    async screenshot(maxHeight: number) {
      const height = Math.min(
        maxHeight,
        await page.evaluate<number>("document.documentElement.scrollHeight"),
      );
      const r = await send("Page.captureScreenshot", {
        format: "png",
        captureBeyondViewport: true,
        clip: { x: 0, y: 0, width, height, scale: 1 },
      });
      return Uint8Array.from(atob(r.data as string), (c) => c.charCodeAt(0));
    },
    async [Symbol.asyncDispose]() {
      socket.close();
      await stop();
    },
  };
  return page;
}
