import "server-only";
// What the import screen's routes do, behind their role checks (admin of the project):
// staging uploads, previews and starting jobs. The job runs in this app process by default.
import { writeFile, readFile } from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/db";
import { createImportJob } from "@/lib/imports/import-job";
import { notifyJobQueued } from "@/lib/worker/in-process-worker";
import { openImageSource, prepareInput, type ImageSourceDescriptor } from "@/lib/imports/import-input";
import type { ImportRequest } from "@/lib/imports/import-request";
import { buildPreview } from "@/lib/imports/preview";
import { createStaging, resolveServerPath, stagingExists, stagingRoot } from "@/lib/imports/staging";
import { sniffImageMime } from "@/lib/media/sniff";
import { MEDIA_HEADERS } from "@/lib/media/serve";
import { saidError } from "@/lib/errors/said-error";

const ROOT_FILE = ".preview-root";

async function targetOf(projectId: string, source: ImportRequest["source"]): Promise<{ target: string; stagingId: string; confine: "import-roots" | "staging" }> {
  if (source.kind === "staging") {
    if (!(await stagingExists(projectId, source.stagingId))) throw saidError("not_found", "messages.uploadGone");
    return { target: stagingRoot(projectId, source.stagingId), stagingId: source.stagingId, confine: "staging" };
  }
  const target = await resolveServerPath(source.path);
  return { target, stagingId: await createStaging(projectId), confine: "import-roots" };
}

export async function previewImport(projectId: string, request: ImportRequest) {
  const { target, stagingId } = await targetOf(projectId, request.source);
  const scratch = path.join(stagingRoot(projectId, stagingId), ".unpacked");
  const prepared = await prepareInput(target, scratch, { format: request.format, model: request.model, projectId });
  try {
    // The preview's images are served from this source (and only from it) by previewFile.
    await writeFile(path.join(stagingRoot(projectId, stagingId), ROOT_FILE), JSON.stringify(prepared.imageSource));
    const fileUrl = (p: string) => `/api/projects/${projectId}/imports/staging/${stagingId}/file?path=${encodeURIComponent(p)}`;
    return await buildPreview(prepared, request.contract ?? null, fileUrl, request.model ?? null);
  } finally {
    await prepared.close();
  }
}

export async function previewFile(projectId: string, stagingId: string, relativePath: string): Promise<Response> {
  const stored = await readFile(path.join(stagingRoot(projectId, stagingId), ROOT_FILE), "utf8").catch(() => null);
  if (!stored) throw saidError("not_found", "messages.noPreview");
  const source = await openImageSource(JSON.parse(stored) as ImageSourceDescriptor).catch(() => {
    throw saidError("not_found", "messages.noPreview");
  });
  try {
    const bytes = await source.read(relativePath).catch(() => null);
    const mime = bytes ? sniffImageMime(bytes) : null;
    if (!bytes || !mime) throw saidError("not_found", "messages.noSuchUploadImage");
    return new Response(new Uint8Array(bytes), { headers: { ...MEDIA_HEADERS, "Cache-Control": "private, max-age=600", "Content-Type": mime } });
  } finally {
    await source.close();
  }
}

export async function startImport(projectId: string, userId: string, request: ImportRequest) {
  const { target, stagingId, confine } = await targetOf(projectId, request.source);
  const job = await createImportJob(db(), projectId, userId, {
    target,
    confine,
    staging: stagingRoot(projectId, stagingId),
    scratch: path.join(stagingRoot(projectId, stagingId), ".job-unpacked"),
    format: request.format,
    contract: request.contract,
    model: request.model,
    onVerifiedChange: request.onVerifiedChange,
  });
  // The request returns at once and the screen polls the job, which the worker runs (in this
  // process by default, or in `npm run worker` processes).
  notifyJobQueued();
  return job;
}

export async function jobStatus(projectId: string, jobId: string) {
  const job = await db().job.findFirst({ where: { id: jobId, projectId } });
  if (!job) throw saidError("not_found", "messages.noSuchJob");
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    processed: job.processed,
    total: job.total,
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    report: job.report,
    error: job.error,
  };
}
