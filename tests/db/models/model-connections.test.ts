// Model connections against a protocol-faithful OpenAI-compatible server on loopback: the key
// is stored sealed and sent only as a bearer header, "Test connection" shows latency, reply and
// what was parsed, and each way a server or network fails is named by kind, not thrown.
process.env.NEXTAUTH_SECRET ??= "model-connections-test-secret-0123456789abcdef";
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "../databases";
import { startOpenAiStandIn, type OpenAiStandIn } from "@/tests/support/openai-stand-in";
import { createConnection, deleteConnection, endpointOf, listConnections, updateConnection } from "@/lib/models/connections/connections";
import { testConnection } from "@/lib/models/connections/test-connection";
import { sendChat } from "@/lib/models/connections/chat-client";

const KEY = "sk-test-7f3a9c2e1b";

describe.each(PROVIDERS)("model connections on %s", (provider) => {
  const servers: OpenAiStandIn[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  async function setup(reply: Parameters<typeof startOpenAiStandIn>[0]["reply"], extra: Partial<Parameters<typeof startOpenAiStandIn>[0]> = {}) {
    const { db } = await freshDatabase(provider);
    const user = await db.user.create({ data: { email: "admin@x.test", name: "Admin" } });
    const project = await db.project.create({ data: { slug: "m", name: "M", settings: {} } });
    const server = await startOpenAiStandIn({ models: ["ui-venus-1.5-7b"], apiKey: KEY, reply, ...extra });
    servers.push(server);
    const connection = await createConnection(db, project.id, user.id, { name: "local vllm", baseUrl: server.url, model: "ui-venus-1.5-7b", apiKey: KEY, convention: "rel1000", timeoutSeconds: 30 });
    return { db, user, project, server, connection };
  }

  it("stores the key sealed, lists only its hint, and tests the whole chain: key, model, image, convention, parser", async () => {
    const { db, project, server, connection } = await setup(() => ({ content: "[750,250]", delayMs: 5 }));
    const row = await db.modelConnection.findUniqueOrThrow({ where: { id: connection.id } });
    expect(JSON.stringify(row)).not.toContain(KEY);
    expect(row.apiKeyHint).toBe("…2e1b");
    const listed = await listConnections(db, project.id);
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain("apiKeyCipher");
    expect(JSON.stringify(listed)).not.toContain(KEY);

    const result = await testConnection(db, project.id, connection.id);
    expect(result).toMatchObject({ ok: true, templateId: "ui-venus-1.5-grounding", reply: "[750,250]", parsed: { kind: "point", x: 168, y: 56 }, onTarget: true, error: null, imageSent: { width: 224, height: 224 } });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    server.assertClean();
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.model).toBe("ui-venus-1.5-7b");
    expect(sent.temperature).toBe(0);
    expect(sent.images).toEqual([expect.objectContaining({ width: 224, height: 224, mime: "image/png" })]);
    expect(sent.text).toContain("Click the blue square");
    expect(JSON.stringify(sent.body)).not.toContain(KEY);

    const after = await db.modelConnection.findUniqueOrThrow({ where: { id: connection.id } });
    expect(after).toMatchObject({ lastTestOk: true, lastTestMessage: "answered (168.0, 56.0), on the test target" });
  });

  it("names a wrong key, an unknown model, a server that is down and an answer that is not JSON", async () => {
    const { db, project, server, connection, user } = await setup((_req, i) => (i === 0 ? { malformedJson: true } : { content: "[1,1]" }));
    await expect(testConnection(db, project.id, connection.id)).resolves.toMatchObject({ ok: false, error: { kind: "malformed" } });

    await updateConnection(db, project.id, connection.id, { name: "local vllm", baseUrl: server.url, model: "ui-venus-1.5-7b", apiKey: "sk-wrong-key-000", convention: "rel1000" });
    const wrongKey = await testConnection(db, project.id, connection.id);
    expect(wrongKey).toMatchObject({ ok: false, error: { kind: "unauthorized", message: "HTTP 401: Unauthorized" } });
    expect(await db.modelConnection.findUniqueOrThrow({ where: { id: connection.id } })).toMatchObject({ lastTestOk: false, lastTestMessage: "unauthorized: HTTP 401: Unauthorized" });

    const other = await createConnection(db, project.id, user.id, { name: "typo", baseUrl: server.url, model: "ui-venus-15", apiKey: KEY, convention: "rel1000" });
    await expect(testConnection(db, project.id, other.id)).resolves.toMatchObject({ ok: false, error: { kind: "unknown_model", message: "HTTP 404: The model `ui-venus-15` does not exist." } });

    const closed = await startOpenAiStandIn({ models: ["x"], reply: () => ({ content: "" }) });
    const deadUrl = closed.url;
    await closed.close();
    const down = await createConnection(db, project.id, user.id, { name: "down", baseUrl: deadUrl, model: "x", convention: "rel1000" });
    const result = await testConnection(db, project.id, down.id);
    expect(result).toMatchObject({ ok: false, error: { kind: "unreachable" } });
    expect(result.error!.message).toMatch(/^127\.0\.0\.1:\d+: ECONNREFUSED/);
  });

  it("keeps the key when an update leaves it blank, removes it on request, and refuses a duplicate name", async () => {
    const { db, project, server, connection, user } = await setup(() => ({ content: "[1,1]" }));
    const form = { name: "local vllm", baseUrl: server.url, model: "ui-venus-1.5-7b", convention: "rel1000", apiKey: "" };
    const kept = await updateConnection(db, project.id, connection.id, { ...form, maxConcurrent: 16 });
    expect(kept.keyChanged).toBe(false);
    expect((await endpointOf(db, project.id, connection.id)).apiKey).toBe(KEY);
    const cleared = await updateConnection(db, project.id, connection.id, { ...form, clearApiKey: "on" });
    expect(cleared).toMatchObject({ keyChanged: true, connection: { apiKeyHint: null } });
    expect((await endpointOf(db, project.id, connection.id)).apiKey).toBeNull();
    await expect(createConnection(db, project.id, user.id, form)).rejects.toThrow(/named "local vllm" already exists/);
    const otherProject = await db.project.create({ data: { slug: "o", name: "O", settings: {} } });
    await expect(endpointOf(db, otherProject.id, connection.id)).rejects.toThrow(/no such model connection/);
    await expect(deleteConnection(db, otherProject.id, connection.id)).rejects.toThrow(/no such model connection/);
    await deleteConnection(db, project.id, connection.id);
    expect(await listConnections(db, project.id)).toEqual([]);
  });

  it("sends a qwen25-abs model the smart-resized image it answers on, and reads its pixels there", async () => {
    const { db, project, server, user } = await setup(
      // (210, 70) on the 280x280 image UI-TARS-1.5's min pixels make of the 224x224 test image = (168, 56).
      () => ({ content: '<tool_call>\n{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [210, 70]}}\n</tool_call>' }),
      { expectImage: () => ({ width: 280, height: 280 }) },
    );
    const tars = await createConnection(db, project.id, user.id, { name: "tars", baseUrl: server.url, model: "ui-venus-1.5-7b", apiKey: KEY, convention: "qwen25-abs", minPixels: 100 * 28 * 28 });
    const result = await testConnection(db, project.id, tars.id);
    server.assertClean();
    expect(result).toMatchObject({ ok: true, templateId: "qwen2.5-vl-computer-use-grounding", imageSent: { width: 280, height: 280 }, parsed: { kind: "point", x: 168, y: 56 }, onTarget: true });
    expect(server.requests[0]!.text).toContain("280x280");
  });

  it("sorts 429 (with Retry-After), 5xx, a dropped connection and a hang into their kinds", async () => {
    const replies = [{ status: 429 as const, retryAfterSeconds: 3 }, { status: 503 as const }, { drop: true as const }, { hang: true as const }];
    const { db, project, connection } = await setup((_req, i) => replies[i]!);
    const endpoint = { ...(await endpointOf(db, project.id, connection.id)), timeoutSeconds: 1 };
    const ask = () => sendChat(endpoint, [{ role: "user", content: [{ type: "text", text: "hi" }] }], { temperature: 0 });
    expect(await ask()).toMatchObject({ ok: false, kind: "rate_limited", status: 429, retryAfterMs: 3000 });
    expect(await ask()).toMatchObject({ ok: false, kind: "server_error", status: 503 });
    expect(await ask()).toMatchObject({ ok: false, kind: "unreachable" });
    expect(await ask()).toMatchObject({ ok: false, kind: "timeout", message: "no answer within 1 s" });
    const cancel = new AbortController();
    cancel.abort();
    expect(await sendChat(endpoint, [{ role: "user", content: [{ type: "text", text: "hi" }] }], { temperature: 0 }, cancel.signal)).toMatchObject({ ok: false, kind: "cancelled" });
  });

  it("refuses to save or call a link-local address", async () => {
    const { db, project, user } = await setup(() => ({ content: "" }));
    await expect(createConnection(db, project.id, user.id, { name: "meta", baseUrl: "http://169.254.169.254/v1", model: "x", convention: "rel1000" })).rejects.toThrow(/link-local/);
    // A row saved before the rule (or written by hand) is refused at the request.
    const row = await db.modelConnection.create({ data: { projectId: project.id, createdById: user.id, name: "old", baseUrl: "http://169.254.169.254/v1", model: "x", convention: "rel1000" } });
    await expect(testConnection(db, project.id, row.id)).rejects.toThrow(/link-local/);
  });
});
