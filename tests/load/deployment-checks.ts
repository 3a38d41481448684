// What the multi-replica load test checks beyond the annotators' work (run-load.ts): media
// uploaded through one replica are imported by the worker into S3 and served by the other
// replica, byte for byte; an export started through one replica is run by the worker (its
// log names the job), followed through the other, and its files are in the S3 pool target.
// Each check returns one line for the report and whether it held.
import { createHash } from "node:crypto";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import sharp from "sharp";
import type { AppServer } from "../e2e/fault/app-server";
import type { TestS3Server } from "../support/s3-server";
import { POOL_BUCKET } from "./replica-set";

export type Check = { line: string; ok: boolean };
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function send(server: AppServer, cookie: string, method: string, route: string, body?: BodyInit, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.base}${route}`, { method, body, redirect: "manual", headers: { cookie, origin: server.base, ...headers } });
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");

/** Polls a job through `server` until it ends; its final view. */
async function jobEnd(poll: () => Promise<{ status: number; bytes: Uint8Array }>): Promise<{ status: string; error: string | null; report: unknown }> {
  for (;;) {
    const answer = await poll();
    if (answer.status !== 200) throw new Error(`job status answered ${answer.status}: ${text(answer.bytes).slice(0, 200)}`);
    const { job } = JSON.parse(text(answer.bytes)) as { job: { status: string; error: string | null; report: unknown } };
    if (["succeeded", "failed", "cancelled"].includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function checkMediaAcrossReplicas(writer: AppServer, reader: AppServer, cookie: string, projectId: string, databaseUrl: string, workerLog: () => string): Promise<Check> {
  const png = new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer());
  const record = { type: "sample", id: "media-across-replicas", dataset: "load-media", image: "shot.png", image_size: [64, 48], instruction: "Tap the blue screen", box: [4, 4, 40, 30] };
  const staging = await send(writer, cookie, "POST", `/api/projects/${projectId}/imports/staging`);
  if (staging.status !== 201) return { line: `media: creating an upload area answered ${staging.status}`, ok: false };
  const { stagingId } = JSON.parse(text(staging.bytes)) as { stagingId: string };
  for (const [file, body] of [["records.jsonl", new TextEncoder().encode(`${JSON.stringify(record)}\n`)], ["shot.png", png]] as const) {
    const put = await send(writer, cookie, "PUT", `/api/projects/${projectId}/imports/staging/${stagingId}?path=${encodeURIComponent(file)}`, body);
    if (put.status >= 300) return { line: `media: uploading ${file} answered ${put.status} ${text(put.bytes).slice(0, 200)}`, ok: false };
  }
  const started = await send(writer, cookie, "POST", `/api/projects/${projectId}/imports`, JSON.stringify({ source: { kind: "staging", stagingId } }), { "content-type": "application/json" });
  if (started.status !== 202) return { line: `media: starting the import answered ${started.status} ${text(started.bytes).slice(0, 200)}`, ok: false };
  const { jobId } = JSON.parse(text(started.bytes)) as { jobId: string };
  const job = await jobEnd(() => send(reader, cookie, "GET", `/api/projects/${projectId}/jobs/${jobId}`));
  const byWorker = workerLog().includes(`job ${jobId} (import) done`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const row = (await client.query<{ mediaId: string | null }>(`SELECT "mediaId" FROM "GroundingSample" WHERE "projectId" = $1 AND "sourceId" = 'media-across-replicas'`, [projectId])).rows[0];
  await client.end();
  if (job.status !== "succeeded" || !row?.mediaId) return { line: `media: the import ${job.status} (${job.error ?? "no error"}), media id ${row?.mediaId ?? "none"}`, ok: false };
  const served = await send(reader, cookie, "GET", `/api/media/${row.mediaId}`);
  const same = served.status === 200 && sha(served.bytes) === sha(png);
  return {
    line: `media: uploaded through replica 1, imported by the worker (${byWorker ? "its log names the job" : "NOT in the worker's log"}), served by replica 2: ${served.status}, ${same ? "the same bytes" : "DIFFERENT bytes"}`,
    ok: byWorker && same,
  };
}

export async function checkExportByWorker(
  starter: AppServer,
  follower: AppServer,
  token: string,
  projectId: string,
  poolId: string,
  prefix: string,
  s3: TestS3Server,
  workerLog: () => string,
): Promise<Check> {
  const bearer = { authorization: `Bearer ${token}` };
  const started = await send(starter, "", "POST", `/api/v1/projects/${projectId}/pools/${poolId}/exports`, JSON.stringify({ mode: "full" }), { ...bearer, "content-type": "application/json" });
  if (started.status !== 202) return { line: `export: starting answered ${started.status} ${text(started.bytes).slice(0, 200)}`, ok: false };
  const { jobId } = JSON.parse(text(started.bytes)) as { jobId: string };
  const job = await jobEnd(() => send(follower, "", "GET", `/api/v1/projects/${projectId}/jobs/${jobId}`, undefined, bearer));
  const byWorker = workerLog().includes(`job ${jobId} (export) done`);
  const s3Client = new S3Client({ endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
  const listed = await s3Client.send(new ListObjectsV2Command({ Bucket: POOL_BUCKET, Prefix: prefix }));
  s3Client.destroy();
  const objects = listed.KeyCount ?? 0;
  return {
    line: `export: started through replica 1, ${job.status} (${job.error ?? "no error"}), run by the worker (${byWorker ? "its log names the job" : "NOT in the worker's log"}), followed through replica 2, ${objects} objects under s3://${POOL_BUCKET}/${prefix}`,
    ok: job.status === "succeeded" && byWorker && objects > 0,
  };
}
