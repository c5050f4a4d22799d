/**
 * A tiny HTTP server on 127.0.0.1 (a port the OS picks) for the fake model
 * APIs: it parses each request body, logs every request, and hands it to a
 * handler. `sseResponse()` builds a Server-Sent Events answer for streaming.
 *
 * @module
 */

/** One request as the handler sees it. */
export interface FakeRequest {
  /** GET, POST, ... */
  method: string;
  /** The path with its query string, such as `/v1/messages?beta=true`. */
  path: string;
  /** The request headers. */
  headers: Headers;
  /** The body: parsed JSON when it is JSON, else the text, or null when empty. */
  body: unknown;
  /** 0 for the first request, then 1, 2, ... */
  index: number;
}

/** One request as the log keeps it. */
export interface LoggedRequest {
  /** GET, POST, ... */
  method: string;
  /** The path with its query string. */
  path: string;
  /** The body: parsed JSON when it is JSON, else the text, or null. */
  body: unknown;
}

/** A running fake server. */
export interface FakeServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  url: string;
  /** The port the OS chose. */
  port: number;
  /** Every request so far, in arrival order. */
  requests: LoggedRequest[];
  /** Stops the server. */
  close(): Promise<void>;
}

/** Answers one request. */
export type FakeHandler = (req: FakeRequest) => Response | Promise<Response>;

/**
 * Starts a fake HTTP server on 127.0.0.1, port 0. A handler that throws
 * answers 500 with the error text (and the request is still logged).
 *
 * @param handler Answers each request.
 * @returns The server: its url, port, request log, and close().
 *
 * @example Usage
 * ```ts ignore
 * import { startFakeServer } from "./server.ts";
 * const server = await startFakeServer(() => Response.json({ ok: true }));
 * const res = await fetch(`${server.url}/ping`, { method: "POST", body: "{}" });
 * console.log(await res.json(), server.requests.length);
 * await server.close();
 * ```
 */
export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const requests: LoggedRequest[] = [];
  const ready = Promise.withResolvers<number>();
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    onListen: ({ port }) => ready.resolve(port),
  }, async (request) => {
    const url = new URL(request.url);
    const text = await request.text();
    let body: unknown = text === "" ? null : text;
    try {
      if (text !== "") body = JSON.parse(text);
    } catch { /* keep the text */ }
    const index = requests.length;
    const path = url.pathname + url.search;
    requests.push({ method: request.method, path, body });
    try {
      return await handler({ method: request.method, path, headers: request.headers, body, index });
    } catch (e) {
      return new Response(`fake server handler failed: ${e instanceof Error ? e.stack : e}`, {
        status: 500,
      });
    }
  });
  const port = await ready.promise;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    async close(): Promise<void> {
      await Promise.race([
        server.shutdown(),
        new Promise((r) => setTimeout(r, 2000)),
      ]);
    },
  };
}

/** One Server-Sent Event. */
export interface SseEvent {
  /** The `event:` line; omitted when undefined. */
  event?: string;
  /** The `data:` line: JSON-encoded unless it is a string already. */
  data: unknown;
}

/**
 * Builds a streaming `text/event-stream` answer, one chunk per event.
 *
 * @param events The events in order.
 * @returns The response.
 *
 * @example Usage
 * ```ts
 * import { sseResponse } from "./server.ts";
 * const res = sseResponse([{ event: "ping", data: { type: "ping" } }, { data: "[DONE]" }]);
 * console.log(await res.text());
 * ```
 */
export function sseResponse(events: ReadonlyArray<SseEvent>): Response {
  const encoder = new TextEncoder();
  const chunks = events.map((e) => {
    const data = typeof e.data === "string" ? e.data : JSON.stringify(e.data);
    const head = e.event === undefined ? "" : `event: ${e.event}\n`;
    return encoder.encode(`${head}data: ${data}\n\n`);
  });
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller): void {
      const chunk = chunks[i++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk);
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
    },
  });
}
