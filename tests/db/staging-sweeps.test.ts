// Import staging swept while the server runs (issue 36 item 17: previews never imported stayed
// until a restart swept them a day later). An upload over the project's staging budget first
// frees the project's previews idle for an hour that no import names; the periodic sweep
// removes a day-old orphan without a restart.
process.env.VERITY_PROJECT_STAGING_MB = "1"; // read when env() is first called, below

import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importProject } from "./import-support";
import { env } from "@/lib/env";
import { stagingAllowance } from "@/lib/imports/staging-budget";
import { startPeriodicSweeps } from "@/lib/worker/orphans";

const KB = 1024;

/** A staging dir of `bytes`, last written `ageMs` ago. */
function staged(projectId: string, bytes: number, ageMs: number): string {
  const dir = path.join(env().stagingDir, projectId, randomBytes(12).toString("hex"));
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "records.json");
  writeFileSync(file, Buffer.alloc(bytes));
  const at = new Date(Date.now() - ageMs);
  utimesSync(file, at, at);
  utimesSync(dir, at, at);
  return dir;
}

describe.each(PROVIDERS)("staging sweeps (%s)", (provider) => {
  it("an upload over the budget frees idle unnamed previews first, then is refused when nothing is idle", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db, `staging-${provider}`);
    const idle = staged(projectId, 600 * KB, 2 * 3600_000);
    const fresh = staged(projectId, 300 * KB, 0);
    const named = staged(projectId, 100 * KB, 2 * 3600_000);
    await db.job.create({ data: { projectId, kind: "import", params: { target: named, scratch: `${named}-scratch` } } });

    // 1,000 KB of the 1,024 KB budget in use: 200 KB fits only once the idle preview is gone.
    const allowance = await stagingAllowance(projectId, "next.json", 200 * KB, db);
    expect(allowance.bytes).toBeGreaterThanOrEqual(200 * KB);
    expect([existsSync(idle), existsSync(fresh), existsSync(named)]).toEqual([false, true, true]);

    await expect(stagingAllowance(projectId, "big.json", 900 * KB, db)).rejects.toMatchObject({ code: "too_large", message: expect.stringMatching(/staging budget of 1 MB/) });
    expect([existsSync(fresh), existsSync(named)]).toEqual([true, true]);
  });

  it("a running process sweeps a day-old orphan without a restart", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db, `periodic-${provider}`);
    const orphan = staged(projectId, KB, 25 * 3600_000);
    const recent = staged(projectId, KB, 3600_000);
    const lines: string[] = [];
    const stop = startPeriodicSweeps(db, (line) => lines.push(line), 20);
    try {
      await expect.poll(() => existsSync(orphan), { timeout: 120_000 }).toBe(false);
    } finally {
      await stop();
    }
    expect(existsSync(recent)).toBe(true);
    expect(lines.some((l) => /removed \d+ leftover/.test(l))).toBe(true);
  });
});
