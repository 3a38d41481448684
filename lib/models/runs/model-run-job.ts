import "server-only";
// The worker's side of a model run: sends the run's pending items through the connection and
// writes what comes back. Items are read a page at a time (two pages in flight, so the slots
// stay busy across a page boundary and memory stays bounded by what two pages' screenshots
// take); every sample of every item is looked up in the reply cache first and only the missing
// ones are sent, each through the connection's leased slots with retries (cached-calls.ts).
// A WebJudge run (trajectory_judge) asks each trajectory its three questions in turn
// (webjudge-item.ts), every one through the same cache under its own stage template's hash.
// A page's items are written together when they are all answered (write-run-outputs.ts).
// Stops, leaving the unanswered items pending for a resume:
// - when the run is cancelled (the job's status), aborting the requests in flight; a page whose
//   replies came back after the cancel keeps them in the cache but writes no output;
// - when the server refuses every request alike (a wrong key, an unknown model, a host no longer
//   allowed) or stops answering (8 items in a row unreachable after their retries): sending the
//   rest would only fail them all; the job fails with the server's words.
// A worker that dies mid-run leaves its job to be taken over; the items it had written stay
// done and the replies it had cached are not asked again.
import { setMaxListeners } from "node:events";
import { IN_LIST_SIZE } from "@/lib/db/key-lookup";
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
import { effectiveLimits } from "@/lib/models/templates/grounding-values";
import { answerCall, askAll, lookUpReplies, newPageCalls, type Caller, type PageCalls } from "@/lib/models/runs/cached-calls";
import { firstFailure, repliesOf, type ChatFailure } from "@/lib/models/runs/call-result";
import { itemOutcome, type ItemOutcome } from "@/lib/models/runs/item-outcome";
import { imageFor, prepareItems, unsendableReason, type PreparedItem, type RunItemRef } from "@/lib/models/runs/item-inputs";
import { sampleKeys } from "@/lib/models/runs/reply-cache";
import { readRunTemplate } from "@/lib/models/runs/run-templates";
import { isRunTask, type RunTask, type SingleCallTask } from "@/lib/models/runs/run-tasks";
import { SlotLease } from "@/lib/models/runs/slot-lease";
import { storedReply, type StoredReply } from "@/lib/models/runs/stored-replies";
import { judgeTrajectory, type WebJudgeDeps } from "@/lib/models/runs/webjudge-item";
import { loadWebJudgeInputs } from "@/lib/models/runs/webjudge-inputs";
import { storeReplies, writeRunOutputs, type FinishedItem } from "@/lib/models/runs/write-run-outputs";

const HEARTBEAT_MS = 2_000;
const PAGES_IN_FLIGHT = 2;
const UNREACHABLE_IN_A_ROW = 8;
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
  const { template, stages } = readRunTemplate(run.template);
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
  if (task === "trajectory_judge" && !stages) return fail(`the run's template ${run.templateId} records no WebJudge stage templates; start a new run with webjudge-outcome`);
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

  const keyParts = { projectId: run.projectId, baseUrl: run.baseUrl, model: run.model, temperature: run.temperature, maxTokens: run.maxTokens };
  const caller: Caller = { db, sender, params };
  const failedItem = (item: RunItemRef, kind: string, message: string): FinishedItem => {
    report.errors[kind] = (report.errors[kind] ?? 0) + 1;
    return { itemId: item.id, sampleId: item.sampleId, trajectoryId: item.trajectoryId, status: "failed", errorKind: kind, error: message, replies: null };
  };
  const doneItem = (item: RunItemRef, outcome: ItemOutcome, replies: StoredReply[], rawOutput: string): FinishedItem => {
    unreachableInARow = 0;
    if (outcome.outcome === "wrong_format") report.errors.wrong_format = (report.errors.wrong_format ?? 0) + 1;
    return { itemId: item.id, sampleId: item.sampleId, trajectoryId: item.trajectoryId, status: "done", outcome, replies: replies as unknown as Prisma.InputJsonValue, rawOutput };
  };
  // A request the server did not answer: the item stays pending (cancelled), the run stops
  // (every request alike would be refused, or the server stopped answering), or the item fails.
  const unanswered = (item: RunItemRef, { kind, message }: ChatFailure): FinishedItem | null => {
    if (kind === "cancelled") return null;
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
    return failedItem(item, kind, message);
  };

  // `keys`: the cache keys of the item's k samples, computed once with the page's lookup.
  const answerItem = async (prepared: PreparedItem, keys: readonly string[], page: PageCalls): Promise<FinishedItem | null> => {
    const { item } = prepared;
    if (!prepared.ok) return failedItem(item, prepared.kind, prepared.message);
    const samples = await Promise.all(keys.map((key) => answerCall(caller, page, key, prepared.messages)));
    const failure = firstFailure(samples);
    if (failure) return unanswered(item, failure);
    const answers = repliesOf(samples);
    const parsed: ParsedReply[] = answers.map((a) => parseReply(template.parser, a.text, prepared.parse));
    return doneItem(item, itemOutcome(task, parsed, prepared.parse?.image ?? prepared.image), answers.map((a, i) => storedReply(a, parsed[i]!)), answers[0]!.text);
  };

  const singleCallPage = async (singleTask: SingleCallTask, items: RunItemRef[], page: PageCalls) => {
    const prepared = await prepareItems(db, store, singleTask, template, endpoint, items);
    const keys = prepared.map((p) => (p.ok ? sampleKeys({ ...keyParts, templateHash: run.templateHash }, p.messages, run.k) : []));
    await lookUpReplies(db, page, keys.flat());
    return Promise.all(prepared.map((p, i) => answerItem(p, keys[i]!, page)));
  };

  const webJudgePage = async (recorded: NonNullable<typeof stages>, items: RunItemRef[], page: PageCalls) => {
    const inputs = await loadWebJudgeInputs(db, items);
    const pixels = effectiveLimits(recorded.keyScreenshot.template, endpoint);
    const judge: WebJudgeDeps = {
      stages: recorded,
      outcome: { template, hash: run.templateHash },
      k: run.k,
      ask: (stage, requests, samples) => askAll(caller, page, requests.map((messages) => ({ messages, keys: sampleKeys({ ...keyParts, templateHash: stage.hash }, messages, samples) }))),
      image: async (media) => (await imageFor(store, media, endpoint, pixels))!,
    };
    return Promise.all(
      inputs.map(async (input): Promise<FinishedItem | null> => {
        if (!input.ok) return failedItem(input.item, input.kind, input.message);
        const result = await judgeTrajectory(judge, input);
        if (result.status === "call_failed") return unanswered(input.item, result.failure);
        if (result.status === "unsendable") return failedItem(input.item, "bad_input", `${result.step === null ? "" : `step ${result.step + 1}: `}${unsendableReason(result.error)}`);
        return doneItem(input.item, result.outcome, result.replies, result.rawOutput);
      }),
    );
  };

  const runPage = async (items: RunItemRef[]) => {
    const page = newPageCalls();
    // A trajectory_judge run without recorded stages failed before its first page.
    const answered = task === "trajectory_judge" ? await webJudgePage(stages!, items, page) : await singleCallPage(task, items, page);
    const finished = answered.filter((f): f is FinishedItem => f !== null);
    // Cancelled while this page's requests were out: none of its outputs is written (the page
    // said "pending" at the cancel, and a resume must find them so), but the replies already
    // paid for are kept, so the resume asks them of nobody.
    if (cancelled || (await isCancelRequested(db, jobId))) {
      cancelled = true;
      stop("cancelled");
      await storeReplies(db, run.projectId, page.newCache);
      return;
    }
    const written = await writeRunOutputs(db, run, finished, page.newCache, page.counts);
    report.changedUnderOverride += written.changedUnderOverride;
    report.done += finished.filter((f) => f.status === "done").length;
    report.failed += finished.filter((f) => f.status === "failed").length;
    report.cacheHits += page.counts.cacheHits;
  };

  try {
    await lease.grow(endpoint.maxConcurrent);
    // Two pages keep every slot busy; under IN_LIST_SIZE so a page's ids fit one IN list. A
    // WebJudge trajectory asks a few screenshots at once and holds its kept ones until its last
    // call, so its pages are smaller: memory stays bounded, and the slots busy all the same.
    const pageSize = task === "trajectory_judge"
      ? Math.max(2, Math.ceil(endpoint.maxConcurrent / 4))
      : Math.min(IN_LIST_SIZE - 44, Math.max(16, endpoint.maxConcurrent * 2));
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
