import "server-only";
// A project's name, description and domain settings (reward, tiers, agreement). Settings are
// validated by ProjectSettingsSchema, so every later reader gets a complete, valid object.
import { z } from "zod";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";

const num = z.coerce.number();

export const SettingsFormSchema = z.object({
  name: z.string().trim().min(1, "is required").max(200),
  description: z.string().trim().max(2000),
  eta: num,
  invalidActionPenalty: num,
  goldMin: num,
  rewriteMin: num,
  iouAgreementThreshold: num,
  honeypotRate: num,
  // Optional so that a form without it keeps the default.
  triageMargin: num.optional(),
});

export async function updateProjectSettings(db: Db, projectId: string, input: unknown) {
  const form = SettingsFormSchema.parse(input);
  const settings = ProjectSettingsSchema.parse({
    rewards: { eta: form.eta, invalidActionPenalty: form.invalidActionPenalty },
    tiers: { goldMin: form.goldMin, rewriteMin: form.rewriteMin },
    iouAgreementThreshold: form.iouAgreementThreshold,
    honeypotRate: form.honeypotRate,
    triageMargin: form.triageMargin,
  });
  return db.project.update({
    where: { id: projectId },
    data: { name: form.name, description: form.description, settings: settings as unknown as Prisma.InputJsonValue },
  });
}
