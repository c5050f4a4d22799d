/**
 * The published Claude Code guard the suite runs unchanged
 * (tests/speaks/published_guard_test.ts), by its npm name and exact version.
 * The test command (scripts/run_tests.ts) has npm fetch it into npm's cache
 * before the network goes away, so the test installs it from that cache.
 *
 * @module
 */

/** The guard's npm package, at the exact version the test runs. */
export const PUBLISHED_GUARD = "cc-safety-net@2.4.5";
