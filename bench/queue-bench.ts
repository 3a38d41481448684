// Claim-next-item and save-annotation at 1M queue items (SPEC §9: p95 under 30 ms server-side),
// on SQLite and PostgreSQL, beside a bare node:http handler doing one indexed read on the same
// database in the same run (the raw limit). One node:http server on 127.0.0.1 serves three
// routes; U simulated annotators (concurrent HTTP clients) each loop claim -> save (a submitted
// grounding answer through saveGroundingAnnotation) -> close the claim. "Server time" is
// measured inside the handler, from the request's arrival to the end of the response.
//
// On PostgreSQL each operation's statements are also counted (every one is a round trip to the
// server), since on a busy machine the round trips, not the queries, are what the time is made of.
//   VERITY_BENCH_QUEUE_ITEMS (default 1000000), VERITY_BENCH_QUEUE_USERS (8),
//   VERITY_BENCH_QUEUE_OPS (claims per user, default 50), VERITY_BENCH_QUEUE_PROVIDERS (sqlite,postgres)
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import type { ProjectAccess } from "@/lib/auth/session";
import { createDb, type Db, type DbProvider } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { markClaimSubmitted } from "@/lib/queues/mark-claim-submitted";
import { benchItemId, seedQueue, type QueueSeed } from "./queue-seed";
import { startBenchPostgres } from "./pg-bench-server";

type Row = { figure: string; value: string; target: string; ratio: string };
type Stats = { p50: number; p95: number; n: number };
// Server time per route (inside the handler), and the client's round trip for the bare read.
type Timings = { claim: number[]; save: number[]; submit: number[]; bare: number[]; prismaRead: number[]; bareRoundTrip: number[] };

const ITEMS = Number(process.env.VERITY_BENCH_QUEUE_ITEMS ?? 1_000_000);
const USERS = Number(process.env.VERITY_BENCH_QUEUE_USERS ?? 8);
const OPS = Number(process.env.VERITY_BENCH_QUEUE_OPS ?? 50);

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), n: sorted.length };
}

// The raw limit: one indexed read through the driver itself, no Prisma.
async function bareReader(provider: DbProvider, url: string) {
  if (provider === "postgres") {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      read: async (id: string) => (await pool.query(`SELECT "id", "status", "priority" FROM "QueueItem" WHERE "id" = $1`, [id])).rows[0],
      close: () => pool.end(),
    };
  }
  const sqlite = new Database(url.replace(/^file:/, ""), { readonly: true });
  const statement = sqlite.prepare(`SELECT "id", "status", "priority" FROM "QueueItem" WHERE "id" = ?`);
  return { read: async (id: string) => statement.get(id), close: async () => sqlite.close() };
}

function serve(handlers: Record<string, (query: URLSearchParams) => Promise<unknown>>, timings: Record<string, number[]>) {
  const server = http.createServer((req, res) => {
    const started = performance.now();
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const handler = handlers[url.pathname];
    if (!handler) return void res.writeHead(404).end();
    handler(url.searchParams).then(
      (body) => {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body ?? null));
        timings[url.pathname]?.push(performance.now() - started);
      },
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  // A slow claim must not see its idle keep-alive sockets closed under it (a socket the server
  // closes while the client reuses it answers ECONNRESET).
  server.keepAliveTimeout = 600_000;
  server.headersTimeout = 600_000;
  server.requestTimeout = 0;
  return new Promise<{ port: number; close: () => Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({ port, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

function client(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: USERS * 2 });
  const call = (pathname: string, query: Record<string, string>) =>
    new Promise<unknown>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, agent, method: "POST", path: `${pathname}?${new URLSearchParams(query)}` }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => (res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`${pathname}: ${res.statusCode} ${body.slice(0, 300)}`))));
      });
      req.on("error", reject);
      req.end();
    });
  return { call, close: () => agent.destroy() };
}

async function measure(provider: DbProvider, url: string, seed: QueueSeed, ops: number): Promise<Timings> {
  const db: Db = createDb(url);
  const bare = await bareReader(provider, url);
  const timings: Timings = { claim: [], save: [], submit: [], bare: [], prismaRead: [], bareRoundTrip: [] };
  const access = (userId: string): ProjectAccess => ({ user: { id: userId, email: `${userId}@bench.test`, name: userId, isOwner: false }, projectId: seed.projectId, role: "annotator" });
  const server = await serve(
    {
      "/bare": async (q) => bare.read(q.get("id")!),
      // The same read through Prisma: the floor of any Prisma-backed handler.
      "/prisma-read": async (q) => db.queueItem.findUnique({ where: { id: q.get("id")! }, select: { id: true, status: true, priority: true } }),
      "/claim": async (q) => claimNextItem(db, { queueId: seed.queueId, userId: q.get("user")! }),
      "/save": async (q) =>
        saveGroundingAnnotation(db, access(q.get("user")!), {
          sampleId: q.get("sample")!,
          baseVersion: null,
          status: "submitted",
          payload: { targetAbsent: false, box: [10, 20, 110, 80], instructionRewrite: null, qualityScore: 8, note: null },
        }),
      "/close": async (q) => markClaimSubmitted(db, { claimId: q.get("claim")!, userId: q.get("user")! }),
    },
    { "/claim": timings.claim, "/save": timings.save, "/close": timings.submit, "/bare": timings.bare, "/prisma-read": timings.prismaRead },
  );
  const api = client(server.port);
  try {
    // Warm-up: connections, prepared statements, the planner; not recorded.
    await api.call("/bare", { id: benchItemId(0) });
    await api.call("/prisma-read", { id: benchItemId(0) });
    timings.bare.length = 0;
    timings.prismaRead.length = 0;

    await Promise.all(
      seed.userIds.map(async (user) => {
        for (let i = 0; i < ops; i++) {
          const claim = (await api.call("/claim", { user })) as { claimId: string; sampleId: string } | null;
          if (!claim) return;
          await api.call("/save", { user, sample: claim.sampleId });
          await api.call("/close", { user, claim: claim.claimId });
        }
      }),
    );
    // The raw limit under the same concurrency: random indexed reads over the whole table.
    const randomId = () => benchItemId(Math.floor(Math.random() * seed.items));
    await Promise.all(
      seed.userIds.map(async () => {
        for (let i = 0; i < ops * 2; i++) {
          const started = performance.now();
          await api.call("/bare", { id: randomId() });
          timings.bareRoundTrip.push(performance.now() - started);
          await api.call("/prisma-read", { id: randomId() });
        }
      }),
    );
  } finally {
    api.close();
    await server.close();
    await bare.close();
    await db.$disconnect();
  }
  return timings;
}

// The candidate query of lib/queues/next-candidate.ts with literals for its parameters, for
// its plan: it should walk the (queueId, status, priority DESC, id) index in order.
function candidateSql(provider: DbProvider, seed: QueueSeed): string {
  const now = provider === "postgres" ? "now()" : `'${new Date().toISOString().replace("Z", "+00:00")}'`;
  return `SELECT qi."id", qi."sampleId", qi."trajectoryId", qi."verdictId", qi."isHoneypot" FROM "QueueItem" qi
    WHERE qi."queueId" = '${seed.queueId}' AND qi."status" = 'open'
      AND NOT EXISTS (SELECT 1 FROM "Claim" mine WHERE mine."queueItemId" = qi."id" AND mine."userId" = '${seed.userIds[0]}')
      AND (qi."isHoneypot" OR (SELECT COUNT(*) FROM "Claim" c WHERE c."queueItemId" = qi."id" AND (c."status" = 'submitted' OR (c."status" = 'active' AND c."leaseUntil" > ${now}))) < 1)
    ORDER BY qi."priority" DESC, qi."id" ASC LIMIT 1${provider === "postgres" ? ` FOR NO KEY UPDATE OF qi SKIP LOCKED` : ""}`;
}

async function explainCandidate(provider: DbProvider, url: string, seed: QueueSeed): Promise<string> {
  const sql = `${provider === "postgres" ? "EXPLAIN ANALYZE" : "EXPLAIN QUERY PLAN"} ${candidateSql(provider, seed)}`;
  if (provider === "postgres") {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(sql)).rows.map((r: Record<string, unknown>) => String(r["QUERY PLAN"])).join("\n");
    } finally {
      await c.end();
    }
  }
  const sqlite = new Database(url.replace(/^file:/, ""), { readonly: true });
  try {
    return (sqlite.prepare(sql).all() as { detail: string }[]).map((r) => r.detail).join("\n");
  } finally {
    sqlite.close();
  }
}

type Database_ = { url: string; drop: () => Promise<void> };

async function database(provider: DbProvider): Promise<Database_> {
  if (provider === "sqlite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "verity-bench-queue-"));
    const url = `file:${path.join(dir, "bench.db")}`;
    applyMigrations(url);
    return { url, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  // A database on VERITY_TEST_PG_URL's server, or a throwaway cluster of our own (bench/pg-bench-server.ts).
  const server = await startBenchPostgres();
  const made = await server.freshDatabase("queue");
  return {
    url: made.url,
    drop: async () => {
      await made.drop();
      await server.close();
    },
  };
}

const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`;

// Statements sent to PostgreSQL per operation, counted on every pg client of the process while
// one annotator runs claim -> save -> submit alone (BEGIN and COMMIT count: each is a round trip).
type StatementCounts = { claim: number; save: number; submit: number };

async function countStatements(url: string, seed: QueueSeed): Promise<StatementCounts> {
  let counted = 0;
  let counting = false;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) counted++;
    // VERITY_BENCH_QUEUE_LOG_SQL=1 prints each counted statement, to see where the trips go.
    if (counting && process.env.VERITY_BENCH_QUEUE_LOG_SQL) {
      const query = args[0] as string | { text?: string };
      console.error(`  sql: ${(typeof query === "string" ? query : (query.text ?? "")).replace(/\s+/g, " ").slice(0, 160)}`);
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  const db: Db = createDb(url);
  const user = seed.userIds[seed.userIds.length - 1]!;
  const access: ProjectAccess = { user: { id: user, email: `${user}@bench.test`, name: user, isOwner: false }, projectId: seed.projectId, role: "annotator" };
  const count = async (run: () => Promise<unknown>) => {
    if (process.env.VERITY_BENCH_QUEUE_LOG_SQL) console.error(`queue: statements of ${run.name || "an operation"}:`);
    counted = 0;
    counting = true;
    try {
      await run();
    } finally {
      counting = false;
    }
    return counted;
  };
  try {
    await db.queueItem.findFirst({ select: { id: true } }); // connects
    let claimed: { claimId: string; sampleId: string | null } | null = null;
    const claim = await count(async () => (claimed = await claimNextItem(db, { queueId: seed.queueId, userId: user })));
    if (!claimed) throw new Error("queue bench: nothing left to claim for the statement count");
    const { claimId, sampleId } = claimed as { claimId: string; sampleId: string };
    const payload = { targetAbsent: false, box: [10, 20, 110, 80] as [number, number, number, number], instructionRewrite: null, qualityScore: 8, note: null };
    const save = await count(() => saveGroundingAnnotation(db, access, { sampleId, baseVersion: null, status: "submitted", payload }));
    const submit = await count(() => markClaimSubmitted(db, { claimId, userId: user }));
    return { claim, save, submit };
  } finally {
    pg.Client.prototype.query = original;
    await db.$disconnect();
  }
}

function rowsFor(provider: DbProvider, items: number, seedSeconds: number, t: Timings, statements: StatementCounts | null): Row[] {
  const label = provider === "sqlite" ? "SQLite" : "PostgreSQL";
  const bare = stats(t.bare);
  const trip = stats(t.bareRoundTrip);
  const prisma = stats(t.prismaRead);
  const row = (what: string, s: Stats, count: number | undefined, note = ""): Row => ({
    figure: `${what} at ${items.toLocaleString("en")} queue items (${label}, ${USERS} concurrent users)${note}`,
    value: `server p50 ${ms(s.p50)}, p95 ${ms(s.p95)} over ${s.n}${count === undefined ? "" : `; ${count} statements`}`,
    target: "p95 < 30 ms, <= 3x bare",
    ratio:
      `${(s.p95 / bare.p95).toFixed(1)}x the bare handler's p95 ${ms(bare.p95)}; ` +
      `${(s.p95 / trip.p95).toFixed(1)}x the bare client round trip p95 ${ms(trip.p95)} (one Prisma read p95 ${ms(prisma.p95)})`,
  });
  return [
    row("claim-next-item", stats(t.claim), statements?.claim, `; seeded in ${seedSeconds.toFixed(0)} s`),
    row("save-annotation (grounding submit)", stats(t.save), statements?.save),
    row("claim submit (markClaimSubmitted)", stats(t.submit), statements?.submit),
  ];
}

export async function benchQueue(provider: DbProvider): Promise<Row[]> {
  const { url, drop } = await database(provider);
  try {
    console.error(`queue: seeding ${ITEMS.toLocaleString("en")} items on ${provider}…`);
    const started = performance.now();
    const seed = await seedQueue(provider, url, ITEMS, USERS);
    const seedSeconds = (performance.now() - started) / 1000;
    console.error(`queue: ${provider} plan of the claim's candidate query:\n${await explainCandidate(provider, url, seed)}`);
    const timings = await measure(provider, url, seed, OPS);
    const statements = provider === "postgres" ? await countStatements(url, seed) : null;
    if (statements) console.error(`queue: postgres statements per operation: ${JSON.stringify(statements)}`);
    return rowsFor(provider, ITEMS, seedSeconds, timings, statements);
  } finally {
    await drop();
  }
}

export async function queueSuite(): Promise<Row[]> {
  const providers = (process.env.VERITY_BENCH_QUEUE_PROVIDERS ?? "sqlite,postgres").split(",") as DbProvider[];
  const rows: Row[] = [];
  for (const provider of providers) rows.push(...(await benchQueue(provider)));
  return rows;
}
