import "server-only";
// Evaluation pools: the corrected results table of each run as <run>-<id>.csv and .json
// (lib/runs: corrected success rate with its Wilson interval, CSV cells safe from formula
// injection), every run of the project or the one the pool's settings name; each snapshot has
// them all. A table is about a whole run, so a run is one row of the ledger: its table changed
// or it did not. A run's table is one run's episodes, held in memory.
import { createHash } from "node:crypto";
import { finalTrajectoryAnswers } from "@/lib/annotations/final-answer";
import { saidError } from "@/lib/errors/said-error";
import { count, type ExportBuilder, type ExportContext } from "@/lib/exports/build/export-context";
import { correctedCsv, correctedJson } from "@/lib/runs/corrected-table";
import { loadRunVerification } from "@/lib/runs/run-verification";

export function runFileStem(run: { id: string; name: string }): string {
  const safe = run.name.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._-]+/, "").slice(0, 80);
  return `${safe || "run"}-${run.id}`;
}

async function runIds(ctx: ExportContext): Promise<string[]> {
  if (ctx.settings.runId) {
    const run = await ctx.db.evaluationRun.findFirst({ where: { id: ctx.settings.runId, projectId: ctx.projectId }, select: { id: true } });
    if (!run) throw saidError("not_found", "checks.exportedRunGone");
    return [run.id];
  }
  const all = await ctx.db.evaluationRun.findMany({ where: { projectId: ctx.projectId }, orderBy: { name: "asc" }, select: { id: true } });
  return all.map((r) => r.id);
}

export const evaluationBuilder: ExportBuilder = {
  total: async (ctx) => (await runIds(ctx)).length,
  async *files(ctx) {
    for (const runId of await runIds(ctx)) {
      const verification = await loadRunVerification(ctx.db, ctx.projectId, runId);
      if (!verification) continue;
      const stem = runFileStem(verification.run);
      const verifiedIds = verification.episodes.filter((e) => e.verified !== null).map((e) => e.id);
      const pinned = await ctx.db.trajectory.findMany({ where: { projectId: ctx.projectId, id: { in: verifiedIds } }, select: { id: true, finalAnswerId: true } });
      const answers = await finalTrajectoryAnswers(ctx.reader, ctx.projectId, pinned);
      for (const answer of answers.values()) ctx.tally.revisionIds.push(answer.revisionId);
      count(ctx.tally, "runs");
      count(ctx.tally, "episodes", verification.episodes.length);
      count(ctx.tally, "episodes:verified", verifiedIds.length);
      count(ctx.tally, "episodes:changed", verification.changed.length);
      count(ctx.tally, `${stem}.csv`, verification.episodes.length);
      ctx.tally.rows += verification.episodes.length;
      const csv = correctedCsv(verification);
      const json = `${JSON.stringify(correctedJson(verification), null, 2)}\n`;
      await ctx.ledger.add({ file: `${stem}.csv`, rowKey: runId, rowHash: createHash("sha256").update(json).digest("hex").slice(0, 32), itemId: runId });
      yield { name: `${stem}.csv`, content: csv };
      yield { name: `${stem}.json`, content: json };
      await ctx.onItems(1);
    }
  },
};
