import { titled } from "@/lib/i18n/server";
import { notFound } from "next/navigation";
import { GroundingRunScreen } from "@/components/runs/grounding-run-screen";
import { RunVerificationScreen } from "@/components/runs/run-verification-screen";
import { RunAnalysisLinks } from "@/components/runs/run-analysis-links";
import { RunJudgeCalibration } from "@/components/runs/run-judge-calibration";
import { SampledVerification } from "@/components/runs/sampled-verification";
import { db } from "@/lib/db";
import { projectPageAccess } from "@/lib/projects/page-access";
import { loadGroundingRunAccuracy } from "@/lib/runs/grounding-accuracy";
import { loadRunVerification } from "@/lib/runs/run-verification";
import { judgeCalibration } from "@/lib/runs/calibration/judge-calibration";
import { loadSampledSection } from "@/lib/runs/sampling/sampled-section-data";
import { isRowId } from "@/lib/ids/row-id-shape";

type Props = { params: Promise<{ slug: string; runId: string }>; searchParams: Promise<{ predictor?: string | string[] }> };

export const generateMetadata = titled("runs.pageTitle");

export default async function RunPage({ params, searchParams }: Props) {
  const [{ slug, runId }, { predictor }] = await Promise.all([params, searchParams]);
  // Reviewers: verified outcomes would give honeypots away.
  const { project, access } = await projectPageAccess(slug, "reviewer");
  if (!isRowId(runId)) notFound();
  const verification = await loadRunVerification(db(), project.id, runId);
  if (!verification) notFound();
  // A results file's run holds grounding answers, not episodes.
  const accuracy = verification.episodes.length === 0 ? await loadGroundingRunAccuracy(db(), project.id, runId) : null;
  if (accuracy) {
    const run = await db().evaluationRun.findUniqueOrThrow({ where: { id: runId } });
    return <GroundingRunScreen project={project} run={run} accuracy={accuracy} />;
  }
  const [sampled, calibration] = await Promise.all([loadSampledSection(db(), access, runId, predictor), judgeCalibration(db(), project.id, { runId })]);
  const estimate = sampled.sample?.estimate.ppi;
  return (
    <RunVerificationScreen project={project} v={verification}>
      <RunAnalysisLinks slug={project.slug} runId={runId} benchmark={verification.run.benchmark} />
      <SampledVerification project={project} runId={runId} data={sampled} />
      <RunJudgeCalibration slug={project.slug} rows={calibration} corrected={estimate?.ok ? estimate.estimate.estimate : null} />
    </RunVerificationScreen>
  );
}
