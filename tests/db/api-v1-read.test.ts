// The v1 API's read and export routes, called as route handlers against real SQLite and
// PostgreSQL databases: verified items with their final answers in keyset pages, pools, and
// exports started and polled; another project's token answers 404, a revoked one 401, a
// lower role 403.
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { exportWorld, makePool, type ExportWorld } from "./export-support";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import { PoolListSchema, SamplePageSchema, TrajectoryPageSchema } from "@/lib/api/v1-schemas";
import type { Db } from "@/lib/db";
import type { WorkerLoop } from "@/lib/jobs/worker-loop";
import { ingestImage } from "@/lib/media/ingest";
import { ensureDerivationCurrent, runRederiveJob } from "@/lib/derived/rederive-job";
import { claimJob } from "@/lib/jobs/jobs";
import type { MediaStore } from "@/lib/media/store";
import { createApiToken, revokeApiToken } from "@/lib/tokens/tokens";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import sharp from "sharp";
import * as samplesRoute from "@/app/api/v1/projects/[projectId]/samples/route";
import * as trajectoriesRoute from "@/app/api/v1/projects/[projectId]/trajectories/route";
import * as poolsRoute from "@/app/api/v1/projects/[projectId]/pools/route";
import * as exportsRoute from "@/app/api/v1/projects/[projectId]/pools/[poolId]/exports/route";
import * as jobsRoute from "@/app/api/v1/projects/[projectId]/jobs/[jobId]/route";

// The handlers use the app's one client (lib/db/index.ts keeps it on globalThis): point it at the
// test database. The export route wakes the in-process worker, which polls the client it was
// started with: it is stopped with its test's database. Exports copy screenshots from the
// app's media store (lib/media/media-store.ts, also on globalThis): the world's store.
const global = globalThis as unknown as { verityDb?: Db; verityInProcessWorker?: WorkerLoop; verityMediaStore?: MediaStore };
afterEach(async () => {
  await global.verityInProcessWorker?.stop();
  delete global.verityInProcessWorker;
  delete global.verityDb;
  delete global.verityMediaStore;
});

type Handler<P> = (request: NextRequest, context: { params: Promise<P> }) => Promise<Response>;

async function call<P>(handler: Handler<P>, url: string, params: P, token: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (token) headers.set("authorization", `Bearer ${token}`);
  const response = await handler(new NextRequest(new URL(url, "http://verity.test"), { ...init, headers } as ConstructorParameters<typeof NextRequest>[1]), { params: Promise.resolve(params) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function setup(provider: (typeof PROVIDERS)[number]) {
  const world = await exportWorld((await freshDatabase(provider)).db);
  global.verityDb = world.db;
  global.verityMediaStore = world.store;
  const token = async (role: "annotator" | "reviewer" | "admin", projectId = world.projectId) => (await createApiToken(world.db, projectId, world.admin.user.id, { name: `t-${role}-${Math.random()}`, role })).secret;
  return { world, token };
}

async function verifiedSamples(world: ExportWorld, n: number) {
  const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#113355" } }).png().toBuffer();
  const media = await ingestImage(world.db, world.store, world.projectId, png);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const s = await world.db.groundingSample.create({ data: { projectId: world.projectId, mediaId: media.id, instruction: `Tap ${i}`, sourceDataset: "api", sourceId: `s${i}`, contentHash: `h${i}` } });
    const absent = i === 0;
    await saveGroundingAnnotation(world.db, world.reviewer, { sampleId: s.id, baseVersion: null, status: "submitted", payload: { targetAbsent: absent, box: absent ? null : [40, 20, 80, 60], instructionRewrite: null, qualityScore: null, note: null } });
    ids.push(s.id);
  }
  // One sample is only in review: never served.
  await world.db.groundingSample.create({ data: { projectId: world.projectId, mediaId: media.id, instruction: "pending", sourceDataset: "api", sourceId: "pending", contentHash: "p" } });
  return ids;
}

describe.each(PROVIDERS)("the v1 API on %s", (provider) => {
  it("serves verified samples with their final answers in keyset pages, and nothing unverified", async () => {
    const { world, token } = await setup(provider);
    const ids = await verifiedSamples(world, 5);
    const reviewer = await token("reviewer");
    const url = (q: string) => `/api/v1/projects/${world.projectId}/samples${q}`;

    const seen: string[] = [];
    let after = "";
    for (let page = 0; page < 5; page++) {
      const res = await call(samplesRoute.GET, url(`?limit=2${after}`), { projectId: world.projectId }, reviewer);
      expect(res.status).toBe(200);
      const body = SamplePageSchema.parse(res.body);
      seen.push(...body.items.map((i) => i.id));
      if (!body.nextCursor) break;
      after = `&after=${body.nextCursor}`;
    }
    expect(seen).toEqual(ids);
    const [refusal, positive] = SamplePageSchema.parse((await call(samplesRoute.GET, url("?limit=2"), { projectId: world.projectId }, reviewer)).body).items;
    expect(refusal!.answer).toMatchObject({ source: "review", revision: 1, targetAbsent: true, box: null, grid: [-1, -1] });
    expect(positive!.answer).toMatchObject({ box: [40, 20, 80, 60], grid: [100, 100, 200, 300] });
    expect(positive!.image).toMatchObject({ width: 400, height: 200 });

    expect((await call(samplesRoute.GET, url("?limit=5000"), { projectId: world.projectId }, reviewer)).status).toBe(400);
    expect((await call(samplesRoute.GET, url("?after=not-a-cursor"), { projectId: world.projectId }, reviewer)).body).toMatchObject({ error: { code: "invalid_input" } });
  });

  it("refuses another project's token (404), a revoked one (401), a lower role (403) and no token (401)", async () => {
    const { world, token } = await setup(provider);
    await verifiedSamples(world, 1);
    const other = await world.db.project.create({ data: { slug: "other", name: "Other", settings: {} } });
    // A token acts only while its creator is a member of its project with its role.
    await world.db.membership.create({ data: { projectId: other.id, userId: world.admin.user.id, role: "admin" } });
    const foreign = await token("admin", other.id);
    const params = { projectId: world.projectId };
    const samples = `/api/v1/projects/${world.projectId}/samples`;
    expect((await call(samplesRoute.GET, samples, params, foreign)).status).toBe(404);
    expect((await call(poolsRoute.GET, `/api/v1/projects/${world.projectId}/pools`, params, foreign)).status).toBe(404);
    expect((await call(samplesRoute.GET, samples, params, await token("annotator"))).status).toBe(403);
    expect((await call(samplesRoute.GET, samples, params, null)).status).toBe(401);

    const { secret, token: row } = await createApiToken(world.db, world.projectId, world.admin.user.id, { name: "soon revoked", role: "admin" });
    expect((await call(samplesRoute.GET, samples, params, secret)).status).toBe(200);
    await revokeApiToken(world.db, world.projectId, row.id);
    expect((await call(samplesRoute.GET, samples, params, secret)).status).toBe(401);

    // A pool of this project through the other project's URL: not found either way.
    const pool = await makePool(world, { name: "mine", kind: "grounding", profile: "ms-swift", imageMode: "copy" });
    const otherAdmin = await token("admin", other.id);
    const started = await call(exportsRoute.POST, `/api/v1/projects/${other.id}/pools/${pool.id}/exports`, { projectId: other.id, poolId: pool.id }, otherAdmin, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(started.status).toBe(404);
    expect(await world.db.job.count({ where: { kind: "export" } })).toBe(0);
  });

  it("lists pools, starts an export (refusing a second one), and reports the job until its snapshot is written", async () => {
    const { world, token } = await setup(provider);
    await verifiedSamples(world, 3);
    const pool = await makePool(world, { name: "api-pool", kind: "grounding", profile: "ms-swift", imageMode: "copy" });
    // The in-process worker checks the derived values when it starts (and would queue a
    // recomputation, which refuses exports, for items never derived): bring them up to date first.
    await ensureDerivationCurrent(world.db);
    for (const job of await world.db.job.findMany({ where: { kind: "rederive", status: "queued" } })) {
      if (await claimJob(world.db, job.id)) await runRederiveJob(world.db, job.id);
    }
    const admin = await token("admin");
    const reviewer = await token("reviewer");
    const params = { projectId: world.projectId, poolId: pool.id };
    const exportsUrl = `/api/v1/projects/${world.projectId}/pools/${pool.id}/exports`;

    expect((await call(exportsRoute.POST, exportsUrl, params, reviewer, { method: "POST", body: "{}" })).status).toBe(403);
    const bad = await call(exportsRoute.POST, exportsUrl, params, admin, { method: "POST", body: JSON.stringify({ mode: "sometimes" }), headers: { "content-type": "application/json" } });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: "invalid_input" } } });

    const started = await call(exportsRoute.POST, exportsUrl, params, admin, { method: "POST", body: JSON.stringify({ mode: "full" }), headers: { "content-type": "application/json" } });
    expect(started.status).toBe(202);
    const jobId = started.body.jobId as string;
    const again = await call(exportsRoute.POST, exportsUrl, params, admin, { method: "POST" });
    expect([202, 409]).toContain(again.status); // 202 only if the first one already ended

    const jobParams = { projectId: world.projectId, jobId };
    let job: Record<string, unknown> = {};
    for (let i = 0; i < 100 && !["succeeded", "failed"].includes(job.status as string); i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await call(jobsRoute.GET, `/api/v1/projects/${world.projectId}/jobs/${jobId}`, jobParams, admin)).body.job as Record<string, unknown>;
    }
    expect(job, JSON.stringify(job.error)).toMatchObject({ kind: "export", status: "succeeded", report: { rows: 3 } });
    // Let a second export the 202 above may have started end before the database closes.
    for (let i = 0; i < 100 && (await world.db.job.count({ where: { kind: "export", status: { in: ["queued", "running"] } } })) > 0; i++) await new Promise((r) => setTimeout(r, 100));

    const pools = PoolListSchema.parse((await call(poolsRoute.GET, `/api/v1/projects/${world.projectId}/pools`, { projectId: world.projectId }, reviewer)).body);
    expect(pools.pools[0]).toMatchObject({ name: "api-pool", profile: "ms-swift", verifiedSinceLast: 0 });
    expect(pools.pools[0]!.snapshots[0]).toMatchObject({ id: (job.report as { snapshotId: string }).snapshotId, rowCount: 3 });
  });

  it("serves verified trajectories with their steps and final answers", async () => {
    const { world, token } = await setup(provider);
    const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: "#000" } }).png().toBuffer();
    const media = await ingestImage(world.db, world.store, world.projectId, png);
    const t = await world.db.trajectory.create({
      data: { projectId: world.projectId, goal: "Open settings", sourceDataset: "api", sourceId: "t1", contentHash: "t1", stepCount: 1, steps: { create: [{ index: 0, mediaId: media.id, action: { type: "click", x: 5, y: 6 } }] } },
    });
    await world.db.trajectory.create({ data: { projectId: world.projectId, goal: "Not verified", sourceDataset: "api", sourceId: "t2", contentHash: "t2" } });
    const saved = await saveTrajectoryAnnotation(world.db, world.reviewer, { trajectoryId: t.id, baseVersion: null, status: "submitted", payload: { traceVerdict: "success", firstWrongStep: null, steps: [{ stepIndex: 0, label: "correct" }], note: null } });
    const res = await call(trajectoriesRoute.GET, `/api/v1/projects/${world.projectId}/trajectories`, { projectId: world.projectId }, await token("reviewer"));
    const page = TrajectoryPageSchema.parse(res.body);
    expect(page.items).toHaveLength(1);
    const pinned = await world.db.trajectory.findUniqueOrThrow({ where: { id: t.id } });
    expect(page.items[0]).toMatchObject({
      id: t.id,
      answer: { revisionId: pinned.finalAnswerId, fromAnnotationId: saved.id, source: "review", traceVerdict: "success" },
      derived: { autoOutcome: null, flags: [], stepsCorrect: 1, stepsIncorrect: 0, reward: 1, advantage: 1 / (1 + 1e-6), groupSize: 1 },
      steps: [{ index: 0, action: { type: "click", x: 5, y: 6 }, image: { width: 100 } }],
    });
    expect(page.nextCursor).toBeNull();
  });
});
