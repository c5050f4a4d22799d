import assert from "node:assert/strict";
import { sseResponse, startFakeServer } from "./server.ts";

/** These tests listen on 127.0.0.1: without that permission (as under `deno test --doc`) they skip. */
const LOOPBACK = {
  ignore: Deno.permissions.querySync({ name: "net", host: "127.0.0.1" }).state !== "granted",
};
if (LOOPBACK.ignore) {
  // deno-lint-ignore no-console -- a skipped test says why
  console.warn("skipped the fake server's tests: no --allow-net=127.0.0.1");
}

Deno.test(
  "startFakeServer() listens on 127.0.0.1, logs bodies and numbers requests",
  LOOPBACK,
  async () => {
    const server = await startFakeServer((req) =>
      Response.json({ index: req.index, path: req.path })
    );
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const a = await (await fetch(`${server.url}/v1/x?beta=true`, {
        method: "POST",
        body: JSON.stringify({ n: 1 }),
      })).json();
      const b = await (await fetch(`${server.url}/plain`, { method: "POST", body: "text" })).json();
      assert.deepEqual(a, { index: 0, path: "/v1/x?beta=true" });
      assert.deepEqual(b, { index: 1, path: "/plain" });
      assert.deepEqual(server.requests, [
        { method: "POST", path: "/v1/x?beta=true", body: { n: 1 } },
        { method: "POST", path: "/plain", body: "text" },
      ]);
    } finally {
      await server.close();
    }
  },
);

Deno.test("sseResponse() writes event and data lines, JSON unless a string", async () => {
  const res = sseResponse([{ event: "ping", data: { a: 1 } }, { data: "[DONE]" }]);
  assert.equal(res.headers.get("content-type"), "text/event-stream");
  assert.equal(await res.text(), 'event: ping\ndata: {"a":1}\n\ndata: [DONE]\n\n');
});
