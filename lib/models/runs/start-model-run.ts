import "server-only";
// Asking for a model run: the connection, a template, what to run it over and how many samples.
// The item list is frozen here (ModelRunItem rows, in id order), so a resumed or taken-over job
// works through the same items the person saw counted, whatever is imported meanwhile.
// Checked up front, with the field named: a template whose coordinate convention is not the
// connection's (its points would be read on the wrong grid), a task runs cannot do yet, a
// template that is only a stage of another (WebJudge's first two questions: a run of
// webjudge-outcome asks them), k samples at temperature 0 (k copies of one greedy answer), an
// empty scope. A run records its template with any stage templates (run-templates.ts).
import { z } from "zod";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { createJob } from "@/lib/jobs/jobs";
import { getConnection } from "@/lib/models/connections/connections";
import { findPreset } from "@/lib/models/templates/presets";
import { templateHash } from "@/lib/models/templates/template-hash";
import { runTemplateRecord, stageOf } from "@/lib/models/runs/run-templates";
import { ITEMS_OF_TASK, isRunTask, RUN_TASKS } from "@/lib/models/runs/run-tasks";
import { sampleWhere } from "@/lib/samples/list-samples";
import { SampleFilterSchema } from "@/lib/samples/sample-filters";
import { trajectoryWhere } from "@/lib/trajectories/list-trajectories";
import { TrajectoryFilterSchema } from "@/lib/trajectories/trajectory-filters";
import { newRowId } from "@/lib/ids/row-id";
import { lookupInChunks } from "@/lib/db/key-lookup";

/** Items one run may hold: a run is a job over a frozen list, not a stream. */
export const MAX_RUN_ITEMS = 200_000;
const ITEM_CHUNK = 1000;

const Id = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, "is not an id");

export const RunScopeSchema = z.discriminatedUnion("kind", [
  // The list page's own filter, as its URL holds it (sample or trajectory filter).
  z.object({ kind: z.literal("filter"), filter: z.record(z.string(), z.string().max(600)).default({}) }),
  z.object({ kind: z.literal("ids"), ids: z.array(Id).min(1, "names no item").max(MAX_RUN_ITEMS) }),
  z.object({ kind: z.literal("queue"), queueId: Id }),
]);
export type RunScope = z.infer<typeof RunScopeSchema>;

export const StartRunSchema = z
  .object({
    connectionId: Id,
    templateId: z.string().trim().min(1, "is required").max(100),
    k: z.coerce.number().int().min(1).max(16).default(1),
    temperature: z.coerce.number().min(0).max(2).default(0),
    maxTokens: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(1).max(32_768).optional()),
    outputName: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().max(200).optional()),
    scope: RunScopeSchema,
  })
  .superRefine((input, ctx) => {
    if (input.k > 1 && input.temperature === 0) {
      ctx.addIssue({ code: "custom", path: ["temperature"], message: "must be above 0 for k > 1 samples (at 0 every sample is the same greedy answer)" });
    }
  });
export type StartRunInput = z.input<typeof StartRunSchema>;

async function scopeItems(db: Db, projectId: string, items: "samples" | "trajectories", scope: RunScope): Promise<string[]> {
  const column = items === "samples" ? "sampleId" : "trajectoryId";
  if (scope.kind === "queue") {
    const queue = await db.queue.findFirst({ where: { id: scope.queueId, projectId }, select: { id: true } });
    if (!queue) throw new AppError("not_found", "scope.queueId: no such queue in this project");
    const rows = await db.queueItem.findMany({ where: { queueId: queue.id, [column]: { not: null } }, select: { sampleId: true, trajectoryId: true }, orderBy: { id: "asc" }, take: MAX_RUN_ITEMS + 1 });
    return [...new Set(rows.map((r) => (items === "samples" ? r.sampleId : r.trajectoryId)!))];
  }
  if (scope.kind === "ids") {
    // Only ids of this project's items of the run's kind count; the rest are named by nothing.
    const ids = [...new Set(scope.ids)];
    const found = await lookupInChunks(ids, (chunk) =>
      items === "samples"
        ? db.groundingSample.findMany({ where: { projectId, id: { in: chunk } }, select: { id: true } })
        : db.trajectory.findMany({ where: { projectId, id: { in: chunk } }, select: { id: true } }),
    );
    return found.map((r) => r.id).sort();
  }
  if (items === "samples") {
    const where = sampleWhere(projectId, SampleFilterSchema.parse(scope.filter));
    return (await db.groundingSample.findMany({ where, select: { id: true }, orderBy: { id: "asc" }, take: MAX_RUN_ITEMS + 1 })).map((s) => s.id);
  }
  const where = trajectoryWhere(projectId, TrajectoryFilterSchema.parse(scope.filter));
  return (await db.trajectory.findMany({ where, select: { id: true }, orderBy: { id: "asc" }, take: MAX_RUN_ITEMS + 1 })).map((t) => t.id);
}

/**
 * Creates the run, its frozen items and its job; returns the run. `claimedBy`: a job run in the
 * foreground (the CLI) is created held by its process, so no worker takes it first.
 */
export async function startModelRun(db: Db, projectId: string, userId: string | null, raw: unknown, options: { claimedBy?: string } = {}) {
  const input = StartRunSchema.parse(raw);
  const connection = await getConnection(db, projectId, input.connectionId);
  const template = findPreset(input.templateId);
  if (!template) throw new AppError("invalid_input", `templateId: no template "${input.templateId}"`);
  if (!isRunTask(template.task)) throw new AppError("invalid_input", `templateId: ${template.id} is a ${template.task} template; runs do ${RUN_TASKS.join(", ")} today`);
  const stageOfRun = stageOf(template.id);
  if (stageOfRun) throw new AppError("invalid_input", `templateId: ${template.id} is one of the questions a ${stageOfRun} run asks on its way to the verdict; start the run with ${stageOfRun}`);
  if (template.convention !== null && template.convention !== connection.convention) {
    throw new AppError("invalid_input", `templateId: ${template.id} answers in ${template.convention}, but the connection "${connection.name}" is set to ${connection.convention}; its points would be read on the wrong grid`);
  }
  const items = ITEMS_OF_TASK[template.task];
  const ids = await scopeItems(db, projectId, items, input.scope);
  if (ids.length === 0) throw new AppError("invalid_input", `scope: no ${items} match`);
  if (ids.length > MAX_RUN_ITEMS) throw new AppError("invalid_input", `scope: more than ${MAX_RUN_ITEMS} ${items}; narrow the filter or split the run`);
  // A judge is its connection; its template version is the verdicts' promptVersion, so two
  // versions of one judge are compared side by side. A prediction's identity is (sample,
  // model) alone, so a grounding run's name carries the template.
  const outputName = input.outputName ?? (template.task === "grounding" ? `${connection.name} · ${template.id}@v${template.version}` : connection.name);

  const job = await createJob(db, { projectId, kind: "model_run", params: {}, createdById: userId, total: ids.length, claimedBy: options.claimedBy });
  try {
    return await db.$transaction(async (tx) => {
      const run = await tx.modelRun.create({
        data: {
          projectId, jobId: job.id, connectionId: connection.id, connectionName: connection.name, baseUrl: connection.baseUrl, model: connection.model,
          convention: connection.convention, task: template.task, templateId: template.id, templateVersion: template.version, templateHash: templateHash(template),
          template: runTemplateRecord(template) as unknown as Prisma.InputJsonValue, outputName, k: input.k, temperature: input.temperature, maxTokens: input.maxTokens ?? null,
          scope: input.scope as unknown as Prisma.InputJsonValue, total: ids.length, createdById: userId,
        },
      });
      for (let start = 0; start < ids.length; start += ITEM_CHUNK) {
        await tx.modelRunItem.createMany({
          data: ids.slice(start, start + ITEM_CHUNK).map((id, i) => ({ id: newRowId(), runId: run.id, ordinal: start + i, [items === "samples" ? "sampleId" : "trajectoryId"]: id })),
        });
      }
      await tx.job.update({ where: { id: job.id }, data: { params: { runId: run.id } } });
      return run;
    }, { timeout: 120_000, maxWait: 60_000 });
  } catch (error) {
    await db.job.delete({ where: { id: job.id } }).catch(() => undefined);
    throw error;
  }
}

/** Stops a queued or running run's job; its pending items stay pending for a resume. */
export async function cancelModelRun(db: Db, projectId: string, runId: string) {
  const run = await db.modelRun.findFirst({ where: { id: runId, projectId }, select: { jobId: true } });
  if (!run) throw new AppError("not_found", "no such model run in this project");
  const { count } = await db.job.updateMany({ where: { id: run.jobId, status: { in: ["queued", "running"] } }, data: { status: "cancelled", finishedAt: new Date() } });
  if (count === 0) throw new AppError("conflict", "the run is not queued or running");
}

/** Queues a new job for a cancelled, failed or finished run's pending and failed items (failures are asked again). */
export async function resumeModelRun(db: Db, projectId: string, runId: string, userId: string | null) {
  const run = await db.modelRun.findFirst({ where: { id: runId, projectId }, select: { id: true, jobId: true } });
  if (!run) throw new AppError("not_found", "no such model run in this project");
  const job = await db.job.findUnique({ where: { id: run.jobId }, select: { status: true } });
  if (job && ["queued", "running"].includes(job.status)) throw new AppError("conflict", "the run is still queued or running");
  const failed = await db.modelRunItem.updateMany({ where: { runId: run.id, status: "failed" }, data: { status: "pending", errorKind: null, error: null } });
  if (failed.count) await db.modelRun.update({ where: { id: run.id }, data: { failed: { decrement: failed.count } } });
  const pending = await db.modelRunItem.count({ where: { runId: run.id, status: "pending" } });
  if (pending === 0) throw new AppError("conflict", "the run has no pending or failed items left");
  const next = await createJob(db, { projectId, kind: "model_run", params: { runId: run.id }, createdById: userId, total: pending });
  await db.modelRun.update({ where: { id: run.id }, data: { jobId: next.id } });
  return next;
}
