"use server";
// Project-admin actions of the model run screens: start a run from the launch form, cancel one
// that is queued or running, resume one that stopped. Each wakes the in-process worker after
// queueing a job and leaves an audit row (the connection by name; a key never leaves the
// connection's row). A refusal of the run library that names its field ("templateId: ...")
// comes back as that field's error, so the form shows it where it was made.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { formFields, type ActionResult } from "@/lib/actions/result";
import { runAction } from "@/lib/actions/run-action";
import { RowIdSchema } from "@/lib/ids/row-id-shape";
import { saidError } from "@/lib/errors/said-error";
import { notifyJobQueued } from "@/lib/worker/in-process-worker";
import { ITEMS_OF_TASK, isRunTask } from "@/lib/models/runs/run-tasks";
import { parseRunItems, recordOfQuery, scopeFilterOf } from "@/lib/models/runs/scope-filter";
import { cancelModelRun, resumeModelRun, startModelRun } from "@/lib/models/runs/start-model-run";
import { findPreset } from "@/lib/models/templates/presets";

const ProjectIds = z.object({ projectId: RowIdSchema });
const RunIds = ProjectIds.extend({ runId: RowIdSchema });
const FIELDS = ["connectionId", "templateId", "k", "temperature", "maxTokens", "outputName", "scope"] as const;

/** On success the run's id: the form goes on to the run's page. */
export type StartModelRunResult = { ok: true; message: string; runId: string } | (ActionResult & { ok: false });

/** A refusal whose message starts with one of the form's field names is that field's error too. */
function withFieldError<R extends { ok: boolean }>(result: R | (ActionResult & { ok: false })): R | (ActionResult & { ok: false }) {
  if (result.ok || !("error" in result) || result.fieldErrors) return result;
  const match = /^([A-Za-z]+)(?:\.[\w.]*)?: ([\s\S]+)$/.exec(result.error);
  const field = match && (FIELDS as readonly string[]).includes(match[1]!) ? match[1]! : null;
  return field ? { ...result, fieldErrors: { [field]: match![2]! } } : result;
}

export async function startModelRunAction(_prev: StartModelRunResult | null, form: FormData): Promise<StartModelRunResult> {
  const result = await runAction<StartModelRunResult>(async (t) => {
    const fields = formFields(form);
    const { projectId } = ProjectIds.parse(fields);
    const access = await requireRole(projectId, "admin");
    const items = parseRunItems(fields.items);
    // A template runs over the items of its task: a trajectory judge over a sample filter would
    // read the filter as a trajectory filter and run over something nobody counted.
    const template = findPreset(fields.templateId ?? "");
    if (template && isRunTask(template.task) && ITEMS_OF_TASK[template.task] !== items) {
      throw saidError("invalid_input", items === "samples" ? "modelRuns.check.templateNotForSamples" : "modelRuns.check.templateNotForTrajectories", { template: template.id });
    }
    const run = await startModelRun(db(), projectId, access.user.id, {
      connectionId: fields.connectionId ?? "",
      templateId: fields.templateId ?? "",
      k: fields.k || undefined,
      temperature: fields.temperature || undefined,
      maxTokens: fields.maxTokens,
      outputName: fields.outputName,
      scope: { kind: "filter", filter: scopeFilterOf(items, recordOfQuery(fields.filter ?? "")) },
    });
    notifyJobQueued();
    await recordAudit(db(), {
      userId: access.user.id, projectId, action: "model_run.start", targetType: "model_run", targetId: run.id,
      details: { runId: run.id, connection: run.connectionName, model: run.model, template: `${run.templateId}@v${run.templateVersion}`, outputName: run.outputName, k: run.k, temperature: run.temperature, total: run.total },
    });
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("modelRuns.started", { count: run.total }), runId: run.id };
  });
  return withFieldError(result);
}

export async function cancelModelRunAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const { projectId, runId } = RunIds.parse(formFields(form));
    const access = await requireRole(projectId, "admin");
    await cancelModelRun(db(), projectId, runId);
    await recordAudit(db(), { userId: access.user.id, projectId, action: "model_run.cancel", targetType: "model_run", targetId: runId });
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("modelRuns.cancelledNotice") };
  });
}

export async function resumeModelRunAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const { projectId, runId } = RunIds.parse(formFields(form));
    const access = await requireRole(projectId, "admin");
    const job = await resumeModelRun(db(), projectId, runId, access.user.id);
    notifyJobQueued();
    await recordAudit(db(), { userId: access.user.id, projectId, action: "model_run.resume", targetType: "model_run", targetId: runId, details: { jobId: job.id, items: job.total } });
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("modelRuns.resumedNotice", { count: job.total ?? 0 }) };
  });
}
