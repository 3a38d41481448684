// Model runs through API v1 (route handlers called with project tokens) and the CLI (a child
// process), on SQLite and PostgreSQL, against the OpenAI stand-in on loopback: a run asked for
// over the API is frozen, refused with the field named when it cannot be run, read back with its
// exact template and its items; cancel and resume answer 409 when they cannot apply; the CLI
// runs in the foreground, prints its report, and a second identical run sends nothing.
process.env.NEXTAUTH_SECRET ??= "model-runs-api-cli-secret-0123456789abcdef01";
process.env.VERITY_WORKER = "external"; // the routes queue jobs; this test runs them itself
import { spawn } from "node:child_process";
import { mkdtempSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "../databases";
import { generatedFixtures, importInto, importProject, IMPORT_MEDIA_DIR } from "../import-support";
import { startOpenAiStandIn, type OpenAiStandIn } from "@/tests/support/openai-stand-in";
import type { Db } from "@/lib/db";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { createConnection } from "@/lib/models/connections/connections";
import { runModelRunJob } from "@/lib/models/runs/model-run-job";
import { createApiToken } from "@/lib/tokens/tokens";
import * as runsRoute from "@/app/api/v1/projects/[projectId]/model-runs/route";
import * as runRoute from "@/app/api/v1/projects/[projectId]/model-runs/[runId]/route";
import * as itemsRoute from "@/app/api/v1/projects/[projectId]/model-runs/[runId]/items/route";
import * as cancelRoute from "@/app/api/v1/projects/[projectId]/model-runs/[runId]/cancel/route";
import * as resumeRoute from "@/app/api/v1/projects/[projectId]/model-runs/[runId]/resume/route";
import { callRoute as call } from "../route-call";

const MODEL = "ui-venus-1.5-7b";
const store = createLocalMediaStore(IMPORT_MEDIA_DIR);
const global = globalThis as unknown as { verityDb?: Db };
const servers: OpenAiStandIn[] = [];
afterEach(async () => {
  delete global.verityDb;
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function world(provider: (typeof PROVIDERS)[number]) {
  const { db, url } = await freshDatabase(provider);
  const admin = await db.user.create({ data: { email: "admin@x.test", name: "Admin" } });
  const reviewerUser = await db.user.create({ data: { email: "reviewer@x.test", name: "Reviewer" } });
  const projectId = await importProject(db, "runs");
  await db.membership.createMany({ data: [{ projectId, userId: admin.id, role: "admin" }, { projectId, userId: reviewerUser.id, role: "reviewer" }] });
  await importInto(db, projectId, path.join(await generatedFixtures(), "screenspot-pro"));
  const server = await startOpenAiStandIn({ models: [MODEL], reply: () => ({ content: "[500,500]" }) });
  servers.push(server);
  const connection = await createConnection(db, projectId, admin.id, { name: "gpu", baseUrl: server.url, model: MODEL, convention: "rel1000" });
  global.verityDb = db;
  const adminToken = (await createApiToken(db, projectId, admin.id, { name: "a", role: "admin" })).secret;
  const reviewerToken = (await createApiToken(db, projectId, reviewerUser.id, { name: "r", role: "reviewer" })).secret;
  return { db, url, projectId, server, connection, adminToken, reviewerToken };
}

describe.each(PROVIDERS)("model runs over API v1 on %s", (provider) => {
  it("asks for a run, refuses what cannot run with the field named, reads it back with its template and items, and guards cancel and resume", async () => {
    const { db, projectId, server, connection, adminToken, reviewerToken } = await world(provider);
    const base = `/api/v1/projects/${projectId}/model-runs`;
    const params = { projectId };

    const refused = await call(runsRoute.POST, base, params, adminToken, { method: "POST", body: { connectionId: connection.id, templateId: "qwen2.5-vl-computer-use-grounding", scope: { kind: "filter", filter: {} } } });
    expect(refused).toMatchObject({ status: 400, body: { error: { message: expect.stringMatching(/^templateId: .* answers in qwen25-abs, but the connection "gpu" is set to rel1000/) } } });
    const noK = await call(runsRoute.POST, base, params, adminToken, { method: "POST", body: { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", k: 3, scope: { kind: "filter", filter: {} } } });
    expect(noK.status).toBe(400);
    expect(JSON.stringify(noK.body)).toMatch(/temperature/);
    const byReviewer = await call(runsRoute.POST, base, params, reviewerToken, { method: "POST", body: { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", scope: { kind: "filter", filter: {} } } });
    expect(byReviewer.status).toBe(403);

    const started = await call(runsRoute.POST, base, params, adminToken, { method: "POST", body: { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", scope: { kind: "filter", filter: { app: "excel" } } } });
    expect(started.status).toBe(202);
    const run = started.body.run;
    expect(run).toMatchObject({ task: "grounding", connection: { name: "gpu", model: MODEL }, template: { id: "ui-venus-1.5-grounding", version: 1 }, progress: { status: "queued", pending: run.total } });
    expect(run.total).toBe(await db.groundingSample.count({ where: { projectId, app: "excel" } }));
    expect(JSON.stringify(started.body)).not.toMatch(/apiKey/);

    const resumeEarly = await call(resumeRoute.POST, `${base}/${run.id}/resume`, { projectId, runId: run.id }, adminToken, { method: "POST" });
    expect(resumeEarly.status).toBe(409);
    await runModelRunJob(db, run.jobId, { store });
    server.assertClean();

    const read = await call(runRoute.GET, `${base}/${run.id}`, { projectId, runId: run.id }, reviewerToken);
    expect(read.body.run).toMatchObject({ progress: { status: "succeeded", done: run.total, requests: run.total }, template: { text: { id: "ui-venus-1.5-grounding", parser: "point_venus" } } });
    const items = await call(itemsRoute.GET, `${base}/${run.id}/items?status=done`, { projectId, runId: run.id }, reviewerToken);
    expect(items.body).toMatchObject({ matching: run.total, byStatus: { done: run.total, pending: 0, failed: 0 } });
    expect(items.body.items[0]).toMatchObject({ status: "done", outcome: "point", replies: [{ text: "[500,500]" }] });
    const list = await call(runsRoute.GET, base, params, reviewerToken);
    expect(list.body.runs.map((r: { id: string }) => r.id)).toEqual([run.id]);

    const cancelEnded = await call(cancelRoute.POST, `${base}/${run.id}/cancel`, { projectId, runId: run.id }, adminToken, { method: "POST" });
    expect(cancelEnded.status).toBe(409);
    const nothingLeft = await call(resumeRoute.POST, `${base}/${run.id}/resume`, { projectId, runId: run.id }, adminToken, { method: "POST" });
    expect(nothingLeft).toMatchObject({ status: 409, body: { error: { message: "the run has no pending or failed items left" } } });
    const audit = await db.auditLog.findMany({ where: { projectId, action: { startsWith: "model_run." } } });
    expect(audit.map((a) => a.action)).toEqual(["model_run.start"]);
  });
});

// The CLI is the same library code on either database (the API tests above run on both); one
// provider keeps the child processes, each a second of start-up, to what the shell adds.
describe.each(["sqlite"] as const)("the model run CLI on %s", (provider) => {
  it("runs in the foreground with a list filter, prints its report, and an identical run sends nothing", async () => {
    const { db, url, projectId, server } = await world(provider);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "verity-model-run-cli-"));
    // The CLI reads screenshots from its data dir's media: where this test's imports put them.
    symlinkSync(IMPORT_MEDIA_DIR, path.join(dataDir, "media"));
    const verity = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        const child = spawn("node", ["--conditions=react-server", "--import", "tsx", "bin/verity.ts", ...args], {
          env: { ...process.env, DATABASE_URL: url, VERITY_DATA_DIR: dataDir, CHECKPOINT_DISABLE: "1" },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, stdout, stderr }));
      });
    const args = ["model", "run", "--project", "runs", "--connection", "gpu", "--template", "ui-venus-1.5-grounding", "--filter", "app=excel", "--json"];
    const bad = await verity([...args.slice(0, -1), "--k", "4"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--temperature must be above 0 for k > 1/);

    const first = await verity(args);
    const excel = await db.groundingSample.count({ where: { projectId, app: "excel" } });
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout.trim())).toMatchObject({ total: excel, done: excel, failed: 0, requests: excel, cacheHits: 0, stoppedBecause: null });
    const second = await verity(args);
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout.trim())).toMatchObject({ done: excel, requests: 0, cacheHits: excel });
    expect(server.requests).toHaveLength(excel);
  });
});
