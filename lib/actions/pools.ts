"use server";
// Pool actions of the pools screen: admins create, change and delete pools and start exports.
// Each checks the caller's admin role on the project first; the pool functions then look the
// pool up within that project only.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { failure, formFields, runAction, type ActionResult } from "@/lib/actions/result";
import { ExportModeSchema } from "@/lib/exports/active-export";
import { createPool, deletePool, updatePool } from "@/lib/pools/pools";
import { startExportInApp } from "@/lib/pools/start-export-in-app";

const Id = z.string().regex(/^[a-z0-9]{10,40}$/);

// The form's flat fields -> the pool definition PoolInputSchema validates. Empty optional
// settings mean "not set".
function poolInput(fields: Record<string, string>) {
  const settings: Record<string, string> = {};
  if (fields["settings.dataSource"]) settings.dataSource = fields["settings.dataSource"];
  if (fields["settings.runId"]) settings.runId = fields["settings.runId"];
  return { name: fields.name, kind: fields.kind, format: fields.format, targetType: fields.targetType, targetUri: fields.targetUri, imageMode: fields.imageMode || undefined, settings };
}

export async function createPoolAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async () => {
    const fields = formFields(form);
    const projectId = Id.parse(fields.projectId);
    const access = await requireRole(projectId, "admin");
    const pool = await createPool(db(), { userId: access.user.id, projectId }, poolInput(fields));
    revalidatePath("/projects", "layout");
    return { ok: true, message: `Pool ${pool.name} created.` };
  });
}

export async function updatePoolAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async () => {
    const fields = formFields(form);
    const { projectId, poolId } = z.object({ projectId: Id, poolId: Id }).parse(fields);
    const access = await requireRole(projectId, "admin");
    const pool = await updatePool(db(), { userId: access.user.id, projectId }, poolId, poolInput(fields));
    revalidatePath("/projects", "layout");
    return { ok: true, message: `Pool ${pool.name} saved.` };
  });
}

export async function deletePoolAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async () => {
    const { projectId, poolId } = z.object({ projectId: Id, poolId: Id }).parse(formFields(form));
    const access = await requireRole(projectId, "admin");
    await deletePool(db(), { userId: access.user.id, projectId }, poolId);
    revalidatePath("/projects", "layout");
    return { ok: true, message: "Pool deleted; its snapshots stay where they were written." };
  });
}

const StartExportSchema = z.object({ projectId: Id, poolId: Id, mode: ExportModeSchema });

export type StartExportResult = { ok: true; message: string; jobId: string } | { ok: false; error: string };

export async function startExportAction(input: z.input<typeof StartExportSchema>): Promise<StartExportResult> {
  try {
    const { projectId, poolId, mode } = StartExportSchema.parse(input);
    const access = await requireRole(projectId, "admin");
    const job = await startExportInApp({ userId: access.user.id, projectId }, { poolId, mode });
    return { ok: true, message: `${mode === "full" ? "Full" : "Incremental"} export started.`, jobId: job.id };
  } catch (error) {
    const result = failure(error);
    return result.ok ? { ok: false, error: "The export did not start." } : { ok: false, error: result.error };
  }
}
