// Model connections through the v1 API (route handlers called with a project token) and through
// the CLI (a child process, as an operator runs it), on SQLite and PostgreSQL, against the
// OpenAI stand-in on loopback: the key goes in and never comes out (answers, CLI output, audit
// rows), the hint does; the test reads the model's point back; bad input is refused naming the
// field or flag; a key given as an argument is refused with where to give it instead.
process.env.NEXTAUTH_SECRET ??= "model-connections-api-cli-secret-0123456789abcdef";
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "../databases";
import { startOpenAiStandIn, type OpenAiStandIn } from "@/tests/support/openai-stand-in";
import { ConnectionListSchema, ConnectionOneSchema, ConnectionTestResultSchema } from "@/lib/api/v1-model-connection-schemas";
import type { Db } from "@/lib/db";
import { endpointOf } from "@/lib/models/connections/connections";
import { createApiToken } from "@/lib/tokens/tokens";
import * as collectionRoute from "@/app/api/v1/projects/[projectId]/model-connections/route";
import * as connectionRoute from "@/app/api/v1/projects/[projectId]/model-connections/[connectionId]/route";
import * as testRoute from "@/app/api/v1/projects/[projectId]/model-connections/[connectionId]/test/route";
import { callRoute as call } from "../route-call";

const KEY = "sk-test-7f3a9c2e1b";
const NEW_KEY = "sk-rotated-55aa66bb";
const MODEL = "ui-venus-1.5-7b";

// The handlers use the app's one client (lib/db/index.ts keeps it on globalThis): the test database.
const global = globalThis as unknown as { verityDb?: Db };
const servers: OpenAiStandIn[] = [];
afterEach(async () => {
  delete global.verityDb;
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function world(provider: (typeof PROVIDERS)[number]) {
  const { db, url } = await freshDatabase(provider);
  const owner = await db.user.create({ data: { email: "owner@x.test", name: "Owner", isOwner: true } });
  const admin = await db.user.create({ data: { email: "admin@x.test", name: "Admin" } });
  const reviewer = await db.user.create({ data: { email: "reviewer@x.test", name: "Reviewer" } });
  const project = await db.project.create({ data: { slug: "mc", name: "M", settings: {} } });
  const other = await db.project.create({ data: { slug: "oc", name: "O", settings: {} } });
  await db.membership.createMany({ data: [{ projectId: project.id, userId: admin.id, role: "admin" }, { projectId: project.id, userId: reviewer.id, role: "reviewer" }, { projectId: other.id, userId: admin.id, role: "admin" }] });
  const server = await startOpenAiStandIn({ models: [MODEL], apiKey: KEY, reply: () => ({ content: "[750,250]", delayMs: 3 }) });
  servers.push(server);
  return { db, url, owner, admin, project, other, server };
}

const auditRows = (db: Db, projectId: string) => db.auditLog.findMany({ where: { projectId, action: { startsWith: "model_connection." } }, orderBy: { createdAt: "asc" } });

describe.each(PROVIDERS)("model connections over the v1 API on %s", (provider) => {
  it("saves, lists, changes, tests and removes a connection as the token's creator; the key never comes back", async () => {
    const { db, admin, project, other, server } = await world(provider);
    global.verityDb = db;
    const token = async (role: "annotator" | "reviewer" | "admin", projectId = project.id) => (await createApiToken(db, projectId, admin.id, { name: `t-${role}-${Math.random()}`, role })).secret;
    const adminToken = await token("admin");
    const base = `/api/v1/projects/${project.id}/model-connections`;
    const p = { projectId: project.id };
    const input = { name: "local vllm", baseUrl: `${server.url}/chat/completions`, model: MODEL, apiKey: KEY, convention: "rel1000", timeoutSeconds: 30 };

    // Refusals name the field.
    const badConvention = await call(collectionRoute.POST, base, p, adminToken, { method: "POST", body: { ...input, convention: "pixels" } });
    expect(badConvention.status).toBe(400);
    expect(badConvention.body).toMatchObject({ error: { code: "invalid_input", message: expect.stringContaining("convention: must be rel1000, qwen25-abs or norm1") } });
    const badUrl = await call(collectionRoute.POST, base, p, adminToken, { method: "POST", body: { ...input, baseUrl: "ftp://gpu-01/v1" } });
    expect(badUrl).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining("baseUrl: must start with http:// or https://") } } });
    expect(badUrl.text).not.toContain(KEY);
    const metadata = await call(collectionRoute.POST, base, p, adminToken, { method: "POST", body: { ...input, baseUrl: "http://169.254.169.254/v1" } });
    expect(metadata).toMatchObject({ status: 403, body: { error: { message: expect.stringContaining("link-local") } } });
    // Role and project: a reviewer token is refused, another project's token does not see it.
    expect((await call(collectionRoute.POST, base, p, await token("reviewer"), { method: "POST", body: input })).status).toBe(403);
    expect((await call(collectionRoute.GET, base, p, await token("admin", other.id))).status).toBe(404);

    const created = await call(collectionRoute.POST, base, p, adminToken, { method: "POST", body: input });
    expect(created.status, created.text).toBe(201);
    const connection = ConnectionOneSchema.parse(created.body).connection;
    expect(connection).toMatchObject({ name: "local vllm", baseUrl: server.url, model: MODEL, apiKeyHint: "…2e1b", convention: "rel1000", maxConcurrent: 4, timeoutSeconds: 30, lastTestAt: null, createdBy: { email: "admin@x.test" } });
    expect(created.text).not.toContain(KEY);
    expect(created.text).not.toContain("apiKeyCipher");
    const duplicate = await call(collectionRoute.POST, base, p, adminToken, { method: "POST", body: input });
    expect(duplicate).toMatchObject({ status: 409, body: { error: { message: expect.stringContaining('named "local vllm" already exists') } } });

    const one = `${base}/${connection.id}`;
    const q = { projectId: project.id, connectionId: connection.id };
    const listed = await call(collectionRoute.GET, base, p, adminToken);
    expect(ConnectionListSchema.parse(listed.body).connections).toEqual([connection]);
    expect(listed.text).not.toContain(KEY);
    expect((await call(connectionRoute.GET, one, q, adminToken)).body).toEqual({ connection });
    expect((await call(connectionRoute.GET, `${base}/nope`, { ...q, connectionId: "nope" }, adminToken)).status).toBe(404);
    expect((await call(connectionRoute.GET, one, { ...q, projectId: other.id }, adminToken)).status).toBe(404);

    // PATCH without a key keeps it; a bad field is named.
    const kept = await call(connectionRoute.PATCH, one, q, adminToken, { method: "PATCH", body: { ...input, apiKey: "", maxConcurrent: 8 } });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body).toMatchObject({ connection: { maxConcurrent: 8, apiKeyHint: "…2e1b" } });
    expect((await endpointOf(db, project.id, connection.id)).apiKey).toBe(KEY);
    const badPatch = await call(connectionRoute.PATCH, one, q, adminToken, { method: "PATCH", body: { ...input, maxConcurrent: 0 } });
    expect(badPatch).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining("maxConcurrent") } } });

    // The test sends the key as the bearer header, and answers what it read.
    const tested = await call(testRoute.POST, `${one}/test`, q, adminToken, { method: "POST" });
    expect(tested.status, tested.text).toBe(200);
    expect(ConnectionTestResultSchema.parse(tested.body)).toMatchObject({ ok: true, reply: "[750,250]", parsed: { kind: "point", x: 168, y: 56 }, onTarget: true, imageSent: { width: 224, height: 224 }, error: null });
    expect(tested.text).not.toContain(KEY);
    server.assertClean();
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`]);
    expect((await call(connectionRoute.GET, one, q, adminToken)).body).toMatchObject({ connection: { lastTestOk: true, lastTestMessage: "answered (168.0, 56.0), on the test target" } });

    const rotated = await call(connectionRoute.PATCH, one, q, adminToken, { method: "PATCH", body: { ...input, apiKey: NEW_KEY } });
    expect(rotated.body).toMatchObject({ connection: { apiKeyHint: "…66bb", lastTestAt: null } });
    expect(rotated.text).not.toContain(NEW_KEY);
    const removed = await call(connectionRoute.DELETE, one, q, adminToken, { method: "DELETE" });
    expect(removed).toMatchObject({ status: 200, body: { connection: { id: connection.id, name: "local vllm" } } });
    expect((await call(connectionRoute.GET, one, q, adminToken)).status).toBe(404);
    expect((await call(testRoute.POST, `${one}/test`, q, adminToken, { method: "POST" })).status).toBe(404);

    const audit = await auditRows(db, project.id);
    expect(audit.map((a) => a.action)).toEqual(["model_connection.create", "model_connection.update", "model_connection.test", "model_connection.update", "model_connection.delete"]);
    expect(new Set(audit.map((a) => a.userId))).toEqual(new Set([admin.id]));
    expect(audit.map((a) => a.targetId)).toEqual(Array(5).fill(connection.id));
    expect(audit.map((a) => (a.details as { keyChanged?: boolean }).keyChanged)).toEqual([true, false, undefined, true, undefined]);
    expect(audit[2]!.details).toMatchObject({ ok: true, errorKind: null, onTarget: true });
    const everything = JSON.stringify(audit);
    for (const secret of [KEY, NEW_KEY, "2e1b", "66bb"]) expect(everything).not.toContain(secret);
  });
});

type Ran = { code: number | null; stdout: string; stderr: string };

// The CLI is the same library code on either database (the API tests above run on both); one
// provider keeps the child processes, each a second of start-up, to what the shell adds.
describe.each(["sqlite"] as const)("the model connection CLI on %s", (provider) => {
  it("adds with the key from an environment variable or stdin, lists the hint, tests, and refuses a key on the command line", async () => {
    const { db, url, owner, admin, project, server } = await world(provider);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "verity-model-cli-"));
    const verity = (args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) =>
      new Promise<Ran>((resolve, reject) => {
        const child = spawn("node", ["--conditions=react-server", "--import", "tsx", "bin/verity.ts", ...args], {
          env: { ...process.env, DATABASE_URL: url, VERITY_DATA_DIR: dataDir, CHECKPOINT_DISABLE: "1", ...options.env },
          stdio: ["pipe", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, stdout, stderr }));
        child.stdin.end(options.stdin ?? "");
      });
    const everyOutput: Ran[] = [];
    const run = async (args: string[], options?: { stdin?: string; env?: Record<string, string> }) => {
      const ran = await verity(args, options);
      everyOutput.push(ran);
      return ran;
    };
    const add = ["model", "connection", "add", "--project", "mc", "--base-url", server.url, "--model", MODEL];

    const byEnv = await run([...add, "--name", "gpu", "--api-key-env", "GPU_KEY", "--timeout", "30", "--as", "admin@x.test"], { env: { GPU_KEY: KEY } });
    expect(byEnv.code, byEnv.stderr).toBe(0);
    expect(byEnv.stdout).toMatch(/^Created model connection gpu \(\w+\): ui-venus-1\.5-7b at http:\/\/127\.0\.0\.1:\d+\/v1, rel1000, key …2e1b\.$/m);
    const row = await db.modelConnection.findFirstOrThrow({ where: { projectId: project.id, name: "gpu" } });
    expect(row).toMatchObject({ createdById: admin.id, convention: "rel1000", timeoutSeconds: 30, apiKeyHint: "…2e1b" });

    // From stdin, acting as the site owner by default, as JSON.
    const byStdin = await run([...add, "--name", "gpu-2", "--api-key-stdin", "--convention", "qwen25-abs", "--max-concurrent", "2", "--rpm", "60", "--json"], { stdin: `${NEW_KEY}\n` });
    expect(byStdin.code, byStdin.stderr).toBe(0);
    expect(JSON.parse(byStdin.stdout.trim())).toMatchObject({ name: "gpu-2", convention: "qwen25-abs", maxConcurrent: 2, requestsPerMinute: 60, apiKeyHint: "…66bb", createdBy: { email: "owner@x.test" } });
    expect((await endpointOf(db, project.id, JSON.parse(byStdin.stdout.trim()).id as string)).apiKey).toBe(NEW_KEY);

    // Refusals: one line naming the flag, exit 1, nothing saved.
    const asArgument = await run([...add, "--name", "leaky", "--api-key", KEY]);
    expect(asArgument.code).toBe(1);
    expect(asArgument.stderr.trim()).toBe("verity: --api-key is not taken on the command line (ps and the shell history would show the key): use --api-key-env VAR or --api-key-stdin");
    const badConvention = await run([...add, "--name", "bad", "--convention", "pixels"]);
    expect(badConvention.code).toBe(1);
    expect(badConvention.stderr.trim()).toBe('verity: --convention must be rel1000, qwen25-abs or norm1 (not "pixels")');
    const badTimeout = await run([...add, "--name", "bad", "--timeout", "0"]);
    expect(badTimeout.stderr).toMatch(/^verity: --timeout .*(>=1|at least 1|too small)/im);
    const unsetVariable = await run([...add, "--name", "bad", "--api-key-env", "NOT_SET_ANYWHERE"]);
    expect(unsetVariable.stderr.trim()).toBe("verity: --api-key-env: the environment variable NOT_SET_ANYWHERE is not set or is empty");
    expect((await run([...add, "--name", "bad", "--as", "nobody-admin@x.test"])).stderr.trim()).toBe("verity: --as: no active user nobody-admin@x.test");
    expect((await run([...add, "--name", "bad", "--as", "reviewer@x.test"])).stderr.trim()).toBe("verity: --as: reviewer@x.test is not an admin of mc");
    const missing = await run(["model", "connection", "add", "--project", "mc", "--name", "bad", "--model", MODEL]);
    expect(missing.stderr.trim()).toBe("verity: missing --base-url <url>");
    expect(await db.modelConnection.count({ where: { projectId: project.id } })).toBe(2);

    const listed = await run(["model", "connection", "list", "--project", "mc"]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^gpu\tui-venus-1\.5-7b\thttp:\/\/127\.0\.0\.1:\d+\/v1\trel1000\tkey …2e1b\tnot tested$/m);
    expect(listed.stdout).toMatch(/^gpu-2\t.*\tqwen25-abs\tkey …66bb\t/m);
    const listedJson = JSON.parse((await run(["model", "connection", "list", "--project", "mc", "--json"])).stdout.trim()) as { name: string; apiKeyHint: string }[];
    expect(listedJson.map((c) => [c.name, c.apiKeyHint])).toEqual([["gpu", "…2e1b"], ["gpu-2", "…66bb"]]);

    const tested = await run(["model", "connection", "test", "--project", "mc", "gpu", "--as", "admin@x.test"]);
    expect(tested.code, tested.stderr).toBe(0);
    expect(tested.stdout).toMatch(/^latency +\d+ ms$/m);
    expect(tested.stdout).toContain("image sent 224x224");
    expect(tested.stdout).toContain('reply      "[750,250]"');
    expect(tested.stdout).toContain("parsed     point (168.0, 56.0) in the test image's pixels, on the blue square");
    server.assertClean();
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`]);
    const testedJson = JSON.parse((await run(["model", "connection", "test", "--project", "mc", row.id, "--json"])).stdout.trim());
    expect(ConnectionTestResultSchema.parse(testedJson)).toMatchObject({ ok: true, parsed: { kind: "point", x: 168, y: 56 }, onTarget: true });

    // A server that is not there: the outcome is printed, and the exit code says it failed.
    const closed = await startOpenAiStandIn({ models: [MODEL], reply: () => ({ content: "" }) });
    await closed.close();
    await run([...add, "--name", "down", "--base-url", closed.url, "--as", "admin@x.test"]);
    const down = await run(["model", "connection", "test", "--project", "mc", "down"]);
    expect(down.code).toBe(1);
    expect(down.stdout).toMatch(/^error +unreachable: 127\.0\.0\.1:\d+: ECONNREFUSED/m);
    expect(down.stderr.trim()).toMatch(/^verity: the test of down failed: unreachable: /);
    const unknown = await run(["model", "connection", "test", "--project", "mc", "nope"]);
    expect(unknown.stderr.trim()).toBe('verity: no model connection "nope" in this project');

    const audit = await auditRows(db, project.id);
    expect(audit.map((a) => `${a.action} ${a.userId === admin.id ? "admin" : a.userId === owner.id ? "owner" : a.userId}`)).toEqual([
      "model_connection.create admin",
      "model_connection.create owner",
      "model_connection.test admin",
      "model_connection.test owner",
      "model_connection.create admin",
      "model_connection.test owner",
    ]);
    const everything = JSON.stringify([everyOutput, audit]);
    for (const secret of [KEY, NEW_KEY]) expect(everything).not.toContain(secret);
  }, 300_000);
});
