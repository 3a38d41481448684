// `npm run test:load -- --db postgres [--replicas N]`: the load test on PostgreSQL (issue 16).
// A database on VERITY_TEST_PG_URL's server, or a throwaway cluster of our own, is seeded with
// the same queue as on SQLite; the bare reference (bare-postgres.ts) runs on a copy of it, then
// Verity as the README's multi-replica deployment (replica-set.ts), the annotators spread over
// the replicas in turn. After the run: the database checks of the SQLite run, media uploaded
// through one replica served by another, an export run by the worker (deployment-checks.ts).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startS3Server } from "../support/s3-server";
import { checkPostgres } from "./check-postgres";
import { checkExportByWorker, checkMediaAcrossReplicas } from "./deployment-checks";
import { TWO_REQUESTS, annotate, newTally, verityClient } from "./load-client";
import { cpuMs, report, runBare, signInRetrying, type RunResult } from "./load-run";
import { MEDIA_BUCKET, POOL_BUCKET, sharedSettings, startReplicaSet } from "./replica-set";
import { seedLoadPostgres } from "./seed-load-postgres";
import { startBenchPostgres } from "../../bench/pg-bench-server";

type Options = { users: number; seconds: number; items: number; password: string; replicas: number };

/** A pool of the project on the S3 pool bucket and an admin API token, made as an admin would. */
async function poolAndToken(url: string, s3Env: Record<string, string>, seed: { projectId: string; adminId: string }, prefix: string) {
  // The test process reads the same settings as the deployment (lib/env/index.ts reads them once).
  Object.assign(process.env, s3Env, { DATABASE_URL: url });
  const { createDb } = await import("@/lib/db");
  const { createPool } = await import("@/lib/pools/pools");
  const { createApiToken } = await import("@/lib/tokens/tokens");
  const db = createDb(url);
  try {
    const actor = { userId: seed.adminId, projectId: seed.projectId };
    const pool = await createPool(db, actor, { name: "load-grounding", kind: "grounding", profile: "ms-swift", targetType: "s3", targetUri: `s3://${POOL_BUCKET}/${prefix}`, settings: {} });
    const { secret } = await createApiToken(db, seed.projectId, seed.adminId, { name: "load test", role: "admin" });
    return { poolId: pool.id, token: secret };
  } finally {
    await db.$disconnect();
  }
}

export async function runPostgres(o: Options): Promise<boolean> {
  const server = await startBenchPostgres();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "verity-load-pg-"));
  const s3 = await startS3Server([MEDIA_BUCKET, POOL_BUCKET]);
  try {
    console.error(`seeding ${o.items.toLocaleString("en")} queue items and ${o.users} annotators on PostgreSQL…`);
    const database = await server.freshDatabase("load");
    const url = database.url;
    const seed = await seedLoadPostgres(url, o.users, o.items, o.password);
    const bareDatabase = await server.copyDatabase(database, "load_bare");
    const bareUrl = bareDatabase.url;
    const prefix = `load/${database.name}/grounding`;
    const { poolId, token } = await poolAndToken(url, s3.env, seed, prefix);

    console.error(`${o.users} annotators for ${o.seconds} s against the bare reference, then against ${o.replicas} Verity replica(s)…`);
    const bare = await runBare(bareUrl, seed, o.seconds, (tally) => checkPostgres(bareUrl, seed.overlap, tally));

    const profile = process.env.VERITY_LOAD_CPU_PROF;
    const set = await startReplicaSet(o.replicas, sharedSettings(url, dataDir, s3), profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profile)}`] : []);
    let verity: RunResult;
    let deployment: { line: string; ok: boolean }[];
    try {
      const { replicas } = set;
      // Annotator i works through replica i mod N, as a load balancer spreading sessions would.
      const serverOf = (i: number) => replicas[i % replicas.length]!;
      const cookies = await Promise.all(seed.emails.map((email, i) => signInRetrying(serverOf(i), email, o.password)));
      const processes = [...replicas.map((r) => r.pid), set.worker.pid];
      const cpuBefore = processes.map(cpuMs);
      const tally = newTally();
      const until = Date.now() + o.seconds * 1000;
      await Promise.all(cookies.map((cookie, i) => annotate(tally, verityClient(serverOf(i), cookie, seed), seed.emails[i]!, until)));
      const cpuSpent = processes.map((pid, i) => cpuMs(pid) - cpuBefore[i]!);
      verity = { name: `Verity (${replicas.length} replica${replicas.length > 1 ? "s" : ""} + worker)`, tally, seconds: o.seconds, serverCpuMs: cpuSpent.reduce((a, b) => a + b, 0), ...(await checkPostgres(url, seed.overlap, tally)) };
      // A refusal the annotators saw as "something went wrong" is in a replica's log: show it.
      if (tally.errors.length) for (const [i, r] of replicas.entries()) console.error(`replica ${i + 1} log:\n${r.stderr.split("\n").slice(-40).join("\n")}`);
      console.error(`CPU per process (ms): ${cpuSpent.map((ms, i) => `${i < replicas.length ? `replica ${i + 1}` : "worker"} ${ms}`).join(", ")}`);

      // The admin signs in on the first replica; that session is used on the last one too.
      const writer = replicas[0]!;
      const reader = replicas[replicas.length - 1]!;
      const admin = await signInRetrying(writer, seed.adminEmail, o.password);
      deployment = [
        await checkMediaAcrossReplicas(writer, reader, admin, seed.projectId, url, set.worker.log),
        await checkExportByWorker(writer, reader, token, seed.projectId, poolId, prefix, s3, set.worker.log),
      ];
    } finally {
      await set.stop();
    }

    console.log(`load: ${o.users} annotators, no think time, ${o.seconds} s each, ${o.items.toLocaleString("en")} items (PostgreSQL, ${o.replicas} replica(s), S3 media, external worker), ${os.cpus().length} cores, ${TWO_REQUESTS ? "two requests" : "one request"} per item`);
    report(bare);
    report(verity);
    for (const check of deployment) console.log(`  ${check.line}`);
    const ratio = verity.tally.submitted.length / Math.max(1, bare.tally.submitted.length);
    console.log(`Verity / bare reference: ${ratio.toFixed(2)} of the throughput (goal >= 0.3)`);
    const ok = bare.ok && verity.ok && deployment.every((c) => c.ok);
    console.log(ok ? "load: PASS" : "load: FAIL");
    await database.drop();
    await bareDatabase.drop();
    return ok;
  } finally {
    await s3.stop();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
