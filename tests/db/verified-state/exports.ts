// Every verified item is in a full export with its final answer: a grounding pool (each
// verified sample's final box on the [0,1000] grid, or [-1,-1]) and an evaluation pool (each
// episode's verified outcome), exported as the worker exports them and read back.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { EvaluationResultsSchema } from "@/lib/runs/corrected-table-format";
import { GroundingTruthSchema, MsSwiftRowSchema } from "@/lib/exports/profiles/row-schemas";
import { executeExportJob } from "@/lib/exports/execute-export";
import { startExport } from "@/lib/exports/start-export";
import { poolTarget } from "@/lib/exports/targets/pool-targets";
import { createPool } from "@/lib/pools/pools";
import { IMAGE, type World } from "./world";

const ROOT = mkdtempSync(path.join(os.tmpdir(), "verity-model-pools-"));
process.env.VERITY_POOL_ROOTS = [process.env.VERITY_POOL_ROOTS, ROOT].filter(Boolean).join(":");

async function exportPool(w: World, kind: string, profile: string, settings: object = {}): Promise<string> {
  const name = `${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const dir = path.join(ROOT, name);
  mkdirSync(ROOT, { recursive: true });
  const pool = await createPool(w.db, { userId: w.admin.user.id, projectId: w.projectId }, { name, kind, profile, targetType: "local", targetUri: dir, settings });
  const job = await startExport(w.db, { userId: w.admin.user.id, projectId: w.projectId }, { poolId: pool.id, mode: "full" });
  const outcome = await executeExportJob(w.db, job.id, { store: w.store, targetOf: poolTarget });
  if (!outcome || outcome.status !== "succeeded") throw new Error(`the ${kind} export failed: ${JSON.stringify(outcome)}`);
  return path.join(dir, "snapshots", outcome.snapshotId);
}

const onGrid = (v: number, size: number) => Math.min(1000, Math.max(0, Math.round((v / size) * 1000)));

export async function checkFullExports(w: World): Promise<void> {
  // The pool's own template asking for a box on the [0,1000] grid (rounded half up: Math.round on non-negatives).
  const grounding = await exportPool(w, "grounding", "ms-swift", { template: "verity-grounding", convention: "rel1000", target: "box" });
  const rows = readFileSync(path.join(grounding, "grounding.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => MsSwiftRowSchema.parse(JSON.parse(l)));
  const verified = w.samples.filter((s) => s.status === "verified");
  expect(rows.map((r) => r.id).sort(), "exported samples").toEqual(verified.map((s) => s.id).sort());
  for (const s of verified) {
    const row = rows.find((r) => r.id === s.id)!;
    const p = s.final!.payload;
    const expected = p.targetAbsent ? [-1, -1] : [onGrid(p.box![0], IMAGE.width), onGrid(p.box![1], IMAGE.height), onGrid(p.box![2], IMAGE.width), onGrid(p.box![3], IMAGE.height)];
    expect(GroundingTruthSchema.parse(JSON.parse(row.solution!)).answer, `export of ${s.sourceId}`).toEqual(expected);
    if (p.instructionRewrite) expect(row.messages[0]!.content, `rewrite of ${s.sourceId}`).toContain(p.instructionRewrite);
  }

  const evaluation = await exportPool(w, "evaluation", "table");
  const json = readFileSync(path.join(evaluation, readdirSync(evaluation).find((f) => f.endsWith(".json") && f !== "manifest.json")!), "utf8");
  const table = EvaluationResultsSchema.parse(JSON.parse(json));
  for (const t of w.trajectories) {
    const episode = table.episodes.find((e) => e.episode === t.sourceId)!;
    const verdict = t.status === "verified" ? t.final!.payload.traceVerdict : null;
    expect(episode.verified, `evaluation export of ${t.sourceId}`).toBe(verdict === "success" || verdict === "failure" ? verdict : null);
  }
}

