import "server-only";
// The verified inputs (lib/domain/verified-inputs.ts) of stored items, read as they are now:
// what a pin hashes into its revision, and what a re-import compares the source's new
// record with. A screenshot is its media row while linked, null while missing.
import type { SampleVerifiedInputs, TrajectoryVerifiedInputs } from "@/lib/domain/verified-inputs";
import { asJson } from "@/lib/db/sql-reader";
import { toBool, toNumber } from "@/lib/db/dialect";
import { chunks, inList, type SqlExec } from "@/lib/db/sql-exec";

type SampleRow = { id: string; instruction: string; mediaId: string | null; imageMissing: unknown; imageWidth: unknown; imageHeight: unknown; width: unknown; height: unknown };
type TrajectoryRow = { id: string; goal: string; stepCount: unknown };
type StepRow = { trajectoryId: string; index: unknown; action: unknown; mediaId: string | null; imageMissing: unknown };

const num = (v: unknown) => (v === null || v === undefined ? null : toNumber(v));

/** A sample's inputs from its imported columns and its screenshot's size (the stated size while missing). */
export function sampleInputsFrom(row: { instruction: string; mediaId: string | null; imageMissing: boolean; imageWidth: number | null; imageHeight: number | null }, media: { width: number; height: number } | null): SampleVerifiedInputs {
  const screenshot = row.imageMissing ? null : row.mediaId;
  return {
    kind: "sample",
    instruction: row.instruction,
    screenshot,
    width: screenshot && media ? media.width : row.imageWidth,
    height: screenshot && media ? media.height : row.imageHeight,
  };
}

export async function sampleInputsOf(exec: SqlExec, sampleIds: readonly string[]): Promise<Map<string, SampleVerifiedInputs>> {
  const inputs = new Map<string, SampleVerifiedInputs>();
  for (const ids of chunks([...new Set(sampleIds)], 500)) {
    const rows = await exec.all<SampleRow>(
      `SELECT g."id", g."instruction", g."mediaId", g."imageMissing", g."imageWidth", g."imageHeight", m."width", m."height"
         FROM "GroundingSample" g LEFT JOIN "Media" m ON m."id" = g."mediaId" WHERE g."id" IN (${inList(ids.length)})`,
      ids,
    );
    for (const r of rows) {
      const media = r.width === null || r.width === undefined ? null : { width: toNumber(r.width), height: toNumber(r.height) };
      inputs.set(r.id, sampleInputsFrom({ instruction: r.instruction, mediaId: r.mediaId, imageMissing: toBool(r.imageMissing), imageWidth: num(r.imageWidth), imageHeight: num(r.imageHeight) }, media));
    }
  }
  return inputs;
}

export async function trajectoryInputsOf(exec: SqlExec, trajectoryIds: readonly string[]): Promise<Map<string, TrajectoryVerifiedInputs>> {
  const inputs = new Map<string, TrajectoryVerifiedInputs>();
  for (const ids of chunks([...new Set(trajectoryIds)], 500)) {
    for (const r of await exec.all<TrajectoryRow>(`SELECT "id", "goal", "stepCount" FROM "Trajectory" WHERE "id" IN (${inList(ids.length)})`, ids)) {
      inputs.set(r.id, { kind: "trajectory", goal: r.goal, stepCount: toNumber(r.stepCount), steps: [] });
    }
    const steps = await exec.all<StepRow>(
      `SELECT "trajectoryId", "index", "action", "mediaId", "imageMissing" FROM "Step" WHERE "trajectoryId" IN (${inList(ids.length)}) ORDER BY "trajectoryId", "index"`,
      ids,
    );
    for (const s of steps) {
      inputs.get(s.trajectoryId)?.steps.push({ index: toNumber(s.index), action: asJson(s.action) ?? null, screenshot: toBool(s.imageMissing) ? null : s.mediaId });
    }
  }
  return inputs;
}
