import "server-only";
// A project's name, description and domain settings (reward, tiers, agreement). Settings are
// validated by ProjectSettingsSchema, so every later reader gets a complete, valid object.
// A change to what derived values depend on (tiers, rewards, the advantage policy) gives the
// project a new derivation revision in the same transaction, so every item is stale until the
// recompute job (queued here) has derived it again.
import { z } from "zod";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { ProjectSettingsSchema, type ProjectSettings } from "@/lib/domain/project-settings";
import { queueRederive } from "@/lib/derived/rederive-job";
import { ERROR_KINDS } from "@/lib/domain/labels";

const num = z.coerce.number();

export const SettingsFormSchema = z.object({
  name: z.string().trim().min(1, "is required").max(200),
  description: z.string().trim().max(2000),
  eta: num,
  invalidActionPenalty: num,
  goldMin: num,
  rewriteMin: num,
  iouAgreementThreshold: num,
  // The form asks in percent (as the new-queue form does); callers may still give the rate.
  honeypotPercent: num.min(0).max(90).optional(),
  honeypotRate: num.optional(),
  // Optional so that a form without it keeps the default.
  triageMargin: num.optional(),
  advantagePolicy: z.enum(["verified_only", "automatic_fallback"]).optional(),
  // The judge certification bar; absent: unchanged.
  certificationLowerBound: num.optional(),
  certificationMinPairs: num.optional(),
  // Absent: unchanged. An empty list: none.
  penalisedErrorKinds: z.array(z.enum(ERROR_KINDS)).optional(),
});

const derivedInputs = (s: ProjectSettings) => JSON.stringify({ rewards: s.rewards, tiers: s.tiers });

export async function updateProjectSettings(db: Db, projectId: string, input: unknown, userId: string | null = null) {
  const form = SettingsFormSchema.parse(input);
  const current = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { settings: true } });
  const before = ProjectSettingsSchema.parse(current.settings ?? {});
  const settings = ProjectSettingsSchema.parse({
    rewards: {
      eta: form.eta,
      invalidActionPenalty: form.invalidActionPenalty,
      advantagePolicy: form.advantagePolicy ?? before.rewards.advantagePolicy,
      // Stored only when some kind is chosen, so "none" is one value, whether set or not.
      penalisedErrorKinds: form.penalisedErrorKinds === undefined ? before.rewards.penalisedErrorKinds : form.penalisedErrorKinds.length ? [...new Set(form.penalisedErrorKinds)] : undefined,
    },
    tiers: { goldMin: form.goldMin, rewriteMin: form.rewriteMin },
    iouAgreementThreshold: form.iouAgreementThreshold,
    honeypotRate: form.honeypotPercent !== undefined ? form.honeypotPercent / 100 : (form.honeypotRate ?? before.honeypotRate),
    triageMargin: form.triageMargin,
    judgeCertification: {
      minLowerBound: form.certificationLowerBound ?? before.judgeCertification.minLowerBound,
      minPairs: form.certificationMinPairs ?? before.judgeCertification.minPairs,
    },
  });
  const rederive = derivedInputs(before) !== derivedInputs(settings);
  const project = await db.project.update({
    where: { id: projectId },
    data: {
      name: form.name,
      description: form.description,
      settings: settings as unknown as Prisma.InputJsonValue,
      ...(rederive ? { derivationRevision: { increment: 1 } } : {}),
    },
  });
  if (rederive) await queueRederive(db, projectId, "settings changed", userId);
  return { project, rederive };
}
