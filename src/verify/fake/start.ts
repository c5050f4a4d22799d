/**
 * Starts the fake model API a driver speaks, by its kind.
 *
 * @module
 */

import type { FakeApiKind, FakeApis } from "../driver.ts";
import { startFakeAnthropic } from "./anthropic.ts";
import { startFakeAugment } from "./augment.ts";
import { startFakeGemini } from "./gemini.ts";
import { startFakeOpenAiChat } from "./openai_chat.ts";
import { startFakeResponses } from "./openai_responses.ts";
import type { FakeServer } from "./server.ts";

const STARTERS: { [K in FakeApiKind]: (script: FakeApis[K]["script"]) => Promise<FakeServer> } = {
  "anthropic-messages": startFakeAnthropic,
  "openai-responses": startFakeResponses,
  "openai-chat": startFakeOpenAiChat,
  "gemini": startFakeGemini,
  "augment": startFakeAugment,
};

/**
 * Starts a fake model API on 127.0.0.1 (a port the OS picks) that plays `script`.
 *
 * @param kind The API.
 * @param script What the model says.
 * @returns The running server: its url (`http://127.0.0.1:<port>`), request log and close().
 *
 * @example Usage
 * ```ts ignore
 * import { startFakeApi } from "./start.ts";
 * const api = await startFakeApi("gemini", [{ kind: "text", text: "Done." }]);
 * console.log(api.url);
 * await api.close();
 * ```
 */
export function startFakeApi<K extends FakeApiKind>(
  kind: K,
  script: FakeApis[K]["script"],
): Promise<FakeServer> {
  const start: (script: FakeApis[K]["script"]) => Promise<FakeServer> = STARTERS[kind];
  return start(script);
}
