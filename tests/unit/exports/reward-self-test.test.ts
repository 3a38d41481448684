// The reward shipped in every rewarded snapshot runs its own checks (half-up rounding where
// Python's round() would halve to even, refusals, parsing, navigation places) with the
// machine's python3, as a trainer would before launching. Skipped, with one line saying so,
// when python3 is not on the machine. (Every exported row scored: tests/db/consumers.)
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const REWARD = path.resolve("lib/exports/reward/verity_reward.py");
const python = spawnSync("python3", ["--version"]).status === 0;
if (!python) console.log("reward self-test skipped: python3 is not on this machine");

describe.runIf(python)("reward/verity_reward.py --self-test", () => {
  it("passes its built-in cases with the standard library alone", () => {
    // -I: isolated, no site-packages (no ms-swift either): the standard library is all it has.
    const run = spawnSync("python3", ["-I", REWARD, "--self-test"], { encoding: "utf8" });
    expect(run.stdout + run.stderr).toMatch(/verity_reward self-test: \d+ built-in cases, 0 rows, 0 failures/);
    expect(run.status).toBe(0);
  });
});
