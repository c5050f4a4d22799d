/**
 * Test helper: make a throwaway world trust what install wrote, as a person who
 * did install's "still to do" would. Today no agent's trust is read by list, so
 * there is nothing to write.
 *
 * @module
 */

import type { Agent } from "../src/agents/types.ts";

/** What to trust. */
export interface TrustWorld {
  /** The home folder. */
  home: string;
  /** The project folder. */
  project: string;
  /** The agents install wrote for. */
  agents: readonly Agent[];
}

/**
 * Trust every hook and the project, for every agent given.
 *
 * @param _world The world.
 */
export async function trustEverything(_world: TrustWorld): Promise<void> {}
