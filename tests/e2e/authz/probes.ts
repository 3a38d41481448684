// How to call each route and action so that the RIGHT caller succeeds. The matrix sends the
// very same request as every other caller and expects a refusal. A route or action without a
// probe fails the matrix: adding one is how a new endpoint joins it.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { readSeed } from "../seed-file";
import { AUTHZ_SEED_FILE, type AuthzSeed } from "../authz-seed-file";
import { callAction, callRoute, cookieOf, formData, type Caller } from "./client";
import { openDb } from "./read-db";
import { readPoolsSeed } from "../seed-pools-file";
import { planAdditional } from "@/lib/domain/estimates/sample-plan";

export function authzSeed(): AuthzSeed {
  return JSON.parse(readFileSync(path.join(process.env.VERITY_DATA_DIR!, AUTHZ_SEED_FILE), "utf8")) as AuthzSeed;
}

const unique = () => randomBytes(4).toString("hex");
const once = <T>(make: () => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
};

// ---------------------------------------------------------------- shared set-ups (as admin)

// An upload with a records file and a screenshot. Each probe that needs one has its own: the
// import probe's job deletes its upload when it ends.
async function uploadWithFiles(): Promise<string> {
  const s = authzSeed();
  const created = await callRoute("admin", "POST", `/api/projects/${s.demoProjectId}/imports/staging`);
  const { stagingId } = JSON.parse(created.text) as { stagingId: string };
  const line = JSON.stringify({ type: "sample", id: `matrix-${unique()}`, dataset: "authz", image: null, image_size: [100, 50], instruction: "Press OK", box: [10, 10, 40, 30] });
  await callRoute("admin", "PUT", `/api/projects/${s.demoProjectId}/imports/staging/${stagingId}?path=records.jsonl`, { body: `${line}\n` });
  const png = await fetchMediaBytes();
  await callRoute("admin", "PUT", `/api/projects/${s.demoProjectId}/imports/staging/${stagingId}?path=shot.png`, { body: new Uint8Array(png) });
  return stagingId;
}
const stagingWithFiles = once(uploadWithFiles);
const stagingToAddTo = once(uploadWithFiles);
// Previewed, so that its screenshots can be served.
const previewedStaging = once(async () => {
  const stagingId = await uploadWithFiles();
  await callRoute("admin", "POST", `/api/projects/${authzSeed().demoProjectId}/imports/preview`, {
    body: JSON.stringify({ source: { kind: "staging", stagingId } }),
    headers: { "content-type": "application/json" },
  });
  return stagingId;
});

async function fetchMediaBytes(): Promise<Buffer> {
  const response = await fetch(`http://127.0.0.1:${process.env.VERITY_E2E_PORT}/api/media/${readSeed().demoMediaId}`, {
    headers: { cookie: cookieOf("admin") },
  });
  return Buffer.from(await response.arrayBuffer());
}

type TokenRole = "annotator" | "admin";
const tokens = new Map<string, Promise<string>>();
// A project API token, made through the real admin action (its secret is shown once).
export function apiToken(owner: "admin" | "outsider", role: TokenRole, revoked = false): Promise<string> {
  const key = `${owner}:${role}:${revoked}`;
  if (!tokens.has(key)) {
    tokens.set(
      key,
      (async () => {
        const s = authzSeed();
        const projectId = owner === "admin" ? s.demoProjectId : s.otherProjectId;
        const name = `matrix-${unique()}`;
        const made = await callAction(owner, "lib/actions/tokens.ts", "createTokenAction", [null, formData({ projectId, name, role })]);
        const secret = made.result?.secret as string;
        if (!secret) throw new Error(`could not create a token: ${made.raw.slice(0, 300)}`);
        if (revoked) {
          const tokenId = await tokenIdByName(owner, projectId, name);
          await callAction(owner, "lib/actions/tokens.ts", "revokeTokenAction", [null, formData({ projectId, tokenId })]);
        }
        return secret;
      })(),
    );
  }
  return tokens.get(key)!;
}

async function tokenIdByName(caller: Caller, projectId: string, name: string): Promise<string> {
  const row = openDb().prepare(`SELECT "id" FROM "ApiToken" WHERE "projectId" = ? AND "name" = ?`).get(projectId, name) as { id: string } | undefined;
  if (!row) throw new Error(`token ${name} not found for ${caller}`);
  return row.id;
}

const demoJobViaApi = once(async () => {
  const s = authzSeed();
  const line = JSON.stringify({ type: "sample", id: `matrix-api-${unique()}`, dataset: "authz", image: null, image_size: [100, 50], instruction: "Press OK", box: [10, 10, 40, 30] });
  const response = await fetch(`http://127.0.0.1:${process.env.VERITY_E2E_PORT}/api/v1/projects/${s.demoProjectId}/imports`, {
    method: "POST",
    headers: { authorization: `Bearer ${await apiToken("admin", "admin")}`, "content-type": "application/x-ndjson" },
    body: line,
  });
  return ((await response.json()) as { jobId: string }).jobId;
});

// A fresh override in force on the matrix's verdict (made through the API as an admin), for a
// probe that withdraws one: each probe withdraws its own.
async function freshOverride(): Promise<string> {
  const s = authzSeed();
  const response = await fetch(`http://127.0.0.1:${process.env.VERITY_E2E_PORT}/api/v1/projects/${s.demoProjectId}/verdicts/${s.verdictId}/overrides`, {
    method: "POST",
    headers: { authorization: `Bearer ${await apiToken("admin", "admin")}`, "content-type": "application/json" },
    body: JSON.stringify({ value: 4, reason: "authorization matrix (to withdraw)" }),
  });
  const made = (await response.json()) as { override?: { id: string } };
  if (!made.override) throw new Error(`could not create an override: ${JSON.stringify(made).slice(0, 300)}`);
  return made.override.id;
}

// A model connection made through the API as an admin, pointing at port 9 on loopback (discard,
// which fetch refuses to call): its test is ok: false (unreachable), still a 200 for the right token.
const apiModelConnectionBody = (name: string) => ({ name, baseUrl: "http://127.0.0.1:9/v1", model: "matrix-model", convention: "rel1000", timeoutSeconds: 5 });
async function apiModelConnection(): Promise<{ id: string; name: string }> {
  const name = `matrix-api-${unique()}`;
  const response = await fetch(`http://127.0.0.1:${process.env.VERITY_E2E_PORT}/api/v1/projects/${authzSeed().demoProjectId}/model-connections`, {
    method: "POST",
    headers: { authorization: `Bearer ${await apiToken("admin", "admin")}`, "content-type": "application/json" },
    body: JSON.stringify(apiModelConnectionBody(name)),
  });
  const made = (await response.json()) as { connection?: { id: string } };
  if (!made.connection) throw new Error(`could not create a model connection: ${JSON.stringify(made).slice(0, 300)}`);
  return { id: made.connection.id, name };
}
const sharedApiModelConnection = once(apiModelConnection);

// The annotator's claim on a queue (Start is a same-origin POST answered with a redirect).
async function claimAsAnnotator(queueId: string): Promise<{ claimId: string; sampleId: string }> {
  const started = await callRoute("annotator", "POST", `/api/projects/${authzSeed().demoProjectId}/queues/${queueId}/next`);
  const location = new URL(started.location ?? "", "http://x");
  const claimId = location.searchParams.get("claim");
  if (!claimId) throw new Error(`no claim from queue ${queueId}: ${started.status} ${started.location}`);
  return { claimId, sampleId: location.pathname.split("/").pop()! };
}

// The annotator's claim on the matrix queue, with a submitted answer on its sample (saved as
// the review screen saves it, through the answer route).
const annotatorClaim = once(async () => {
  const s = authzSeed();
  const { claimId, sampleId } = await claimAsAnnotator(s.queueId);
  const saved = await callRoute("annotator", "POST", `/api/projects/${s.demoProjectId}/samples/${sampleId}/answer`, {
    ...json({ baseVersion: null, status: "submitted", payload: { targetAbsent: false, box: [2, 2, 12, 12], instructionRewrite: null, qualityScore: null, note: null } }),
  });
  if (saved.status !== 200) throw new Error(`the annotator's answer on ${sampleId} was not saved: ${saved.status} ${saved.text}`);
  return claimId;
});

// Model runs, on a connection of their own at the discard port (nothing answers there): a run
// over the demo's one sample without a screenshot ends at once (its item fails as no_input, no
// request is sent); one over a sample with a screenshot retries its request for several seconds
// before the item fails as unreachable, long enough to be cancelled.
const runsConnection = once(apiModelConnection);
const NO_SCREENSHOT = "source=verity-demo&imageMissing=yes";
const ONE_SCREENSHOT = "source=authz&q=Matrix+sample+5";
async function modelRunFields(filter: string): Promise<Record<string, string>> {
  return { projectId: authzSeed().demoProjectId, connectionId: (await runsConnection()).id, templateId: "ui-venus-1.5-grounding", items: "samples", filter };
}
/** A model run started through the real admin action (the launch form's); its id. */
async function startedModelRun(filter: string): Promise<string> {
  const made = await callAction("admin", "lib/actions/model-runs.ts", "startModelRunAction", [null, formData(await modelRunFields(filter))]);
  const runId = made.result?.runId;
  if (typeof runId !== "string") throw new Error(`could not start a model run: ${made.raw.slice(0, 300)}`);
  return runId;
}
/** A run that is neither queued nor running: started, then cancelled (unless it had already ended). */
async function stoppedModelRun(): Promise<string> {
  const runId = await startedModelRun(NO_SCREENSHOT);
  await callAction("admin", "lib/actions/model-runs.ts", "cancelModelRunAction", [null, formData({ projectId: authzSeed().demoProjectId, runId })]);
  return runId;
}
const watchedModelRun = once(() => startedModelRun(NO_SCREENSHOT));

// ---------------------------------------------------------------- routes

export type RouteRequest = { url: string; body?: BodyInit; headers?: Record<string, string> };
export type RouteProbe = { request: () => Promise<RouteRequest> };

const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { "content-type": "application/json" } });

export const ROUTE_PROBES: Record<string, RouteProbe> = {
  "GET /api/media/[id]": { request: async () => ({ url: `/api/media/${readSeed().demoMediaId}` }) },
  "POST /api/projects/[projectId]/imports/preview": {
    request: async () => ({ url: `/api/projects/${authzSeed().demoProjectId}/imports/preview`, ...json({ source: { kind: "staging", stagingId: await stagingWithFiles() } }) }),
  },
  "POST /api/projects/[projectId]/imports": {
    request: async () => ({ url: `/api/projects/${authzSeed().demoProjectId}/imports`, ...json({ source: { kind: "staging", stagingId: await stagingWithFiles() } }) }),
  },
  "POST /api/projects/[projectId]/imports/staging": { request: async () => ({ url: `/api/projects/${authzSeed().demoProjectId}/imports/staging` }) },
  "PUT /api/projects/[projectId]/imports/staging/[stagingId]": {
    request: async () => ({ url: `/api/projects/${authzSeed().demoProjectId}/imports/staging/${await stagingToAddTo()}?path=extra-${unique()}.jsonl`, body: "{}\n" }),
  },
  "GET /api/projects/[projectId]/imports/staging/[stagingId]/file": {
    request: async () => ({ url: `/api/projects/${authzSeed().demoProjectId}/imports/staging/${await previewedStaging()}/file?path=shot.png` }),
  },
  "GET /api/projects/[projectId]/jobs/[jobId]": { request: async () => ({ url: `/api/projects/${authzSeed().runsProjectId}/jobs/${authzSeed().jobId}` }) },
  "GET /api/projects/[projectId]/model-runs/[runId]": { request: async () => ({ url: `/api/projects/${authzSeed().demoProjectId}/model-runs/${await watchedModelRun()}` }) },
  "GET /api/projects/[projectId]/queues/[queueId]/next": { request: async () => ({ url: `/api/projects/${authzSeed().demoProjectId}/queues/${authzSeed().queueId}/next` }) },
  "POST /api/projects/[projectId]/samples/[sampleId]/answer": {
    request: async () => ({
      url: `/api/projects/${authzSeed().demoProjectId}/samples/${authzSeed().sampleIds[0]}/answer`,
      ...json({ baseVersion: annotatorVersion("sampleId", authzSeed().sampleIds[0]!), status: "draft", payload: { targetAbsent: false, box: [1, 1, 10, 10], instructionRewrite: null, qualityScore: null, note: null } }),
    }),
  },
  "POST /api/projects/[projectId]/trajectories/[trajectoryId]/answer": {
    request: async () => ({
      url: `/api/projects/${authzSeed().demoProjectId}/trajectories/${authzSeed().trajectoryIds[0]}/answer`,
      ...json({ baseVersion: annotatorVersion("trajectoryId", authzSeed().trajectoryIds[0]!), status: "draft", payload: { traceVerdict: null, firstWrongStep: null, steps: [], note: null } }),
    }),
  },
  "POST /api/projects/[projectId]/claims/[claimId]/submit": { request: async () => ({ url: `/api/projects/${authzSeed().demoProjectId}/claims/${await annotatorClaim()}/submit`, ...json({}) }) },
  "POST /api/projects/[projectId]/queues/[queueId]/next": { request: async () => ({ url: `/api/projects/${authzSeed().demoProjectId}/queues/${authzSeed().queueId}/next` }) },
  "GET /api/projects/[projectId]/runs/[runId]/export": { request: async () => ({ url: `/api/projects/${authzSeed().runsProjectId}/runs/${authzSeed().runId}/export?format=json` }) },
  "GET /api/projects/[projectId]/runs/[runId]/benchmark": { request: async () => ({ url: `/api/projects/${authzSeed().runsProjectId}/runs/${authzSeed().runId}/benchmark?file=total.jsonl` }) },
  "GET /api/projects/[projectId]/runs/[runId]/compare/[otherRunId]": {
    request: async () => ({ url: `/api/projects/${authzSeed().demoProjectId}/runs/${authzSeed().sampleRuns.compareA}/compare/${authzSeed().sampleRuns.compareB}?format=json` }),
  },
  "GET /api/projects/[projectId]/samples/[sampleId]/screen": { request: async () => ({ url: `/api/projects/${authzSeed().demoProjectId}/samples/${authzSeed().sampleIds[0]}/screen` }) },
  "GET /api/projects/[projectId]/trajectories/[trajectoryId]/screen": { request: async () => ({ url: `/api/projects/${authzSeed().demoProjectId}/trajectories/${authzSeed().trajectoryIds[0]}/screen` }) },
  "GET /api/projects/[projectId]/steps/[stepId]/tree": { request: async () => ({ url: `/api/projects/${authzSeed().runsProjectId}/steps/${authzSeed().treeStepId}/tree` }) },
  "POST /api/v1/projects/[projectId]/imports": {
    request: async () => ({
      url: `/api/v1/projects/${authzSeed().demoProjectId}/imports`,
      body: JSON.stringify({ type: "sample", id: `matrix-v1-${unique()}`, dataset: "authz", image: null, image_size: [100, 50], instruction: "Press OK", box: [1, 1, 9, 9] }),
      headers: { "content-type": "application/x-ndjson" },
    }),
  },
  "GET /api/v1/projects/[projectId]/jobs/[jobId]": { request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/jobs/${await demoJobViaApi()}` }) },
  "GET /api/projects/[projectId]/pools/[poolId]/snapshots/[snapshotId]/manifest": {
    request: async () => ({ url: `/api/projects/${readPoolsSeed().projectId}/pools/${readPoolsSeed().exportedPoolId}/snapshots/${readPoolsSeed().snapshotId}/manifest` }),
  },
  "GET /api/projects/[projectId]/pools/[poolId]/snapshots/[snapshotId]/files": {
    request: async () => ({ url: `/api/projects/${readPoolsSeed().projectId}/pools/${readPoolsSeed().exportedPoolId}/snapshots/${readPoolsSeed().snapshotId}/files?name=${readPoolsSeed().snapshotFile}` }),
  },
  "GET /api/v1/projects/[projectId]/samples": { request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/samples?limit=5` }) },
  "GET /api/v1/projects/[projectId]/trajectories": { request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/trajectories?limit=5` }) },
  "GET /api/v1/projects/[projectId]/pools": { request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/pools` }) },
  "POST /api/v1/projects/[projectId]/pools/[poolId]/exports": {
    request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/pools/${readPoolsSeed().demoPoolId}/exports`, ...json({ mode: "full" }) }),
  },
  "GET /api/v1/projects/[projectId]/samples/[sampleId]/annotations": {
    request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/samples/${authzSeed().sampleIds[2]}/annotations` }),
  },
  "POST /api/v1/projects/[projectId]/samples/[sampleId]/annotations": {
    // A draft on top of whatever the token's creator saved before: never a conflict.
    request: async () => {
      const s = authzSeed();
      return { url: `/api/v1/projects/${s.demoProjectId}/samples/${s.sampleIds[2]}/annotations`, ...json({ status: "draft", baseVersion: userVersion("admin", "sampleId", s.sampleIds[2]!), payload: { targetAbsent: false, box: [4, 4, 14, 14], instructionRewrite: null, qualityScore: null, note: null } }) };
    },
  },
  "GET /api/v1/projects/[projectId]/trajectories/[trajectoryId]/annotations": {
    request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/trajectories/${authzSeed().trajectoryIds[2]}/annotations` }),
  },
  "POST /api/v1/projects/[projectId]/trajectories/[trajectoryId]/annotations": {
    request: async () => {
      const s = authzSeed();
      return { url: `/api/v1/projects/${s.demoProjectId}/trajectories/${s.trajectoryIds[2]}/annotations`, ...json({ status: "draft", baseVersion: userVersion("admin", "trajectoryId", s.trajectoryIds[2]!), payload: { traceVerdict: null, firstWrongStep: null, steps: [], note: null } }) };
    },
  },
  "GET /api/v1/projects/[projectId]/judges": { request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/judges` }) },
  "GET /api/v1/projects/[projectId]/verdicts/[verdictId]": { request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/verdicts/${authzSeed().verdictId}` }) },
  "POST /api/v1/projects/[projectId]/verdicts/[verdictId]/overrides/[overrideId]/review": {
    request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/verdicts/${authzSeed().verdictId}/overrides/${await freshOverride()}/review`, ...json({ decision: "withdraw", reason: "authorization matrix" }) }),
  },
  "POST /api/v1/projects/[projectId]/verdicts/[verdictId]/overrides": {
    request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/verdicts/${authzSeed().verdictId}/overrides`, ...json({ value: 5, reason: "authorization matrix" }) }),
  },
  "GET /api/v1/projects/[projectId]/model-connections": { request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/model-connections` }) },
  "POST /api/v1/projects/[projectId]/model-connections": {
    request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/model-connections`, ...json(apiModelConnectionBody(`matrix-api-${unique()}`)) }),
  },
  "GET /api/v1/projects/[projectId]/model-connections/[connectionId]": {
    request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/model-connections/${(await sharedApiModelConnection()).id}` }),
  },
  "PATCH /api/v1/projects/[projectId]/model-connections/[connectionId]": {
    request: async () => {
      const { id, name } = await sharedApiModelConnection();
      return { url: `/api/v1/projects/${authzSeed().demoProjectId}/model-connections/${id}`, ...json({ ...apiModelConnectionBody(name), maxConcurrent: 2 }) };
    },
  },
  "DELETE /api/v1/projects/[projectId]/model-connections/[connectionId]": {
    request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/model-connections/${(await apiModelConnection()).id}` }),
  },
  "GET /api/v1/projects/[projectId]/model-runs": { request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/model-runs` }) },
  "POST /api/v1/projects/[projectId]/model-runs": {
    request: async () => ({
      url: `/api/v1/projects/${authzSeed().demoProjectId}/model-runs`,
      ...json({ connectionId: (await runsConnection()).id, templateId: "ui-venus-1.5-grounding", scope: { kind: "filter", filter: Object.fromEntries(new URLSearchParams(NO_SCREENSHOT)) } }),
    }),
  },
  "GET /api/v1/projects/[projectId]/model-runs/[runId]": { request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/model-runs/${await watchedModelRun()}` }) },
  "GET /api/v1/projects/[projectId]/model-runs/[runId]/items": { request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/model-runs/${await watchedModelRun()}/items?status=failed` }) },
  "POST /api/v1/projects/[projectId]/model-runs/[runId]/cancel": { request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/model-runs/${await startedModelRun(ONE_SCREENSHOT)}/cancel` }) },
  "POST /api/v1/projects/[projectId]/model-runs/[runId]/resume": { request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/model-runs/${await stoppedModelRun()}/resume` }) },
  "POST /api/v1/projects/[projectId]/model-connections/[connectionId]/test": {
    request: async () => ({ url: `/api/v1/projects/${authzSeed().demoProjectId}/model-connections/${(await sharedApiModelConnection()).id}/test` }),
  },
};

// ---------------------------------------------------------------- actions

export type ActionProbe = { args: () => Promise<unknown[]>; succeeded?: (result: Record<string, unknown>) => boolean };

const form = (fields: Record<string, string | string[]>) => [null, formData(fields)];

// The version someone's own answer is at, so a re-run of the matrix saves on top of it.
export function userVersion(who: "annotator" | "reviewer" | "admin", item: "sampleId" | "trajectoryId", id: string): number | null {
  const row = openDb()
    .prepare(`SELECT a."version" FROM "Annotation" a JOIN "User" u ON u."id" = a."annotatorId" WHERE a."${item}" = ? AND u."email" = ? AND a."kind" = 'label'`)
    .get(id, readSeed().users[who]!.email) as { version: number } | undefined;
  return row?.version ?? null;
}
const annotatorVersion = (item: "sampleId" | "trajectoryId", id: string) => userVersion("annotator", item, id);

// Model connections point at the discard port: nothing listens there, so a test of one ends at
// once as "unreachable", which is a test that ran (the action succeeds).
const UNREACHABLE_MODEL_URL = "http://127.0.0.1:9/v1";
const connectionFields = (name: string) => ({ name, baseUrl: UNREACHABLE_MODEL_URL, model: "matrix-model", convention: "rel1000", apiKey: "sk-matrix-0000" });

/** A model connection made through the real admin action; its id read back by its name. */
async function modelConnection(name: string): Promise<string> {
  const projectId = authzSeed().demoProjectId;
  const made = await callAction("admin", "lib/actions/model-connections.ts", "createModelConnectionAction", [null, formData({ projectId, ...connectionFields(name) })]);
  const row = openDb().prepare(`SELECT "id" FROM "ModelConnection" WHERE "projectId" = ? AND "name" = ?`).get(projectId, name) as { id: string } | undefined;
  if (!row) throw new Error(`could not create a model connection: ${made.raw.slice(0, 300)}`);
  return row.id;
}
const matrixConnection = once(() => modelConnection(`matrix-connection-${unique()}`));

export const ACTION_PROBES: Record<string, ActionProbe> = {

  "grounding#overrideVerdictAction": { args: async () => [{ projectId: authzSeed().demoProjectId, verdictId: authzSeed().verdictId, value: 6, reason: "authorization matrix" }] },
  // The seeded verdict proposes no rewrite: the caller allowed gets "proposes no rewrite", not a refusal.
  "grounding#dismissRewriteAction": {
    args: async () => [{ projectId: authzSeed().demoProjectId, verdictId: authzSeed().verdictId }],
    succeeded: (result) => result.ok === true || /proposes no rewrite/.test(String(result.error)),
  },
  "grounding#reviewOverrideAction": { args: async () => [{ projectId: authzSeed().demoProjectId, overrideId: await freshOverride(), decision: "withdraw", reason: "authorization matrix" }] },
  "grounding#bulkDecideAction": { args: async () => [{ projectId: authzSeed().demoProjectId, sampleIds: [authzSeed().sampleIds[1]], decision: "accept" }] },

  "queues#createQueueAction": { args: async () => form({ projectId: authzSeed().demoProjectId, name: `matrix ${unique()}`, itemType: "sample", overlap: "1", leaseMinutes: "10" }) },
  "queues#changeQueueStatusAction": { args: async () => form({ projectId: authzSeed().demoProjectId, queueId: authzSeed().closableQueueId, change: "close" }) },
  "queues#skipClaimAction": { args: async () => [{ projectId: authzSeed().demoProjectId, claimId: (await claimAsAnnotator(authzSeed().skipQueueId)).claimId }] },
  "adjudication#adjudicateAction": {
    args: async () => [
      {
        projectId: authzSeed().demoProjectId,
        adjudication: { queueItemId: authzSeed().adjudicationItemId, itemType: "sample", payload: { targetAbsent: false, box: [3, 3, 15, 15], instructionRewrite: null, qualityScore: null, note: null }, pickedUserId: null, shown: [] },
      },
    ],
  },
  "honeypots#makeHoneypotAction": { args: async () => form({ projectId: authzSeed().demoProjectId, itemType: "sample", itemId: authzSeed().verifiedSampleId }) },
  "honeypots#removeHoneypotAction": {
    args: async () => {
      const s = authzSeed();
      const find = () => openDb().prepare(`SELECT "id" FROM "Honeypot" WHERE "sampleId" = ?`).get(s.verifiedSampleId) as { id: string } | undefined;
      if (!find()) await callAction("admin", "lib/actions/honeypots.ts", "makeHoneypotAction", form({ projectId: s.demoProjectId, itemType: "sample", itemId: s.verifiedSampleId }));
      return form({ projectId: s.demoProjectId, honeypotId: find()!.id });
    },
  },
  "triage#createTriageQueueAction": {
    args: async () => {
      const reviewer = openDb().prepare(`SELECT "id" FROM "User" WHERE "email" = ?`).get(readSeed().users.reviewer!.email) as { id: string };
      return form({ projectId: authzSeed().demoProjectId, name: `matrix triage ${unique()}`, limit: "5", leaseMinutes: "10", memberIds: reviewer.id, reasons: ["rule_vs_judge", "judge_vs_human", "near_threshold"] });
    },
  },
  "triage#startTriageAction": { args: async () => [{ projectId: authzSeed().demoProjectId, queueId: authzSeed().triageQueueId }] },
  "triage#decideTriageAction": { args: async () => [{ projectId: authzSeed().demoProjectId, queueItemId: authzSeed().triageItemId, decision: "accept" }] },
  "members#grantRoleAction": { args: async () => form({ projectId: authzSeed().demoProjectId, email: authzSeed().otherUserEmail, role: "annotator" }) },
  "members#removeMemberAction": {
    args: async () => {
      const user = openDb().prepare(`SELECT "id" FROM "User" WHERE "email" = ?`).get(authzSeed().otherUserEmail) as { id: string };
      return form({ projectId: authzSeed().demoProjectId, userId: user.id });
    },
  },
  "project-settings#updateProjectSettingsAction": {
    args: async () =>
      form({ projectId: authzSeed().demoProjectId, name: "Demo project", description: "", eta: "0.98", invalidActionPenalty: "-0.1", goldMin: "7", rewriteMin: "4", iouAgreementThreshold: "0.5", honeypotRate: "0.05" }),
  },
  "tokens#createTokenAction": { args: async () => form({ projectId: authzSeed().demoProjectId, name: `matrix-${unique()}`, role: "annotator" }) },
  "tokens#revokeTokenAction": {
    args: async () => {
      const name = `matrix-revoke-${unique()}`;
      await callAction("admin", "lib/actions/tokens.ts", "createTokenAction", [null, formData({ projectId: authzSeed().demoProjectId, name, role: "annotator" })]);
      return form({ projectId: authzSeed().demoProjectId, tokenId: await tokenIdByName("admin", authzSeed().demoProjectId, name) });
    },
  },
  "model-runs#startModelRunAction": { args: async () => form(await modelRunFields(NO_SCREENSHOT)) },
  // Cancelled within the second or so the refused callers take, while its one request is still being retried.
  "model-runs#cancelModelRunAction": { args: async () => form({ projectId: authzSeed().demoProjectId, runId: await startedModelRun(ONE_SCREENSHOT) }) },
  "model-runs#resumeModelRunAction": { args: async () => form({ projectId: authzSeed().demoProjectId, runId: await stoppedModelRun() }) },
  "users#createUserAction": { args: async () => form({ email: `matrix-${unique()}@e2e.test`, name: "Matrix user" }) },
  "users#resetPasswordAction": { args: async () => form({ email: authzSeed().otherUserEmail }) },
  "users#setUserDisabledAction": {
    args: async () => {
      const user = openDb().prepare(`SELECT "id" FROM "User" WHERE "email" = ?`).get(authzSeed().otherUserEmail) as { id: string };
      return form({ userId: user.id, disabled: "false" });
    },
  },
  "users#endSessionsAction": {
    args: async () => {
      const user = openDb().prepare(`SELECT "id" FROM "User" WHERE "email" = ?`).get(authzSeed().otherUserEmail) as { id: string };
      return form({ userId: user.id });
    },
  },
  "placeholders#linkPlaceholderAction": {
    args: async () => {
      const user = openDb().prepare(`SELECT "id" FROM "User" WHERE "email" = ?`).get(authzSeed().otherUserEmail) as { id: string };
      // The user is not a member of the placeholder's project: the owner links anyway.
      return form({ placeholderId: authzSeed().placeholderToLinkId, userId: user.id, confirmNonMember: "on" });
    },
  },
  "placeholders#convertPlaceholderAction": { args: async () => form({ placeholderId: authzSeed().placeholderToConvertId, email: `matrix-${unique()}@e2e.test`, name: "Matrix placeholder" }) },
  "users#createProjectAction": { args: async () => form({ slug: `matrix-${unique()}`, name: "Matrix project" }) },
  "pools#createPoolAction": {
    args: async () => {
      const name = `matrix-${unique()}`;
      return form({ projectId: readPoolsSeed().projectId, name, kind: "grounding", profile: "ms-swift", targetType: "local", targetUri: path.join(readPoolsSeed().poolsRoot, name), imageMode: "copy" });
    },
  },
  "pools#updatePoolAction": {
    args: async () =>
      form({ projectId: readPoolsSeed().projectId, poolId: readPoolsSeed().editPoolId, name: "matrix-edit", kind: "navigation", profile: "ms-swift", targetType: "local", targetUri: path.join(readPoolsSeed().poolsRoot, "matrix-edit"), imageMode: "copy" }),
  },
  "pools#deletePoolAction": {
    args: async () => {
      const name = `matrix-delete-${unique()}`;
      const { projectId, poolsRoot } = readPoolsSeed();
      await callAction("admin", "lib/actions/pools.ts", "createPoolAction", [null, formData({ projectId, name, kind: "navigation", profile: "ms-swift", targetType: "local", targetUri: path.join(poolsRoot, name) })]);
      const pool = openDb().prepare(`SELECT "id" FROM "Pool" WHERE "projectId" = ? AND "name" = ?`).get(projectId, name) as { id: string };
      return form({ projectId, poolId: pool.id });
    },
  },
  "pools#previewPoolAction": { args: async () => [{ projectId: readPoolsSeed().projectId, poolId: readPoolsSeed().exportedPoolId }] },
  "pools#diffPoolAction": { args: async () => [{ projectId: readPoolsSeed().projectId, poolId: readPoolsSeed().exportedPoolId }] },
  "pools#startExportAction": { args: async () => [{ projectId: readPoolsSeed().projectId, poolId: readPoolsSeed().exportPoolId, mode: "full" }] },
  "verification-samples#drawSampleAction": {
    args: async () => form({ projectId: authzSeed().demoProjectId, runId: authzSeed().sampleRuns.draw, design: "uniform", size: "2", seed: "", overlap: "1", leaseMinutes: "10", honeypotPercent: "0" }),
  },
  "verification-samples#drawMoreSampleAction": {
    // The plan the run page would show for ±20 points: 2 of 10 drawn, none verified.
    args: async () => {
      const expected = planAdditional([{ key: "all", populationSize: 10, drawn: 2, verified: 0, disagreements: 0, differenceVariance: null }], 0.2).additional;
      return form({ projectId: authzSeed().demoProjectId, runId: authzSeed().sampleRuns.more, targetPoints: "20", expected: String(expected), overlap: "1", leaseMinutes: "10", honeypotPercent: "0" });
    },
  },
  "item-standing#reopenItemAction": { args: async () => form({ projectId: authzSeed().demoProjectId, itemType: "sample", itemId: authzSeed().reopenSampleId, reason: "authorization matrix" }) },
  "item-standing#decideProposalAction": { args: async () => form({ projectId: authzSeed().demoProjectId, annotationId: authzSeed().proposalAnnotationId, decision: "dismiss" }) },
  "model-connections#createModelConnectionAction": { args: async () => form({ projectId: authzSeed().demoProjectId, ...connectionFields(`matrix-${unique()}`) }) },
  "model-connections#updateModelConnectionAction": {
    args: async () => form({ projectId: authzSeed().demoProjectId, connectionId: await matrixConnection(), ...connectionFields(`matrix-edited-${unique()}`), apiKey: "" }),
  },
  "model-connections#deleteModelConnectionAction": {
    args: async () => form({ projectId: authzSeed().demoProjectId, connectionId: await modelConnection(`matrix-delete-${unique()}`) }),
  },
  "model-connections#testModelConnectionAction": { args: async () => [{ projectId: authzSeed().demoProjectId, connectionId: await matrixConnection() }] },
};
