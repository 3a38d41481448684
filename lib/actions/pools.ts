"use server";
// Pool actions of the pools screen: admins create, change and delete pools and start exports.
// Each checks the caller's admin role on the project first; the pool functions then look the
// pool up within that project only.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { formFields, type ActionResult } from "@/lib/actions/result";
import { runAction, failureText } from "@/lib/actions/run-action";
import { ExportModeSchema } from "@/lib/exports/active-export";
import { createPool, deletePool, updatePool } from "@/lib/pools/pools";
import { diffAgainstLatest, type PoolDiff } from "@/lib/pools/pool-diff";
import { previewPool, type PoolPreview } from "@/lib/pools/pool-preview";
import { mediaStore } from "@/lib/media/media-store";
import { startExportInApp } from "@/lib/pools/start-export-in-app";
import { getT } from "@/lib/i18n/server";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

const list = (value: string | undefined) => (value ?? "").split(",").map((v) => v.trim()).filter(Boolean);

// The form's flat fields -> the pool definition PoolInputSchema validates. Empty optional
// settings mean "not set"; a list filter is comma-separated, tiers are one checkbox each.
function poolInput(fields: Record<string, string>, tiers: string[]) {
  const settings: Record<string, unknown> = {};
  for (const key of ["dataSource", "runId", "convention", "target", "template"] as const) if (fields[`settings.${key}`]) settings[key] = fields[`settings.${key}`];
  if (fields["settings.swiftObjects"] === "on") settings.swiftObjects = true;
  if (fields["settings.historyThoughts"] === "omit") settings.historyThoughts = "omit";
  const filters: Record<string, unknown> = {};
  if (tiers.length) filters.tier = tiers;
  for (const key of ["source", "benchmark", "app", "platform", "model"] as const) if (list(fields[`filter.${key}`]).length) filters[key] = list(fields[`filter.${key}`]);
  for (const key of ["verifiedFrom", "verifiedTo"] as const) if (fields[`filter.${key}`]) filters[key] = fields[`filter.${key}`];
  if (Object.keys(filters).length) settings.filters = filters;
  return { name: fields.name, kind: fields.kind, profile: fields.profile, targetType: fields.targetType, targetUri: fields.targetUri, imageMode: fields.imageMode || undefined, settings };
}

const tiersOf = (form: FormData) => form.getAll("filter.tier").filter((v): v is string => typeof v === "string");

export async function createPoolAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const fields = formFields(form);
    const projectId = RowIdSchema.parse(fields.projectId);
    const access = await requireRole(projectId, "admin");
    const pool = await createPool(db(), { userId: access.user.id, projectId }, poolInput(fields, tiersOf(form)));
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("messages.poolCreated", { name: pool.name }) };
  });
}

export async function updatePoolAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const fields = formFields(form);
    const { projectId, poolId } = z.object({ projectId: RowIdSchema, poolId: RowIdSchema }).parse(fields);
    const access = await requireRole(projectId, "admin");
    const pool = await updatePool(db(), { userId: access.user.id, projectId }, poolId, poolInput(fields, tiersOf(form)));
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("messages.poolSaved", { name: pool.name }) };
  });
}

export async function deletePoolAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const { projectId, poolId } = z.object({ projectId: RowIdSchema, poolId: RowIdSchema }).parse(formFields(form));
    const access = await requireRole(projectId, "admin");
    await deletePool(db(), { userId: access.user.id, projectId }, poolId);
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("messages.poolDeleted") };
  });
}

const StartExportSchema = z.object({ projectId: RowIdSchema, poolId: RowIdSchema, mode: ExportModeSchema });

export type StartExportResult = { ok: true; message: string; jobId: string } | { ok: false; error: string };

export async function startExportAction(input: z.input<typeof StartExportSchema>): Promise<StartExportResult> {
  try {
    const { projectId, poolId, mode } = StartExportSchema.parse(input);
    const access = await requireRole(projectId, "admin");
    const job = await startExportInApp({ userId: access.user.id, projectId }, { poolId, mode });
    return { ok: true, message: (await getT()).t(mode === "full" ? "messages.exportStartedFull" : "messages.exportStartedIncremental"), jobId: job.id };
  } catch (error) {
    return { ok: false, error: await failureText(error) };
  }
}

const PoolRefSchema = z.object({ projectId: RowIdSchema, poolId: RowIdSchema });

export type PreviewPoolResult = { ok: true; preview: PoolPreview } | { ok: false; error: string };

/** The first rows of the pool's next snapshot, as its trainer will read them (reviewers). */
export async function previewPoolAction(input: z.input<typeof PoolRefSchema>): Promise<PreviewPoolResult> {
  try {
    const { projectId, poolId } = PoolRefSchema.parse(input);
    await requireRole(projectId, "reviewer");
    return { ok: true, preview: await previewPool(db(), projectId, poolId) };
  } catch (error) {
    return { ok: false, error: await failureText(error) };
  }
}

export type DiffPoolResult = { ok: true; diff: PoolDiff } | { ok: false; error: string };

/** What an export would add, change and remove against the pool's latest snapshot (reviewers). */
export async function diffPoolAction(input: z.input<typeof PoolRefSchema>): Promise<DiffPoolResult> {
  try {
    const { projectId, poolId } = PoolRefSchema.parse(input);
    await requireRole(projectId, "reviewer");
    return { ok: true, diff: await diffAgainstLatest(db(), projectId, poolId, mediaStore()) };
  } catch (error) {
    return { ok: false, error: await failureText(error) };
  }
}
