import "server-only";
// The worker's side of a model run: sends the run's pending items through the connection and
// writes what comes back. Items are read a page at a time (two pages in flight, so the slots
// stay busy across a page boundary and memory stays bounded by what two pages' screenshots
// take); every sample of every item is looked up in the reply cache first and only the missing
// ones are sent, each through the connection's leased slots with retries (send-with-retry.ts).
// A page's items are written together when they are all answered (write-run-outputs.ts).
// Stops, leaving the unanswered items pending for a resume:
// - when the run is cancelled (the job's status), aborting the requests in flight;
// - when the server refuses every request alike (a wrong key, an unknown model, a host no longer
//   allowed) or stops answering (8 items in a row unreachable after their retries): sending the
//   rest would only fail them all; the job fails with the server's words.
// A worker that dies mid-run leaves its job to be taken over; the items it had written stay
// done and the replies it had cached are not asked again.
import { setMaxListeners } from "node:events";
import { IN_LIST_SIZE, lookupInChunks } from "@/lib/imports/write/key-lookup";
import type { Db } from "@/lib/db";
import { AppError, isAppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { finishJob, isCancelRequested, reportProgress, WORKER_ID } from "@/lib/jobs/jobs";
import { mediaStore } from "@/lib/media/media-store";
import type { MediaStore } from "@/lib/media/store";
import type { ChatErrorKind, ChatResult } from "@/lib/models/connections/chat-client";
import { endpointOf, type ConnectionEndpoint } from "@/lib/models/connections/connections";
import { parseReply } from "@/lib/models/templates/parse-reply";
import type { ParsedReply } from "@/lib/models/templates/parsed-reply";
import { PromptTemplateSchema, type PromptTemplate } from "@/lib/models/templates/prompt-template";
import { itemOutcome } from "@/lib/models/runs/item-outcome";
import { prepareItems, type PreparedItem } from "@/lib/models/runs/item-inputs";
import { sampleKeys, type CachedReply } from "@/lib/models/runs/reply-cache";
import { isRunTask, type RunTask } from "@/lib/models/runs/run-tasks";
import { sendWithRetry } from "@/lib/models/runs/send-with-retry";
import { SlotLease } from "@/lib/models/runs/slot-lease";
import { writeRunOutputs, type BatchCounts, type FinishedItem, type NewCacheEntry } from "@/lib/models/runs/write-run-outputs";

const HEARTBEAT_MS = 2_000;
const PAGES_IN_FLIGHT = 2;
const UNREACHABLE_IN_A_ROW = 8;
const SHOWN_REPLY_CHARS = 4000;
// Every request alike would be refused: stop instead of failing each item.
const RUN_STOPPING_KINDS: ReadonlySet<ChatErrorKind> = new Set(["unauthorized", "unknown_model"]);

type RunRow = Awaited<ReturnType<typeof loadRun>>;

async function loadRun(db: Db, jobId: string) {
  const run = await db.modelRun.findUnique({ where: { jobId } });
  if (!run) throw new AppError("not_found", `job ${jobId} belongs to no model run`);
  return run;
}

export type RunReport = {
  total: number; done: number; failed: number; requests: number; cacheHits: number; promptTokens: number; completionTokens: number;
  itemsPerSecond: number | null; etaSeconds: number | null; slots: number; errors: Partial<Record<string, number>>;
  changedUnderOverride: number; stoppedBecause: string | null;
};

export async function runModelRunJob(db: Db, jobId: string, deps: { store?: MediaStore; workerId?: string } = {}): Promise<RunReport> {
  const store = deps.store ?? mediaStore();
  const workerId = deps.workerId ?? WORKER_ID;
  const run = await loadRun(db, jobId);
  const template = PromptTemplateSchema.parse(run.template);
  if (!isRunTask(run.task)) throw new AppError("invalid_input", `model runs do not do ${run.task}`);
  const task: RunTask = run.task;
  const report: RunReport = {
    total: run.total, done: run.done, failed: run.failed, requests: run.requests, cacheHits: run.cacheHits, promptTokens: run.promptTokens,
    completionTokens: run.completionTokens, itemsPerSecond: null, etaSeconds: null, slots: 0, errors: {}, changedUnderOverride: 0, stoppedBecause: null,
  };
  const fail = async (message: string) => {
    report.stoppedBecause = message;
    await finishJob(db, jobId, { status: "failed", report: report as unknown as Prisma.InputJsonValue, error: message });
    return report;
  };
  if (!run.connectionId) return fail("the run's connection was deleted; start a new run on another connection");
  let endpoint: ConnectionEndpoint;
  try {
    endpoint = await endpointOf(db, run.projectId, run.connectionId);
  } catch (error) {
    if (isAppError(error)) return fail(`connection "${run.connectionName}": ${error.message}`);
    throw error;
  }
  if (endpoint.baseUrl !== run.baseUrl || endpoint.model !== run.model || endpoint.convention !== run.convention) {
    return fail(`connection "${run.connectionName}" now points at ${endpoint.model} on ${endpoint.baseUrl} (${endpoint.convention}); the run was asked of ${run.model} on ${run.baseUrl} (${run.convention}). Start a new run so its outputs are not credited to the wrong model`);
  }

  const controller = new AbortController();
  setMaxListeners(0, controller.signal); // every open request and waiting sender listens to it
  let stopReason: string | null = null;
  let cancelled = false;
  const stop = (why: string) => {
    if (stopReason === null) stopReason = why;
    controller.abort();
  };
  const lease = new SlotLease(db, endpoint.id, `${workerId}:${jobId}`, endpoint.maxConcurrent);
  const started = Date.now();
  const doneAtStart = run.done + run.failed;
  let unreachableInARow = 0;
  let lastUnreachable = "";

  const progress = async () => {
    const elapsed = (Date.now() - started) / 1000;
    const finished = report.done + report.failed - doneAtStart;
    report.itemsPerSecond = elapsed > 0 && finished > 0 ? Math.round((finished / elapsed) * 100) / 100 : null;
    const left = report.total - report.done - report.failed;
    report.etaSeconds = report.itemsPerSecond ? Math.round(left / report.itemsPerSecond) : null;
    report.slots = lease.size;
    await reportProgress(db, jobId, report.done + report.failed, report as unknown as Prisma.InputJsonValue, workerId);
  };

  let beating = false;
  const heartbeat = setInterval(() => {
    if (beating) return;
    beating = true;
    (async () => {
      if (await isCancelRequested(db, jobId)) {
        cancelled = true;
        stop("cancelled");
        return;
      }
      const connection = await db.modelConnection.findUnique({ where: { id: endpoint.id }, select: { maxConcurrent: true } });
      const limit = connection?.maxConcurrent ?? endpoint.maxConcurrent;
      await lease.renew(limit, limit);
      await lease.grow(limit);
      await progress();
    })()
      .catch(() => undefined) // a missed beat is retried at the next one
      .finally(() => {
        beating = false;
      });
  }, HEARTBEAT_MS);

  const params = { temperature: run.temperature, ...(run.maxTokens ? { maxTokens: run.maxTokens } : {}) };
  const sender = {
    db, endpoint, lease, signal: controller.signal,
    onRequest: (result: ChatResult) => {
      report.requests += 1;
      if (result.ok && result.usage) {
        report.promptTokens += result.usage.promptTokens;
        report.completionTokens += result.usage.completionTokens;
      }
    },
  };

  const keyParts = { projectId: run.projectId, baseUrl: run.baseUrl, model: run.model, templateHash: run.templateHash, temperature: run.temperature, maxTokens: run.maxTokens };

  // `keys`: the cache keys of the item's k samples, computed once with the page's lookup.
  const answerItem = async (prepared: PreparedItem, keys: readonly string[], cached: Map<string, CachedReply>, newCache: NewCacheEntry[], counts: BatchCounts): Promise<FinishedItem | null> => {
    const { item } = prepared;
    if (!prepared.ok) report.errors[prepared.kind] = (report.errors[prepared.kind] ?? 0) + 1;
    if (!prepared.ok) return { itemId: item.id, sampleId: item.sampleId, trajectoryId: item.trajectoryId, status: "failed", errorKind: prepared.kind, error: prepared.message, replies: null };
    const samples = await Promise.all(
      keys.map(async (key) => {
        const hit = cached.get(key);
        if (hit) {
          counts.cacheHits += 1;
          return { ok: true as const, reply: hit };
        }
        const { result } = await sendWithRetry(sender, prepared.messages, params);
        counts.requests += 1;
        if (!result.ok) return { ok: false as const, result };
        const reply: CachedReply = { text: result.text, finishReason: result.finishReason, promptTokens: result.usage?.promptTokens ?? null, completionTokens: result.usage?.completionTokens ?? null, latencyMs: result.latencyMs };
        counts.promptTokens += reply.promptTokens ?? 0;
        counts.completionTokens += reply.completionTokens ?? 0;
        newCache.push({ key, reply });
        return { ok: true as const, reply };
      }),
    );
    const failure = samples.find((s) => !s.ok);
    if (failure && !failure.ok) {
      const { kind, message } = failure.result;
      if (kind === "cancelled") return null; // stays pending
      if (RUN_STOPPING_KINDS.has(kind)) {
        stop(`${kind}: ${message}`);
        return null;
      }
      if (kind === "unreachable") {
        unreachableInARow += 1;
        lastUnreachable = message;
        if (unreachableInARow >= UNREACHABLE_IN_A_ROW) {
          stop(`the server did not answer ${UNREACHABLE_IN_A_ROW} items in a row (${lastUnreachable})`);
          return null;
        }
      }
      report.errors[kind] = (report.errors[kind] ?? 0) + 1;
      return { itemId: item.id, sampleId: item.sampleId, trajectoryId: item.trajectoryId, status: "failed", errorKind: kind, error: message, replies: null };
    }
    unreachableInARow = 0;
    const answers = samples.map((s) => (s as { reply: CachedReply }).reply);
    const parsed: ParsedReply[] = answers.map((a) => parseReply(template.parser, a.text, prepared.parse));
    const outcome = itemOutcome(task, parsed, prepared.parse?.image ?? prepared.image);
    const replies = answers.map((a, i) => ({ text: a.text.slice(0, SHOWN_REPLY_CHARS), finishReason: a.finishReason, parsed: summarise(parsed[i]!) }));
    if (outcome.outcome === "wrong_format") report.errors.wrong_format = (report.errors.wrong_format ?? 0) + 1;
    return { itemId: item.id, sampleId: item.sampleId, trajectoryId: item.trajectoryId, status: "done", outcome, replies: replies as unknown as Prisma.InputJsonValue, rawOutput: answers[0]!.text };
  };

  const runPage = async (items: { id: string; sampleId: string | null; trajectoryId: string | null }[]) => {
    const prepared = await prepareItems(db, store, task, template, endpoint, items);
    const keys = prepared.map((p) => (p.ok ? sampleKeys(keyParts, p.messages, run.k) : []));
    const hits = await lookupInChunks(keys.flat(), (chunk) => db.modelReplyCache.findMany({ where: { key: { in: chunk } }, select: { key: true, text: true, finishReason: true, promptTokens: true, completionTokens: true, latencyMs: true } }));
    const cached = new Map(hits.map(({ key, ...reply }) => [key, reply]));
    const newCache: NewCacheEntry[] = [];
    const counts: BatchCounts = { requests: 0, cacheHits: 0, promptTokens: 0, completionTokens: 0 };
    const finished = (await Promise.all(prepared.map((p, i) => answerItem(p, keys[i]!, cached, newCache, counts)))).filter((f): f is FinishedItem => f !== null);
    const written = await writeRunOutputs(db, run, finished, newCache, counts);
    report.changedUnderOverride += written.changedUnderOverride;
    report.done += finished.filter((f) => f.status === "done").length;
    report.failed += finished.filter((f) => f.status === "failed").length;
    report.cacheHits += counts.cacheHits;
  };

  try {
    await lease.grow(endpoint.maxConcurrent);
    // Two pages keep every slot busy; under IN_LIST_SIZE so a page's ids fit one IN list.
    const pageSize = Math.min(IN_LIST_SIZE - 44, Math.max(16, endpoint.maxConcurrent * 2));
    let after = -1;
    const inFlight: Promise<void>[] = [];
    for (;;) {
      if (controller.signal.aborted) break;
      const page = await db.modelRunItem.findMany({ where: { runId: run.id, status: "pending", ordinal: { gt: after } }, orderBy: { ordinal: "asc" }, take: pageSize, select: { id: true, ordinal: true, sampleId: true, trajectoryId: true } });
      if (page.length === 0) break;
      after = page[page.length - 1]!.ordinal;
      inFlight.push(runPage(page));
      if (inFlight.length >= PAGES_IN_FLIGHT) await inFlight.shift();
    }
    await Promise.all(inFlight);
  } catch (error) {
    controller.abort();
    throw error;
  } finally {
    clearInterval(heartbeat);
    await lease.close().catch(() => undefined);
  }
  if (cancelled || (await isCancelRequested(db, jobId))) {
    report.stoppedBecause = "cancelled";
    await progress().catch(() => undefined);
    await finishJob(db, jobId, { status: "cancelled", report: report as unknown as Prisma.InputJsonValue });
    return report;
  }
  if (stopReason) return fail(stopReason);
  await finishJob(db, jobId, { status: "succeeded", report: { ...report, itemsPerSecond: report.itemsPerSecond, slots: 0 } as unknown as Prisma.InputJsonValue });
  return report;
}

// What a screen shows of a parse: the kind and its few numbers, not the raw text twice.
function summarise(parsed: ParsedReply): Record<string, unknown> {
  const { raw: _raw, ...rest } = parsed as ParsedReply & { raw: string };
  void _raw;
  return rest;
}
