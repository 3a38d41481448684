// The public fixtures (../shared/fixtures, real files from public repositories) live beside
// the project, not in it: CI always has them, a clone may not. Tests on them run when they
// are there and are skipped otherwise; scripts/test.mjs prints the one line that says so.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe } from "vitest";

export const PUBLIC_FIXTURES = path.resolve(import.meta.dirname, "../..", "../shared/fixtures");
export const hasPublicFixtures = existsSync(PUBLIC_FIXTURES);

/** `describe` for tests that read the public fixtures: skipped when they are absent. */
export const describePublic: typeof describe = hasPublicFixtures ? describe : (describe.skip as typeof describe);
