import "server-only";
// Grading a submitted claim on a honeypot item against the honeypot's known answer
// (lib/domain/honeypot-grading.ts). Ungraded (null) when the claimer has no submitted answer
// or the item stopped being a honeypot (an admin removed it) before the submission.
import type { Tx } from "@/lib/queues/claim-locks";
import { GroundingPayloadSchema } from "@/lib/annotations/grounding-payload";
import { payloadOf } from "@/lib/annotations/save-annotation";
import { gradeGroundingAnswer, gradeTrajectoryAnswer } from "@/lib/domain/honeypot-grading";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { trajectoryPayloadOf } from "@/lib/trajectories/save-trajectory-annotation";
import { TrajectoryPayloadSchema } from "@/lib/trajectories/trajectory-payload";

type Input = { projectId: string; userId: string; item: { sampleId: string | null; trajectoryId: string | null } };

export async function gradeHoneypotClaim(tx: Tx, { projectId, userId, item }: Input): Promise<boolean | null> {
  const key = item.sampleId ? { sampleId: item.sampleId } : item.trajectoryId ? { trajectoryId: item.trajectoryId } : null;
  if (!key) return null;
  const honeypot = await tx.honeypot.findFirst({ where: { projectId, ...key }, select: { expected: true } });
  const answer = await tx.annotation.findFirst({ where: { ...key, annotatorId: userId, kind: "label", status: "submitted" } });
  if (!honeypot || !answer) return null;
  if ("sampleId" in key) {
    const expected = GroundingPayloadSchema.safeParse(honeypot.expected);
    if (!expected.success) return null;
    const project = await tx.project.findUniqueOrThrow({ where: { id: projectId }, select: { settings: true } });
    return gradeGroundingAnswer(expected.data, payloadOf(answer), ProjectSettingsSchema.parse(project.settings ?? {}).iouAgreementThreshold);
  }
  const expected = TrajectoryPayloadSchema.safeParse(honeypot.expected);
  if (!expected.success) return null;
  return gradeTrajectoryAnswer(expected.data, trajectoryPayloadOf(answer));
}
