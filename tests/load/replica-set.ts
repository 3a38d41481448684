// The load test's multi-replica deployment (run-load.ts --replicas N --db postgres), as the
// README's "Several app replicas" describes it: N `next start` processes on one PostgreSQL
// database with the same NEXTAUTH_SECRET, media in an S3-compatible store (the test S3
// server), VERITY_WORKER=external on every replica and one `npm run worker` process that runs
// every import and export. The upload area (VERITY_DATA_DIR/imports) is the one thing they
// share on disk: an upload lands on the replica that took it and the worker imports it.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { AppServer, freePort } from "../e2e/fault/app-server";
import type { TestS3Server } from "../support/s3-server";

export const MEDIA_BUCKET = "verity-load-media";
export const POOL_BUCKET = "verity-load-pools";

export type ReplicaSet = { replicas: AppServer[]; worker: { log: () => string; pid: number | null }; stop: () => Promise<void> };

/** The settings every process of the deployment gets, the same for all of them. */
export function sharedSettings(databaseUrl: string, dataDir: string, s3: TestS3Server): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    VERITY_DATA_DIR: dataDir,
    NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
    VERITY_WORKER: "external",
    VERITY_MEDIA_STORE: "s3",
    VERITY_S3_BUCKET: MEDIA_BUCKET,
    ...s3.env,
    VERITY_LOGIN_MAX_ATTEMPTS: "100000",
  };
}

export async function startReplicaSet(count: number, settings: Record<string, string>, nodeArgs: string[]): Promise<ReplicaSet> {
  const replicas: AppServer[] = [];
  for (let i = 0; i < count; i++) replicas.push(new AppServer(await freePort(), { ...settings, VERITY_DATA_DIR: settings.VERITY_DATA_DIR!, DATABASE_URL: settings.DATABASE_URL! }, nodeArgs));
  // One after another: each start checks the schema and derivation state of the same database.
  for (const replica of replicas) await replica.start();
  let log = "";
  const worker: ChildProcess = spawn("node", ["--conditions=react-server", "--import", "tsx", "bin/worker.ts"], { env: { ...process.env, ...settings }, stdio: ["ignore", "pipe", "pipe"] });
  worker.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  worker.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  for (let i = 0; i < 300 && !/ started on /.test(log); i++) {
    if (worker.exitCode !== null) throw new Error(`the worker exited: ${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  if (!/ started on /.test(log)) throw new Error(`the worker did not start: ${log}`);
  return {
    replicas,
    worker: { log: () => log, pid: worker.pid ?? null },
    stop: async () => {
      const exited = worker.exitCode === null ? new Promise((resolve) => worker.once("exit", resolve)) : Promise.resolve();
      worker.kill("SIGTERM");
      await exited;
      for (const replica of replicas) await replica.stop();
    },
  };
}
