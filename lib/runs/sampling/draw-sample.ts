import "server-only";
// Drawing a run's verification sample. The first round freezes the population: one unit per
// episode with its stratum (lib/domain/estimates/strata.ts, from the stored automatic outcome
// and judge score) and its rank in the seeded draw order within that stratum
// (lib/domain/estimates/draw-order.ts); then the first n_h of each stratum are drawn (n_h from
// allocateSample, or n for a uniform sample). Later rounds draw the next ranks of the strata
// the planner names. Every round is recorded with its allocation, and each stratum keeps N_h,
// n_h and the weight N_h / n_h the estimate uses. A round is one transaction: a second admin
// drawing at the same moment gets a conflict, never the same episodes twice.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import { saidError } from "@/lib/errors/said-error";
import { recordAudit } from "@/lib/audit/record";
import { drawOrder } from "@/lib/domain/estimates/draw-order";
import { allocateSample } from "@/lib/domain/estimates/sample-plan";
import { SAMPLE_DESIGNS, scoreEdges, stratumOf } from "@/lib/domain/estimates/strata";
import { runPopulation } from "@/lib/runs/sampling/run-population";
import { RowIdSchema } from "@/lib/ids/row-id-shape";
import { isUniqueViolation } from "@/lib/db/unique-violation";

const BATCH = 1_000;

export const DrawFirstInputSchema = z.object({
  runId: RowIdSchema,
  design: z.enum(SAMPLE_DESIGNS),
  size: z.number().int().min(1).max(1_000_000),
  // Letters, digits and . _ - only, so the recorded seed is easy to quote and type again.
  seed: z.string().trim().regex(/^[A-Za-z0-9._-]{1,64}$/, "may hold letters, digits and . _ - (1 to 64)").optional(),
});
export type DrawFirstInput = z.input<typeof DrawFirstInputSchema>;

export type DrawnRound = { sampleId: string; round: number; runName: string; drawnIds: string[] };

export async function findRun(db: Db, projectId: string, runId: string) {
  const run = await db.evaluationRun.findFirst({ where: { id: runId, projectId }, select: { id: true, name: true } });
  if (!run) throw saidError("not_found", "checks.noSuchRun");
  return run;
}

export async function drawFirstRound(db: Db, access: ProjectAccess, input: DrawFirstInput): Promise<DrawnRound> {
  const parsed = DrawFirstInputSchema.parse(input);
  const { projectId } = access;
  const run = await findRun(db, projectId, parsed.runId);
  if (await db.verificationSample.count({ where: { runId: run.id } })) {
    throw saidError("conflict", "checks.runHasSample");
  }
  const population = await runPopulation(db, projectId, run);
  if (population.length === 0) throw saidError("invalid_input", "checks.runNoEpisodes");
  if (parsed.size > population.length) throw saidError("invalid_input", "checks.sampleTooLarge", { count: population.length });
  const seed = parsed.seed ?? randomBytes(6).toString("hex");
  const edges = parsed.design === "automatic_score" ? scoreEdges(population.flatMap((e) => (e.judgeScore === null ? [] : [e.judgeScore]))) : null;

  const labels = new Map<string, string>();
  const stratumOfEpisode = new Map<string, string>();
  for (const e of population) {
    const s = stratumOf(parsed.design, e.automatic, e.judgeScore, edges);
    labels.set(s.key, s.label);
    stratumOfEpisode.set(e.id, s.key);
  }
  const sizes = [...labels.keys()].sort().map((key) => ({ key, populationSize: population.filter((e) => stratumOfEpisode.get(e.id) === key).length }));
  let allocation: Record<string, number>;
  try {
    allocation = parsed.design === "uniform" ? { all: parsed.size } : allocateSample(sizes, parsed.size);
  } catch (error) {
    if (error instanceof RangeError) throw saidError("invalid_input", "checks.cannotDrawSample", { problem: error.message });
    throw error;
  }

  const nextRank = new Map<string, number>();
  const units = drawOrder(seed, population).map((e) => {
    const stratumKey = stratumOfEpisode.get(e.id)!;
    const rank = nextRank.get(stratumKey) ?? 0;
    nextRank.set(stratumKey, rank + 1);
    return { trajectoryId: e.id, stratumKey, rank, round: rank < (allocation[stratumKey] ?? 0) ? 1 : null };
  });

  try {
    const sampleId = await db.$transaction(async (tx) => {
      const sample = await tx.verificationSample.create({
        data: { projectId, runId: run.id, design: parsed.design, seed, scoreEdges: edges ?? undefined, populationSize: population.length, createdById: access.user.id },
        select: { id: true },
      });
      await tx.verificationStratum.createMany({
        data: sizes.map((s) => {
          const drawn = allocation[s.key] ?? 0;
          return { sampleId: sample.id, key: s.key, label: labels.get(s.key)!, populationSize: s.populationSize, drawnSize: drawn, weight: drawn ? s.populationSize / drawn : null };
        }),
      });
      for (let i = 0; i < units.length; i += BATCH) {
        await tx.verificationUnit.createMany({ data: units.slice(i, i + BATCH).map((u) => ({ ...u, sampleId: sample.id })) });
      }
      await tx.verificationRound.create({ data: { sampleId: sample.id, round: 1, size: parsed.size, allocation, createdById: access.user.id } });
      return sample.id;
    });
    await recordAudit(db, {
      userId: access.user.id, projectId, action: "verification_sample.draw", targetType: "run", targetId: run.id,
      details: { sampleId, round: 1, design: parsed.design, seed, size: parsed.size, allocation, populationSize: population.length },
    });
    return { sampleId, round: 1, runName: run.name, drawnIds: drawnInOrder(units.filter((u) => u.round === 1)) };
  } catch (error) {
    if (isUniqueViolation(error)) throw saidError("conflict", "checks.sampleDrawnMeanwhile");
    throw error;
  }
}

// The queue takes a round's episodes by rank, strata interleaved, so working through part of
// it still covers every stratum.
function drawnInOrder(units: { trajectoryId: string; stratumKey: string; rank: number }[]): string[] {
  return [...units].sort((a, b) => a.rank - b.rank || (a.stratumKey < b.stratumKey ? -1 : a.stratumKey > b.stratumKey ? 1 : 0)).map((u) => u.trajectoryId);
}

export type DrawMoreInput = { runId: string; allocation: Record<string, number>; targetHalfWidth: number | null };

export async function drawMoreRound(db: Db, access: ProjectAccess, input: DrawMoreInput): Promise<DrawnRound> {
  const { projectId } = access;
  const run = await findRun(db, projectId, input.runId);
  const sample = await db.verificationSample.findFirst({ where: { runId: run.id, projectId }, select: { id: true, strata: true, rounds: { select: { round: true } } } });
  if (!sample) throw saidError("not_found", "checks.runNoSampleYet");
  const wanted = Object.entries(input.allocation).filter(([, count]) => count > 0);
  if (wanted.length === 0) throw saidError("invalid_input", "checks.nothingToDraw");
  for (const [key, count] of wanted) {
    if (!Number.isInteger(count)) throw saidError("invalid_input", "checks.stratumWholeNumber", { stratum: key });
    if (!sample.strata.some((s) => s.key === key)) throw saidError("invalid_input", "checks.noSuchStratum", { stratum: key });
  }
  const round = Math.max(0, ...sample.rounds.map((r) => r.round)) + 1;
  try {
    const drawn = await db.$transaction(async (tx) => {
      const picked: { trajectoryId: string; stratumKey: string; rank: number }[] = [];
      for (const [key, count] of wanted) {
        const next = await tx.verificationUnit.findMany({ where: { sampleId: sample.id, stratumKey: key, round: null }, orderBy: { rank: "asc" }, take: count, select: { id: true, trajectoryId: true, stratumKey: true, rank: true } });
        if (next.length < count) throw saidError("invalid_input", "checks.stratumTooFewLeft", { stratum: key, count: next.length });
        const { count: updated } = await tx.verificationUnit.updateMany({ where: { id: { in: next.map((u) => u.id) }, round: null }, data: { round } });
        if (updated !== next.length) throw saidError("conflict", "checks.drawnFromMeanwhile");
        const stratum = sample.strata.find((s) => s.key === key)!;
        const drawnSize = stratum.drawnSize + count;
        await tx.verificationStratum.update({ where: { id: stratum.id }, data: { drawnSize, weight: stratum.populationSize / drawnSize } });
        picked.push(...next);
      }
      await tx.verificationRound.create({
        data: { sampleId: sample.id, round, size: picked.length, allocation: Object.fromEntries(wanted), targetHalfWidth: input.targetHalfWidth, createdById: access.user.id },
      });
      return picked;
    });
    await recordAudit(db, {
      userId: access.user.id, projectId, action: "verification_sample.draw", targetType: "run", targetId: run.id,
      details: { sampleId: sample.id, round, size: drawn.length, allocation: Object.fromEntries(wanted), targetHalfWidth: input.targetHalfWidth },
    });
    return { sampleId: sample.id, round, runName: run.name, drawnIds: drawnInOrder(drawn) };
  } catch (error) {
    if (isUniqueViolation(error)) throw saidError("conflict", "checks.drawnFromMeanwhile");
    throw error;
  }
}
