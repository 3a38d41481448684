import { NextResponse } from "next/server";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { JudgeAgreementQuerySchema } from "@/lib/api/v1-schemas";
import { judgeCalibration } from "@/lib/runs/calibration/judge-calibration";

// GET ?runId=&split=: each MLLM judge against verified human outcomes (reviewer role), from the
// one judge-vs-human computation the dashboard and calibration pages read; step-level judges
// (level "step") against the verified step labels.
export const GET = apiV1Route<{ projectId: string }>("reviewer", async ({ request, access }) => {
  const query = JudgeAgreementQuerySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!query.success) throw new AppError("invalid_input", "runId must be a run id, split one of judge, benchmark, app");
  const rows = await judgeCalibration(db(), access.projectId, { runId: query.data.runId, split: query.data.split });
  return NextResponse.json({
    judges: rows.map((r) => ({
      // trajectory: trace_success verdicts against verified outcomes; step: yes/no step verdicts against the step labels.
      level: r.level,
      judgeName: r.judgeName,
      promptVersion: r.promptVersion,
      split: r.split,
      judged: r.judged,
      judgeRate: r.judgeRate,
      pairs: r.metrics.pairs,
      confusion: r.metrics.confusion,
      precision: r.metrics.precision,
      recall: r.metrics.recall,
      accuracy: r.metrics.accuracy,
      kappa: r.metrics.kappa,
      tpr: r.certification.tpr,
      tnr: r.certification.tnr,
      certified: r.certification.certified,
      labelsNeeded: r.certification.labelsNeeded,
      bar: r.bar,
    })),
  });
});
