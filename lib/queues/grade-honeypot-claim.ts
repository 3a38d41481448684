import "server-only";
// Grading a claim on a honeypot item against the item's known answer: its current final answer
// (a reviewer who corrects a honeypot's answer corrects what it grades against). Graded on
// submit (lib/domain/honeypot-grading.ts), and graded wrong when the claim is given back
// (skipped), so skipping is no way around a honeypot. Ungraded (null) when the claimer has no
// submitted answer, or the item stopped being a honeypot or settled (an admin removed it or a
// reviewer reopened it) before.
import type { Tx } from "@/lib/db";
import { payloadOf, trajectoryPayloadOf } from "@/lib/annotations/answer-kinds";
import { gradeGroundingAnswer, gradeTrajectoryAnswer } from "@/lib/domain/honeypot-grading";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";

type Input = { projectId: string; userId: string; item: { sampleId: string | null; trajectoryId: string | null } };

async function knownAnswer(tx: Tx, projectId: string, key: { sampleId: string } | { trajectoryId: string }) {
  const honeypot = await tx.honeypot.findFirst({ where: { projectId, ...key }, select: { id: true } });
  if (!honeypot) return null;
  const item =
    "sampleId" in key
      ? await tx.groundingSample.findUnique({ where: { id: key.sampleId }, select: { status: true, finalAnswer: true } })
      : await tx.trajectory.findUnique({ where: { id: key.trajectoryId }, select: { status: true, finalAnswer: true } });
  return item?.status === "verified" ? item.finalAnswer : null;
}

export async function gradeHoneypotClaim(tx: Tx, { projectId, userId, item }: Input): Promise<boolean | null> {
  const key = item.sampleId ? { sampleId: item.sampleId } : item.trajectoryId ? { trajectoryId: item.trajectoryId } : null;
  if (!key) return null;
  const known = await knownAnswer(tx, projectId, key);
  const answer = await tx.annotation.findFirst({ where: { ...key, annotatorId: userId, kind: "label", status: "submitted" } });
  if (!known || !answer) return null;
  if ("sampleId" in key) {
    const project = await tx.project.findUniqueOrThrow({ where: { id: projectId }, select: { settings: true } });
    return gradeGroundingAnswer(payloadOf(known), payloadOf(answer), ProjectSettingsSchema.parse(project.settings ?? {}).iouAgreementThreshold);
  }
  return gradeTrajectoryAnswer(trajectoryPayloadOf(known), trajectoryPayloadOf(answer));
}

/** A skipped honeypot claim: still a honeypot with a known answer, so it counts as answered wrong. */
export async function gradeSkippedHoneypot(tx: Tx, projectId: string, item: { sampleId: string | null; trajectoryId: string | null }): Promise<boolean | null> {
  const key = item.sampleId ? { sampleId: item.sampleId } : item.trajectoryId ? { trajectoryId: item.trajectoryId } : null;
  if (!key) return null;
  return (await knownAnswer(tx, projectId, key)) ? false : null;
}
