import "server-only";
// The predictors a run's sampled estimate may use (lib/domain/estimates/predictor.ts): the
// stored automatic outcome, and every MLLM judge (name and prompt version) with a boolean
// trace_success verdict on the run's episodes, with how many it judged: the counts of the one
// judge-vs-human computation (lib/verdicts/judge-human.ts), so the figure is the calibration
// table's. A requested predictor is read against this list with zod; a key not on it is refused
// with a sentence that names it, before its parts reach any query.
import type { Db } from "@/lib/db";
import type { AppError } from "@/lib/errors";
import { AUTOMATIC_PREDICTOR, predictorChoiceSchema, predictorKey, type PredictorOption } from "@/lib/domain/estimates/predictor";
import { saidError } from "@/lib/errors/said-error";
import { judgeHumanCounts } from "@/lib/verdicts/judge-human";

export async function runPredictorOptions(db: Db, projectId: string, runId: string): Promise<PredictorOption[]> {
  const judges = new Map<string, { judgeName: string; promptVersion: string | null; judged: number }>();
  for (const c of await judgeHumanCounts(db, projectId, { runId })) {
    const key = predictorKey({ kind: "judge", judgeName: c.judgeName, promptVersion: c.promptVersion });
    const judge = judges.get(key) ?? { judgeName: c.judgeName, promptVersion: c.promptVersion, judged: 0 };
    judge.judged += c.n;
    judges.set(key, judge);
  }
  const sorted = [...judges.entries()].sort(([, a], [, b]) => a.judgeName.localeCompare(b.judgeName) || (a.promptVersion ?? "").localeCompare(b.promptVersion ?? ""));
  return [AUTOMATIC_PREDICTOR, ...sorted.map(([key, j]) => ({ key, predictor: { kind: "judge" as const, judgeName: j.judgeName, promptVersion: j.promptVersion }, judged: j.judged }))];
}

export type PredictorRead = { ok: true; option: PredictorOption } | { ok: false; error: AppError };

/** A requested predictor (a URL's or a query's, unread) against the run's options: absent is the automatic outcome. */
export function readPredictor(options: readonly PredictorOption[], requested: unknown): PredictorRead {
  const parsed = predictorChoiceSchema(options).safeParse(requested);
  if (parsed.success) return { ok: true, option: parsed.data };
  return { ok: false, error: saidError("invalid_input", "sampled.predictorUnknown", { predictor: String(requested), offered: options.map((o) => o.key).join(", ") }) };
}
