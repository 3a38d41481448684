import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { GroundingRunScreen } from "@/components/runs/grounding-run-screen";
import { RunVerificationScreen } from "@/components/runs/run-verification-screen";
import { db } from "@/lib/db";
import { projectPageAccess } from "@/lib/projects/page-access";
import { loadGroundingRunAccuracy } from "@/lib/runs/grounding-accuracy";
import { loadRunVerification } from "@/lib/runs/run-verification";

type Props = { params: Promise<{ slug: string; runId: string }> };

export const metadata: Metadata = { title: "Run verification" };

export default async function RunPage({ params }: Props) {
  const { slug, runId } = await params;
  // Reviewers: verified outcomes would give honeypots away.
  const { project } = await projectPageAccess(slug, "reviewer");
  if (!/^[a-z0-9]{10,40}$/.test(runId)) notFound();
  const verification = await loadRunVerification(db(), project.id, runId);
  if (!verification) notFound();
  // A results file's run holds grounding answers, not episodes.
  const accuracy = verification.episodes.length === 0 ? await loadGroundingRunAccuracy(db(), project.id, runId) : null;
  if (accuracy) {
    const run = await db().evaluationRun.findUniqueOrThrow({ where: { id: runId } });
    return <GroundingRunScreen project={project} run={run} accuracy={accuracy} />;
  }
  return <RunVerificationScreen project={project} v={verification} />;
}
