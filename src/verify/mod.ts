/**
 * Running real agents headless against fake model APIs on 127.0.0.1: the
 * drivers (one per agent), the fake APIs, and one run of an agent.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { DRIVERS, shellScript } from "./mod.ts";
 * for (const driver of DRIVERS) assert(driver.bins.length > 0);
 * assert(shellScript(DRIVERS[0]!, ["echo hi"], "Done.") !== undefined);
 * ```
 *
 * @module
 */

export * from "./driver.ts";
export { DRIVERS, findDriver } from "./drivers/mod.ts";
export {
  type AgentReadiness,
  agentReadiness,
  type AgentRun,
  type AgentRunOptions,
  findAgentBinary,
  makeAgentWorld,
  runAgentOnce,
  worldEnv,
} from "./agent_run.ts";
export { startFakeApi } from "./fake/start.ts";
export type { FakeServer, LoggedRequest } from "./fake/server.ts";
