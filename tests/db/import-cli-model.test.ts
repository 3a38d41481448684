// `npm run verity -- import` of a ScreenSpot-Pro results file that names no model, as an
// operator runs it, on SQLite and PostgreSQL (issue 35 item 6): refused with the exact
// command to run again, quoted for the shell; that command, run as printed, imports the
// answers under the file's name.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importProject } from "./import-support";
import { proSamples, writeScreenSpotProResults } from "../support/import-fixtures/screenspot-pro";

const run = promisify(execFile);

describe.each(PROVIDERS)("the CLI import of a results file that names no model (%s)", (provider) => {
  it("is refused with the command that imports it under the file's name, and that command works as printed", async () => {
    const { db, url } = await freshDatabase(provider);
    await importProject(db, "imports");
    const dir = mkdtempSync(path.join(os.tmpdir(), "verity-cli-model-"));
    const file = path.join(dir, "runs of may", "qwen2vl sample.json");
    await writeScreenSpotProResults(file);
    const env = { ...process.env, DATABASE_URL: url, VERITY_DATA_DIR: path.join(dir, "data"), VERITY_MEDIA_STORE: "local", CHECKPOINT_DISABLE: "1" };

    const refused = await run("node", ["--conditions=react-server", "--import", "tsx", "bin/verity.ts", "import", file, "--project", "imports"], { env, timeout: 60_000 }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    const rerun = `npm run verity -- import '${file}' --project imports --model 'qwen2vl sample'`;
    expect(refused!.stderr).toContain(`verity: Nothing was imported: all 1 records were rejected (see the report).\nqwen2vl sample.json names no model. To import its answers under the file's name, run:\n  ${rerun}\n`);
    expect(await db.modelPrediction.count()).toBe(0);

    await run("sh", ["-c", rerun], { env, timeout: 90_000 });
    const byModel = await db.modelPrediction.groupBy({ by: ["model"], _count: { _all: true } });
    expect(byModel.map((g) => [g.model, g._count._all])).toEqual([["qwen2vl sample", proSamples().length]]);
    expect((await db.evaluationRun.findMany()).map((r) => r.name)).toEqual(["qwen2vl sample · qwen2vl sample"]);
  }, 180_000);
});
