// Model runs against a protocol-faithful OpenAI-compatible server on loopback: the run sends
// each item once, writes its outputs where imported ones go (predictions with correctness
// derived, judge verdicts by identity), survives the faults a server and a network throw at it,
// stops and resumes without asking twice, and holds the connection's limit across workers.
process.env.NEXTAUTH_SECRET ??= "model-runs-test-secret-0123456789abcdef0123";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "../databases";
import { generatedFixtures, importInto, importProject, IMPORT_MEDIA_DIR } from "../import-support";
import { startOpenAiStandIn, type OpenAiStandIn, type StandInReply, type StandInRequest } from "@/tests/support/openai-stand-in";
import { createConnection, updateConnection } from "@/lib/models/connections/connections";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { runModelRunJob } from "@/lib/models/runs/model-run-job";
import { cancelModelRun, resumeModelRun, startModelRun } from "@/lib/models/runs/start-model-run";
import type { Db } from "@/lib/db";
import { dismissRewrite } from "@/lib/verdicts/dismiss-rewrite";
import { verdictsFor } from "@/lib/verdicts/effective-verdicts";

const KEY = "sk-run-test-42";
const MODEL = "ui-venus-1.5-7b";
const store = createLocalMediaStore(IMPORT_MEDIA_DIR);

describe.each(PROVIDERS)("model runs on %s", (provider) => {
  const servers: OpenAiStandIn[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  async function serve(reply: (req: StandInRequest, i: number) => StandInReply | Promise<StandInReply>, expectImage?: Parameters<typeof startOpenAiStandIn>[0]["expectImage"]) {
    const server = await startOpenAiStandIn({ models: [MODEL], apiKey: KEY, reply, expectImage });
    servers.push(server);
    return server;
  }

  async function groundingProject() {
    const { db } = await freshDatabase(provider);
    const user = await db.user.create({ data: { email: "admin@x.test", name: "Admin" } });
    const projectId = await importProject(db, "runs");
    await importInto(db, projectId, path.join(await generatedFixtures(), "screenspot-pro"));
    const samples = await db.groundingSample.findMany({ where: { projectId }, orderBy: { id: "asc" } });
    return { db, user, projectId, samples };
  }

  // Each sample's box centre on the [0,1000] grid, by the instruction the request carries.
  function centres(samples: { instruction: string; boxX1: number | null; boxY1: number | null; boxX2: number | null; boxY2: number | null }[]) {
    return new Map(samples.map((s) => [s.instruction, `[${Math.round(((s.boxX1! + s.boxX2!) / 2 / 800) * 1000)},${Math.round(((s.boxY1! + s.boxY2!) / 2 / 500) * 1000)}]`]));
  }
  const instructionOf = (req: StandInRequest, known: Iterable<string>) => [...known].find((i) => req.text.includes(i.replace(/\.$/, "")))!;

  async function connect(db: Db, projectId: string, userId: string, url: string, extra: Record<string, unknown> = {}) {
    return createConnection(db, projectId, userId, { name: `vllm-${Math.random().toString(36).slice(2, 8)}`, baseUrl: url, model: MODEL, apiKey: KEY, convention: "rel1000", ...extra });
  }

  it("writes one prediction per sample under the run's name, with correctness derived, and a second identical run sends nothing", async () => {
    const { db, user, projectId, samples } = await groundingProject();
    const answers = centres(samples);
    const [refused, unreadable, offScreen] = samples.slice(0, 3).map((s) => s.instruction) as [string, string, string];
    const server = await serve((req) => {
      const instruction = instructionOf(req, answers.keys());
      if (instruction === refused) return { content: "[-1,-1]" };
      if (instruction === unreadable) return { content: "The element is in the top bar." };
      if (instruction === offScreen) return { content: "[1200,300]" };
      return { content: answers.get(instruction)! };
    }, () => ({ width: 800, height: 500 }));
    const connection = await connect(db, projectId, user.id, server.url, { maxConcurrent: 3 });
    const input = { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", scope: { kind: "filter", filter: {} } };
    const run = await startModelRun(db, projectId, user.id, input);
    expect(run).toMatchObject({ total: samples.length, outputName: `${connection.name} · ui-venus-1.5-grounding@v1`, templateVersion: 1, task: "grounding" });

    const report = await runModelRunJob(db, run.jobId, { store });
    server.assertClean();
    expect(report).toMatchObject({ done: samples.length, failed: 0, requests: samples.length, cacheHits: 0, stoppedBecause: null, errors: { wrong_format: 1 } });
    expect(server.inFlightPeak).toBeLessThanOrEqual(3);
    expect(await db.job.findUniqueOrThrow({ where: { id: run.jobId } })).toMatchObject({ status: "succeeded", progress: 1 });

    const predictions = await db.modelPrediction.findMany({ where: { projectId, model: run.outputName }, include: { sample: { select: { instruction: true } } } });
    expect(predictions).toHaveLength(samples.length);
    const of = (instruction: string) => predictions.find((p) => p.sample.instruction === instruction)!;
    expect(of(refused)).toMatchObject({ kind: "refusal", correctness: "wrong" });
    expect(of(unreadable)).toMatchObject({ kind: "wrong_format", correctness: "wrong_format", rawOutput: "The element is in the top bar." });
    expect(of(offScreen)).toMatchObject({ kind: "point", x: 960, y: 150, correctness: "wrong" });
    expect((of(offScreen).extra as { problem: string }).problem).toMatch(/outside the 800x500 screenshot/);
    const rest = predictions.filter((p) => ![refused, unreadable, offScreen].includes(p.sample.instruction));
    expect(rest.every((p) => p.kind === "point" && p.correctness === "correct")).toBe(true);
    const items = await db.modelRunItem.groupBy({ by: ["status", "outcome"], where: { runId: run.id }, _count: { _all: true } });
    expect(items.map((i) => [i.status, i.outcome, i._count._all]).sort()).toEqual([["done", "outside_image", 1], ["done", "point", samples.length - 3], ["done", "refusal", 1], ["done", "wrong_format", 1]].sort());

    // The same run again: every reply is in the cache; nothing is sent, nothing is revised.
    const again = await startModelRun(db, projectId, user.id, input);
    const second = await runModelRunJob(db, again.jobId, { store });
    expect(second).toMatchObject({ done: samples.length, requests: 0, cacheHits: samples.length });
    expect(server.requests).toHaveLength(samples.length);
    expect(await db.predictionRevision.count({ where: { prediction: { model: run.outputName } } })).toBe(samples.length);
  });

  it("retries 429, 5xx, dropped connections and garbled answers, names what stays failed, and refuses what cannot be sent", async () => {
    const { db, user, projectId, samples } = await groundingProject();
    const answers = centres(samples);
    const faults = new Map<string, StandInReply[]>([
      [samples[0]!.instruction, [{ status: 429, retryAfterSeconds: 0 }]],
      [samples[1]!.instruction, [{ status: 503 }]],
      [samples[2]!.instruction, [{ drop: true }]],
      [samples[3]!.instruction, [{ malformedJson: true }]],
    ]);
    const server = await serve((req) => {
      const instruction = instructionOf(req, answers.keys());
      return faults.get(instruction)?.shift() ?? { content: answers.get(instruction)! };
    });
    const connection = await connect(db, projectId, user.id, server.url);
    // One sample without a screenshot: a per-item failure, never a request.
    await db.groundingSample.update({ where: { id: samples[4]!.id }, data: { mediaId: null, imageMissing: true } });
    const run = await startModelRun(db, projectId, user.id, { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", scope: { kind: "filter", filter: {} } });
    const report = await runModelRunJob(db, run.jobId, { store });
    server.assertClean();
    expect(report).toMatchObject({ done: samples.length - 1, failed: 1, requests: samples.length - 1 + 4, errors: { no_input: 1 } });
    expect(await db.modelRunItem.findFirstOrThrow({ where: { runId: run.id, sampleId: samples[4]!.id } })).toMatchObject({ status: "failed", errorKind: "no_input", error: "the sample has no screenshot" });
  });

  it("stops at a wrong key with the server's words, leaves the items pending, and a resume after the fix sends only those", async () => {
    const { db, user, projectId, samples } = await groundingProject();
    const answers = centres(samples);
    const server = await serve((req) => ({ content: answers.get(instructionOf(req, answers.keys()))! }));
    const connection = await connect(db, projectId, user.id, server.url, { apiKey: "sk-wrong" });
    const run = await startModelRun(db, projectId, user.id, { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", scope: { kind: "ids", ids: samples.slice(0, 6).map((s) => s.id) } });
    const report = await runModelRunJob(db, run.jobId, { store });
    expect(report.stoppedBecause).toBe("unauthorized: HTTP 401: Unauthorized");
    expect(await db.job.findUniqueOrThrow({ where: { id: run.jobId } })).toMatchObject({ status: "failed", error: "unauthorized: HTTP 401: Unauthorized" });
    expect(await db.modelRunItem.count({ where: { runId: run.id, status: "pending" } })).toBe(6);
    expect(await db.modelPrediction.count({ where: { projectId } })).toBe(0);

    await updateConnection(db, projectId, connection.id, { name: connection.name, baseUrl: server.url, model: MODEL, apiKey: KEY, convention: "rel1000" });
    const job = await resumeModelRun(db, projectId, run.id, user.id);
    const resumed = await runModelRunJob(db, job.id, { store });
    expect(resumed).toMatchObject({ done: 6, failed: 0, stoppedBecause: null });
    expect(server.requests.filter((r) => r.headers.authorization === `Bearer ${KEY}`)).toHaveLength(6);
  });

  it("is cancelled mid-run without losing what was answered (kept in the cache), and a resume finishes it asking nothing twice", async () => {
    const { db, user, projectId, samples } = await groundingProject();
    const answers = centres(samples);
    let runId = "";
    let cancelled = false;
    // The third request cancels the run and is never answered, nor is any after it: however
    // long the worker takes to notice, the run cannot finish before it does.
    const server = await serve(async (req, i) => {
      if (i === 2) {
        await cancelModelRun(db, projectId, runId);
        cancelled = true;
      }
      if (cancelled && i >= 2 && runId) return { hang: true };
      return { content: answers.get(instructionOf(req, answers.keys()))! };
    });
    const connection = await connect(db, projectId, user.id, server.url, { maxConcurrent: 1 });
    const run = await startModelRun(db, projectId, user.id, { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", scope: { kind: "filter", filter: {} } });
    runId = run.id;
    const report = await runModelRunJob(db, run.jobId, { store });
    expect(report.stoppedBecause).toBe("cancelled");
    expect(await db.job.findUniqueOrThrow({ where: { id: run.jobId } })).toMatchObject({ status: "cancelled" });
    // One page (a page is 16 items here): its two answers are kept in the cache, not written.
    expect(await db.modelRunItem.count({ where: { runId: run.id, status: "pending" } })).toBe(samples.length);

    runId = "";
    const job = await resumeModelRun(db, projectId, run.id, user.id);
    const resumed = await runModelRunJob(db, job.id, { store });
    expect(resumed).toMatchObject({ done: samples.length, failed: 0, stoppedBecause: null, cacheHits: 2 });
    // Each instruction was answered once; a request aborted by the cancel may have been asked again.
    const asked = server.requests.map((r) => instructionOf(r, answers.keys()));
    expect(new Set(asked).size).toBe(samples.length);
    expect(asked.length).toBeLessThanOrEqual(samples.length + 1);
    expect(await db.modelPrediction.count({ where: { projectId } })).toBe(samples.length);
  });

  it("writes no output of a page answered after its run was cancelled; a resume finishes it, every reply asked once or served from the cache", async () => {
    const { db, user, projectId, samples } = await groundingProject();
    const answers = centres(samples);
    let runId = "";
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Every request of the first job waits until all of them are out; then the run is cancelled
    // and they are all answered at once, before or after the worker has noticed the cancel.
    const server = await serve(async (req, i) => {
      if (runId) {
        if (i === samples.length - 1) {
          await cancelModelRun(db, projectId, runId);
          release();
        }
        await released;
      }
      return { content: answers.get(instructionOf(req, answers.keys()))! };
    });
    const connection = await connect(db, projectId, user.id, server.url, { maxConcurrent: samples.length });
    const run = await startModelRun(db, projectId, user.id, { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", scope: { kind: "filter", filter: {} } });
    runId = run.id;
    const report = await runModelRunJob(db, run.jobId, { store });
    expect(report).toMatchObject({ done: 0, failed: 0, stoppedBecause: "cancelled" });
    expect(await db.modelRunItem.count({ where: { runId: run.id, status: "pending" } })).toBe(samples.length);
    expect(await db.modelPrediction.count({ where: { projectId } })).toBe(0);
    expect(await db.modelRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ done: 0, failed: 0 });

    runId = "";
    const asked = server.requests.length;
    const job = await resumeModelRun(db, projectId, run.id, user.id);
    const resumed = await runModelRunJob(db, job.id, { store });
    expect(resumed).toMatchObject({ done: samples.length, failed: 0, stoppedBecause: null });
    // A reply that reached the worker was kept and not asked again; one the cancel cut off was.
    expect(resumed.cacheHits + (server.requests.length - asked)).toBe(samples.length);
    expect(await db.modelPrediction.count({ where: { projectId } })).toBe(samples.length);
  });

  it("holds the connection's limit across two workers running two runs at once", async () => {
    const { db, user, projectId, samples } = await groundingProject();
    const answers = centres(samples);
    const server = await serve((req) => ({ content: answers.get(instructionOf(req, answers.keys()))!, delayMs: 20 }));
    const connection = await connect(db, projectId, user.id, server.url, { maxConcurrent: 3 });
    const half = Math.floor(samples.length / 2);
    const first = await startModelRun(db, projectId, user.id, { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", scope: { kind: "ids", ids: samples.slice(0, half).map((s) => s.id) } });
    const second = await startModelRun(db, projectId, user.id, { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", outputName: "other", scope: { kind: "ids", ids: samples.slice(half).map((s) => s.id) } });
    const [a, b] = await Promise.all([runModelRunJob(db, first.jobId, { store, workerId: "worker-a" }), runModelRunJob(db, second.jobId, { store, workerId: "worker-b" })]);
    expect(a.done + b.done).toBe(samples.length);
    expect(server.inFlightPeak).toBeLessThanOrEqual(3);
    expect(await db.modelConnectionSlot.count({ where: { connectionId: connection.id, holder: { not: null } } })).toBe(0);
  });

  it("judges trajectories on their final keyframe with k samples: the majority is the verdict, the share agreeing is kept", async () => {
    const { db } = await freshDatabase(provider);
    const user = await db.user.create({ data: { email: "admin@x.test", name: "Admin" } });
    const projectId = await importProject(db, "judge");
    await importInto(db, projectId, path.join(await generatedFixtures(), "androidlab-run"));
    const trajectories = await db.trajectory.findMany({ where: { projectId }, orderBy: { id: "asc" } });
    const counts = new Map<string, number>();
    const server = await serve((req) => {
      const n = counts.get(req.text) ?? 0;
      counts.set(req.text, n + 1);
      // Two of three samples say success, one failure; a wrong_format reply is not a vote.
      return { content: n === 1 ? 'Thoughts: the list is empty.\nStatus: "failure"' : 'Thoughts: the alarm is set as asked.\nStatus: "success"' };
    });
    const connection = await connect(db, projectId, user.id, server.url);
    await expect(startModelRun(db, projectId, user.id, { connectionId: connection.id, templateId: "ui-venus-1.5-outcome-judge", k: 3, scope: { kind: "filter", filter: {} } })).rejects.toThrow(/temperature/);
    const run = await startModelRun(db, projectId, user.id, { connectionId: connection.id, templateId: "ui-venus-1.5-outcome-judge", k: 3, temperature: 0.7, scope: { kind: "filter", filter: {} } });
    const report = await runModelRunJob(db, run.jobId, { store });
    server.assertClean();
    expect(report).toMatchObject({ done: trajectories.length, requests: trajectories.length * 3 });
    expect(server.requests.every((r) => r.temperature === 0.7 && r.images.length === 1)).toBe(true);
    const verdicts = await db.judgeVerdict.findMany({ where: { projectId, judgeName: run.outputName } });
    expect(verdicts).toHaveLength(trajectories.length);
    expect(verdicts.every((v) => v.kind === "mllm" && v.metric === "trace_success" && v.promptVersion === "ui-venus-1.5-outcome-judge@v1" && v.valueBool === true && v.rationale === "the alarm is set as asked.")).toBe(true);
    const items = await db.modelRunItem.findMany({ where: { runId: run.id } });
    expect(items.every((i) => i.status === "done" && i.outcome === "verdict" && Math.abs(i.agreement! - 2 / 3) < 1e-9)).toBe(true);
  });

  it("scores samples with the quality teacher: a 0-10 verdict with its reasons and a proposed rewrite a reviewer may dismiss", async () => {
    const { db, user, projectId, samples } = await groundingProject();
    let rewrite = "Open the first panel";
    const server = await serve((req) =>
      req.text.includes(samples[0]!.instruction)
        ? { content: JSON.stringify({ score: 5, reasons: "the action is right but the instruction is vague", rewrite }) }
        : req.text.includes(samples[1]!.instruction)
          ? { content: "I would give it a 7." }
          : { content: '{"score": 8, "reasons": "the box is on the named control", "rewrite": null}' },
    );
    const connection = await connect(db, projectId, user.id, server.url);
    const input = { connectionId: connection.id, templateId: "verity-quality-teacher", scope: { kind: "ids", ids: samples.slice(0, 4).map((s) => s.id) } };
    const run = await startModelRun(db, projectId, user.id, input);
    expect(run.outputName).toBe(connection.name);
    const report = await runModelRunJob(db, run.jobId, { store });
    server.assertClean();
    expect(report).toMatchObject({ done: 4, failed: 0, errors: { wrong_format: 1 } });
    // The teacher is told the labelled target on the [0,1000] grid.
    const first = samples[0]!;
    const cx = Math.round(((first.boxX1! + first.boxX2!) / 2 / 800) * 1000);
    expect(server.requests.find((r) => r.text.includes(first.instruction))!.text).toContain(`click(point=[${cx},`);

    const verdicts = await db.judgeVerdict.findMany({ where: { projectId, metric: "quality_score", judgeName: connection.name }, orderBy: { sampleId: "asc" } });
    expect(verdicts).toHaveLength(3); // the unreadable reply writes nothing
    const proposing = verdicts.find((v) => v.sampleId === first.id)!;
    expect(proposing).toMatchObject({ kind: "mllm", promptVersion: "verity-quality-teacher@v1", valueScore: 5, rationale: "the action is right but the instruction is vague", proposedRewrite: "Open the first panel" });
    expect(await db.groundingSample.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ judgeScore: 5, qualityScore: 5, qualityTier: "rewrite", instruction: first.instruction, instructionRewrite: null });
    expect((await db.modelRunItem.findFirstOrThrow({ where: { runId: run.id, sampleId: samples[1]!.id } })).outcome).toBe("wrong_format");

    await dismissRewrite(db, projectId, proposing.id, user.id);
    expect((await verdictsFor(db, projectId, { sampleId: first.id })).find((v) => v.id === proposing.id)!.proposedRewrite).toBeNull();
    // A later run proposing something else asks again; the same proposal again does not.
    rewrite = "Open panel 0 in the toolbar";
    const again = await startModelRun(db, projectId, user.id, { ...input, temperature: 0.2 });
    await runModelRunJob(db, again.jobId, { store });
    const revised = await db.judgeVerdict.findUniqueOrThrow({ where: { id: proposing.id } });
    expect(revised).toMatchObject({ revision: 2, proposedRewrite: "Open panel 0 in the toolbar", rewriteDismissedAt: null });
  });
});
