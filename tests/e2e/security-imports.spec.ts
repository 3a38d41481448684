// Issue 15, items 4 and 6 to 10, against the build run as its own process with
// VERITY_IMPORT_ROOTS and VERITY_POOL_ROOTS set (so the root checks are exercised) and an
// external worker the spec starts itself (so it decides what happens between queueing a job
// and running it): archive budgets, record files and folders that are symlinks out of the
// roots, pool targets behind symlinked parents, fair scheduling between projects, staging
// cleaned up, and one answer for every server path outside the roots.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { baselineLoads, measurePageLoads } from "./security/page-loads";
import { SecurityServer } from "./security/server";
import { jobs, runWorkerUntilDone } from "./security/worker";
import { manySmallEntriesBomb, zipOf } from "./security/zips";

// In order, one after another, on the spec's own server; a failure does not skip the rest.
test.describe.configure({ mode: "default", timeout: 300_000 });

const MB = 1024 * 1024;
const scratch = mkdtempSync(path.join(os.tmpdir(), "verity-security-roots-"));
const importRoot = path.join(scratch, "import-root");
const poolRoot = path.join(scratch, "pool-root");
const outside = path.join(scratch, "outside");
for (const dir of [importRoot, poolRoot, outside]) mkdirSync(dir, { recursive: true });

const settings = {
  VERITY_IMPORT_ROOTS: importRoot,
  VERITY_POOL_ROOTS: poolRoot,
  VERITY_WORKER: "external",
  VERITY_MAX_QUEUED_JOBS: "3",
  VERITY_MAX_UNPACKED_MB: "8",
  VERITY_PROJECT_STAGING_MB: "40",
};
const server = new SecurityServer(settings);
let adminA = "";
let adminB = "";

test.beforeAll(async () => {
  await server.start();
  adminA = await server.signIn(server.seed.users.adminA.email);
  adminB = await server.signIn(server.seed.users.adminB.email);
});
test.afterAll(async () => {
  await server.dispose();
  rmSync(scratch, { recursive: true, force: true });
});

const jsonl = (lines: object[]) => lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
const sampleLine = (id: string, image: string | null = null) => ({ type: "sample", id, dataset: "security", image, image_size: [40, 40], instruction: `Tap ${id}`, box: [1, 1, 20, 20] });
const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { "content-type": "application/json" } });

async function preview(cookie: string, projectId: string, source: object, format?: string) {
  return server.route(cookie, "POST", `/api/projects/${projectId}/imports/preview`, json({ source, format }));
}

async function startImport(cookie: string, projectId: string, source: object, format?: string): Promise<string> {
  const started = await server.route(cookie, "POST", `/api/projects/${projectId}/imports`, json({ source, format }));
  expect(started.status, started.text).toBe(202);
  return (JSON.parse(started.text) as { jobId: string }).jobId;
}

async function upload(cookie: string, projectId: string, files: { path: string; data: Buffer | string }[]) {
  const created = await server.route(cookie, "POST", `/api/projects/${projectId}/imports/staging`);
  const { stagingId } = JSON.parse(created.text) as { stagingId: string };
  const answers = [];
  for (const file of files) {
    answers.push(await server.route(cookie, "PUT", `/api/projects/${projectId}/imports/staging/${stagingId}?path=${encodeURIComponent(file.path)}`, { body: new Uint8Array(Buffer.from(file.data)) }));
  }
  return { stagingId, answers };
}

function bytesUnder(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? bytesUnder(full) : entry.isFile() ? statSync(full).size : 0;
  }
  return total;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const stagingDir = (projectId: string, stagingId = "") => path.join(server.dataDir, "imports", projectId, stagingId);

test.describe("item 10: server paths", () => {
  test("every path outside the import roots gets one answer, whether it exists or not", async () => {
    symlinkSync("/etc", path.join(importRoot, "to-etc"));
    writeFileSync(path.join(outside, "exists.jsonl"), jsonl([sampleLine("outside")]));
    const paths = ["/etc/shadow", "/etc/no-such-file-15", path.join(importRoot, "to-etc", "passwd"), path.join(importRoot, "to-etc", "no-such-file-15"), path.join(outside, "exists.jsonl"), path.join(outside, "no-such.jsonl"), `${importRoot}/../outside/exists.jsonl`];
    const answers = [];
    for (const p of paths) {
      const answer = await preview(adminA, server.seed.alphaId, { kind: "server", path: p });
      answers.push({ status: answer.status, message: (JSON.parse(answer.text) as { error: { message: string } }).error.message.split(p).join("<path>") });
      const started = await server.route(adminA, "POST", `/api/projects/${server.seed.alphaId}/imports`, json({ source: { kind: "server", path: p } }));
      answers.push({ status: started.status, message: (JSON.parse(started.text) as { error: { message: string } }).error.message.split(p).join("<path>") });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size, JSON.stringify(answers, null, 1)).toBe(1);
    expect(answers[0]!.status).toBeGreaterThanOrEqual(400);
  });
});

test.describe("item 6: record files and folders behind symlinks", () => {
  test("a records file that is a symlink out of the roots is never read, by the preview or the job", async () => {
    const folder = path.join(importRoot, "linked-records");
    mkdirSync(folder);
    symlinkSync(path.join(server.dataDir, "owner-credentials.txt"), path.join(folder, "records.jsonl"));
    // What the credentials file holds, none of which may come back.
    const leaks = ["security-suite-password-1", "email=", "owner@security"];
    const previewed = await preview(adminA, server.seed.alphaId, { kind: "server", path: folder }, "verity-jsonl");
    for (const leak of leaks) expect(previewed.text, "the preview").not.toContain(leak);
    const direct = await preview(adminA, server.seed.alphaId, { kind: "server", path: path.join(folder, "records.jsonl") }, "verity-jsonl");
    expect(direct.status).toBeGreaterThanOrEqual(400);
    for (const leak of leaks) expect(direct.text, "the preview of the link itself").not.toContain(leak);
    const jobId = await startImport(adminA, server.seed.alphaId, { kind: "server", path: folder }, "verity-jsonl");
    const [job] = await runWorkerUntilDone(server, [jobId]);
    for (const leak of leaks) expect(JSON.stringify(job), "the job's report and error").not.toContain(leak);
  });

  test("a folder swapped for a symlink between queueing and running imports nothing from outside, and no UI tree from outside is served", async () => {
    const trajectory = (id: string) => ({ type: "trajectory", id, dataset: "swap", goal: `Goal ${id}`, steps: [{ image: null, action: { type: "back" }, ui_tree: "tree.xml" }] });
    const inside = path.join(importRoot, "run");
    mkdirSync(inside);
    writeFileSync(path.join(inside, "records.jsonl"), jsonl([trajectory("inside-run")]));
    writeFileSync(path.join(inside, "tree.xml"), "<hierarchy>inside</hierarchy>");
    const elsewhere = path.join(outside, "run");
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, "records.jsonl"), jsonl([trajectory("outside-run")]));
    writeFileSync(path.join(elsewhere, "tree.xml"), "<hierarchy>OUTSIDE-SECRET</hierarchy>");

    const jobId = await startImport(adminA, server.seed.alphaId, { kind: "server", path: inside });
    expect(jobs(server, [jobId])[0]!.status, "the external worker has not run it yet").toBe("queued");
    renameSync(inside, path.join(importRoot, "run-before-swap"));
    symlinkSync(elsewhere, inside);
    const [job] = await runWorkerUntilDone(server, [jobId]);
    expect(job!.status, JSON.stringify(job)).toBe("failed");
    expect(job!.error ?? "").toMatch(/not found inside the allowed import roots/);
    const db = server.db();
    const imported = db.prepare(`SELECT COUNT(*) AS n FROM "Trajectory" WHERE "sourceId" = 'outside-run'`).get() as { n: number };
    const steps = db.prepare(`SELECT s."id" FROM "Step" s JOIN "Trajectory" t ON t."id" = s."trajectoryId" WHERE t."projectId" = ?`).all(server.seed.alphaId) as { id: string }[];
    db.close();
    expect(imported.n).toBe(0);
    for (const step of steps) {
      const tree = await server.route(adminA, "GET", `/api/projects/${server.seed.alphaId}/steps/${step.id}/tree`);
      expect(tree.text).not.toContain("OUTSIDE-SECRET");
    }
  });
});

test.describe("item 4: archive budgets", () => {
  test("a zip of 2,000 entries of 1 MiB of zeros is refused before anything is unpacked; pages keep answering", async () => {
    const bomb = manySmallEntriesBomb(2000, MB);
    console.log(`[zip bomb] ${(bomb.length / MB).toFixed(1)} MB archive declaring ${2000} MiB`);
    const cookie = await server.signIn(server.seed.users.annotatorA.email);
    const page = `${server.base}/projects/alpha/samples`;
    await baselineLoads("imports, no attack", page, cookie);
    // The upload and preview of the issue, five times over while the page loads are measured.
    const attempts = (async () => {
      const results = [];
      for (let i = 0; i < 5; i++) {
        const { stagingId, answers } = await upload(adminA, server.seed.alphaId, [{ path: "bomb.zip", data: bomb }]);
        expect(answers[0]!.status).toBe(201);
        results.push({ stagingId, answer: await preview(adminA, server.seed.alphaId, { kind: "staging", stagingId }) });
      }
      return results;
    })();
    await measurePageLoads("5 uploads and previews of a 2,000 x 1 MiB zip bomb", page, cookie, attempts);
    for (const { stagingId, answer } of await attempts) {
      expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
      expect(answer.text).toMatch(/compress|budget/);
      expect(bytesUnder(stagingDir(server.seed.alphaId, stagingId)), "bytes in the upload's staging dir").toBeLessThan(bomb.length + MB);
    }
  });

  test("what an upload may unpack and what a project may stage are bounded", async () => {
    const random = (n: number) => randomBytes(n).toString("base64").slice(0, n);
    const zip = await zipOf([{ name: "records.jsonl", data: `${JSON.stringify(sampleLine("big"))}\n` }, { name: "padding.json", data: JSON.stringify({ pad: random(10 * MB) }) }]);
    const { stagingId } = await upload(adminB, server.seed.betaId, [{ path: "big.zip", data: zip }]);
    const answer = await preview(adminB, server.seed.betaId, { kind: "staging", stagingId });
    expect(answer.status, answer.text).toBe(413);
    expect(answer.text).toMatch(/per-upload/);
    expect(bytesUnder(stagingDir(server.seed.betaId, stagingId))).toBeLessThan(zip.length + MB);

    const chunk = randomBytes(15 * MB);
    const staged = await upload(adminB, server.seed.betaId, [{ path: "a.bin", data: chunk }, { path: "b.bin", data: chunk }, { path: "c.bin", data: chunk }]);
    expect(staged.answers.map((a) => a.status)).toEqual([201, 201, 413]);
    expect(staged.answers[2]!.text).toMatch(/project/);
  });

  test("a zip's screenshots are read in place, not unpacked", async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#336699" } }).png().toBuffer();
    const zip = await zipOf([
      { name: "records.jsonl", data: jsonl([sampleLine("zip-1", "shots/one.png"), sampleLine("zip-2", "shots/two.png")]) },
      { name: "shots/one.png", data: png, compress: false },
      { name: "shots/two.png", data: png, compress: false },
    ]);
    const { stagingId } = await upload(adminA, server.seed.alphaId, [{ path: "upload.zip", data: zip }]);
    const answer = await preview(adminA, server.seed.alphaId, { kind: "staging", stagingId });
    expect(answer.status, answer.text).toBe(200);
    const image = await server.route(adminA, "GET", `/api/projects/${server.seed.alphaId}/imports/staging/${stagingId}/file?path=shots%2Fone.png`);
    expect(image.status, "the preview serves a screenshot from inside the zip").toBe(200);
    expect(filesUnder(stagingDir(server.seed.alphaId, stagingId)).filter((f) => f.endsWith(".png")), "screenshots written to disk").toEqual([]);
    const jobId = await startImport(adminA, server.seed.alphaId, { kind: "staging", stagingId });
    const [job] = await runWorkerUntilDone(server, [jobId]);
    expect(job!.status, JSON.stringify(job)).toBe("succeeded");
    const db = server.db();
    const rows = db.prepare(`SELECT "mediaId" FROM "GroundingSample" WHERE "sourceId" IN ('zip-1', 'zip-2')`).all() as { mediaId: string | null }[];
    db.close();
    expect(rows.map((r) => r.mediaId !== null)).toEqual([true, true]);
    // Item 9: the upload is deleted once its job has ended.
    expect(existsSync(stagingDir(server.seed.alphaId, stagingId)), "the staging dir after the job").toBe(false);
  });
});

test.describe("item 7: pool targets", () => {
  const createPool = (name: string, targetUri: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ projectId: server.seed.betaId, name, kind: "grounding", profile: "ms-swift", targetType: "local", targetUri, imageMode: "absolute" })) form.append(k, v);
    return server.action(adminB, "lib/actions/pools.ts", "createPoolAction", [null, form]);
  };

  test("a target behind a symlinked parent is outside the pool roots, and overlap is judged on real paths", async () => {
    mkdirSync(path.join(outside, "pools-escape"));
    symlinkSync(path.join(outside, "pools-escape"), path.join(poolRoot, "escape"));
    const escaped = await createPool("escaped", path.join(poolRoot, "escape", "p1"));
    expect(escaped.result?.ok, escaped.raw.slice(0, 300)).toBe(false);
    expect(String(escaped.result?.error)).toMatch(/pool roots/);

    mkdirSync(path.join(poolRoot, "real"));
    const first = await createPool("real-x", path.join(poolRoot, "real", "x"));
    expect(first.result?.ok, first.raw.slice(0, 300)).toBe(true);
    symlinkSync(path.join(poolRoot, "real"), path.join(poolRoot, "alias"));
    const aliased = await createPool("alias-x", path.join(poolRoot, "alias", "x"));
    expect(aliased.result?.ok, "the same directory through a symlink").toBe(false);
    expect(String(aliased.result?.error)).toMatch(/Another pool/);
  });

  test("a parent swapped for a symlink after the pool was saved: the export writes nothing outside", async () => {
    mkdirSync(path.join(poolRoot, "later"));
    const made = await createPool("later-z", path.join(poolRoot, "later", "z"));
    expect(made.result?.ok, made.raw.slice(0, 300)).toBe(true);
    const db = server.db();
    const pool = db.prepare(`SELECT "id" FROM "Pool" WHERE "name" = 'later-z'`).get() as { id: string };
    db.close();
    rmSync(path.join(poolRoot, "later"), { recursive: true });
    mkdirSync(path.join(outside, "later"));
    symlinkSync(path.join(outside, "later"), path.join(poolRoot, "later"));
    const started = await server.action(adminB, "lib/actions/pools.ts", "startExportAction", [{ projectId: server.seed.betaId, poolId: pool.id, mode: "full" }]);
    expect(started.result?.ok, started.raw.slice(0, 300)).toBe(true);
    const queued = server.db();
    const { id } = queued.prepare(`SELECT "id" FROM "Job" WHERE "kind" = 'export' ORDER BY "createdAt" DESC LIMIT 1`).get() as { id: string };
    queued.close();
    const [job] = await runWorkerUntilDone(server, [id]);
    expect(job!.status, JSON.stringify(job)).toBe("failed");
    expect(filesUnder(path.join(outside, "later")), "files written outside the pool roots").toEqual([]);
  });
});

test.describe("item 8: one tenant cannot starve the others", () => {
  test("another project's export runs before the flooding project's second import, and queued work per project is bounded", async () => {
    const made = await server.action(adminA, "lib/actions/tokens.ts", "createTokenAction", [null, (() => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ projectId: server.seed.alphaId, name: "flood", role: "admin" })) form.append(k, v);
      return form;
    })()]);
    const token = made.result?.secret as string;
    expect(token, made.raw.slice(0, 300)).toBeTruthy();
    const body = jsonl(Array.from({ length: 3000 }, (_, i) => sampleLine(`flood-${i}-${randomBytes(3).toString("hex")}`)));
    const push = () => fetch(`${server.base}/api/v1/projects/${server.seed.alphaId}/imports`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" }, body });
    const flood: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await push();
      expect(response.status, await response.clone().text()).toBe(202);
      flood.push(((await response.json()) as { jobId: string }).jobId);
    }
    const fourth = await push();
    expect(fourth.status, "a fourth queued import of the same project").toBe(429);
    expect(await fourth.text()).toMatch(/waiting/);

    const started = await server.action(adminB, "lib/actions/pools.ts", "startExportAction", [{ projectId: server.seed.betaId, poolId: server.seed.betaPoolId, mode: "full" }]);
    expect(started.result?.ok, started.raw.slice(0, 300)).toBe(true);
    const db = server.db();
    const { id: exportId } = db.prepare(`SELECT "id" FROM "Job" WHERE "kind" = 'export' AND "projectId" = ? ORDER BY "createdAt" DESC LIMIT 1`).get(server.seed.betaId) as { id: string };
    db.close();
    const rows = await runWorkerUntilDone(server, [...flood, exportId]);
    const startedAt = (row: (typeof rows)[number]) => new Date(row.startedAt!).getTime();
    const exportRow = rows.find((r) => r.id === exportId)!;
    const floodRows = rows.filter((r) => r.id !== exportId).sort((a, b) => startedAt(a) - startedAt(b));
    console.log(`[scheduling] start order: ${[...rows].sort((a, b) => startedAt(a) - startedAt(b)).map((r) => `${r.kind}@${r.projectId === server.seed.alphaId ? "alpha" : "beta"}`).join(", ")}`);
    expect(startedAt(exportRow), "the other project's export starts before the flood's second import").toBeLessThan(startedAt(floodRows[1]!));
  });
});

test.describe("item 9: clean-up", () => {
  test("orphaned uploads and export temp dirs are swept by age at start-up; fresh ones stay; a full disk refuses uploads", async () => {
    const old = Date.now() / 1000 - 3 * 86_400;
    const orphan = stagingDir(server.seed.alphaId, randomBytes(12).toString("hex"));
    const fresh = stagingDir(server.seed.alphaId, randomBytes(12).toString("hex"));
    for (const dir of [orphan, fresh]) {
      mkdirSync(path.join(dir, ".unpacked"), { recursive: true });
      writeFileSync(path.join(dir, "records.jsonl"), "{}\n");
    }
    const snapshots = path.join(server.dataDir, "pools", "beta-pool", "snapshots");
    const oldTemp = path.join(snapshots, ".tmp-20260101T000000.000Z-deadbeef-0123456789ab");
    const freshTemp = path.join(snapshots, ".tmp-20260101T000000.000Z-deadbeef-ba9876543210");
    for (const dir of [oldTemp, freshTemp]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "grounding.jsonl"), "{}\n");
    }
    for (const dir of [orphan, path.join(orphan, ".unpacked"), path.join(orphan, "records.jsonl"), oldTemp, path.join(oldTemp, "grounding.jsonl")]) utimesSync(dir, old, old);

    await server.stop();
    server.env.VERITY_MIN_FREE_DISK_MB = "100000000";
    // The sweep runs before the server answers its first request.
    await server.start();
    expect(existsSync(orphan), "an upload untouched for three days").toBe(false);
    expect(existsSync(oldTemp), "an export temp dir untouched for three days").toBe(false);
    expect(existsSync(fresh), "a fresh upload").toBe(true);
    expect(existsSync(freshTemp), "a fresh export temp dir").toBe(true);

    const cookie = await server.signIn(server.seed.users.adminA.email);
    const refused = await upload(cookie, server.seed.alphaId, [{ path: "records.jsonl", data: jsonl([sampleLine("disk")]) }]);
    expect(refused.answers[0]!.status, refused.answers[0]!.text).toBe(503);
    expect(refused.answers[0]!.text).toMatch(/free disk/);
  });
});
