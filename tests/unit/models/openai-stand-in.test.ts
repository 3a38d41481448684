// The OpenAI-compatible stand-in the model-run tests talk to: spoken to with plain fetch on a real
// loopback socket, so what is checked here is what a client sees (statuses, headers, bodies) and
// what the stand-in records about the requests it refused.
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { startOpenAiStandIn, type OpenAiStandIn, type OpenAiStandInOptions, type StandInReply } from "@/tests/support/openai-stand-in";

const MODEL = "qwen2.5-vl-7b";
const KEY = "sk-stand-in";
let server: OpenAiStandIn | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(reply: (text: string) => StandInReply = () => ({ content: "ok" }), options: Partial<OpenAiStandInOptions> = {}) {
  server = await startOpenAiStandIn({ models: [MODEL], apiKey: KEY, reply: (request) => reply(request.text), ...options });
  return server;
}

async function image(format: "png" | "jpeg", width: number, height: number): Promise<Buffer> {
  const canvas = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });
  return (format === "png" ? canvas.png() : canvas.jpeg()).toBuffer();
}

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString("base64")}`;

function chat(body: unknown, init: { key?: string; signal?: AbortSignal } = {}): Promise<Response> {
  return fetch(`${server!.url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${init.key ?? KEY}` },
    body: JSON.stringify(body),
    signal: init.signal,
  });
}

const userText = (text: string, extra: Record<string, unknown> = {}) => ({ model: MODEL, messages: [{ role: "user", content: text }], ...extra });
const userImage = (url: string) => ({
  model: MODEL,
  messages: [{ role: "user", content: [{ type: "text", text: "where is OK?" }, { type: "image_url", image_url: { url } }] }],
});

describe("the OpenAI-compatible stand-in", () => {
  it("answers a good request in vLLM's completion shape and records it", async () => {
    await start(() => ({ content: "click(10, 20)" }));
    const png = await image("png", 56, 28);
    const body = {
      model: MODEL,
      temperature: 0,
      max_tokens: 64,
      seed: 7,
      top_k: 1, // vLLM's extra sampling parameters are allowed
      messages: [
        { role: "system", content: "You are a GUI agent." },
        { role: "user", content: [{ type: "text", text: "where is OK?" }, { type: "image_url", image_url: { url: dataUrl("image/png", png) } }] },
      ],
    };
    const response = await chat(body);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const json = await response.json();
    const text = "You are a GUI agent.\nwhere is OK?";
    const promptTokens = Math.ceil(text.length / 4) + 2; // 56x28 pixels = two 28x28 visual tokens
    expect(json).toMatchObject({
      object: "chat.completion",
      model: MODEL,
      choices: [{ index: 0, message: { role: "assistant", content: "click(10, 20)" }, finish_reason: "stop", logprobs: null }],
      usage: { prompt_tokens: promptTokens, completion_tokens: 4, total_tokens: promptTokens + 4 },
    });
    expect(json.id).toMatch(/^chatcmpl-/);
    expect(Number.isInteger(json.created)).toBe(true);
    const [recorded] = server!.requests;
    expect(recorded).toMatchObject({ model: MODEL, temperature: 0, max_tokens: 64, seed: 7, text, body });
    expect(recorded!.images).toEqual([{ width: 56, height: 28, mime: "image/png", bytes: png.length }]);
    expect(recorded!.headers.authorization).toBe(`Bearer ${KEY}`);
    server!.assertClean();
  });

  it("lists the served models, behind the key like every /v1 route", async () => {
    await start(undefined, { models: [MODEL, "ui-tars"] });
    const response = await fetch(`${server!.url}/models`, { headers: { authorization: `Bearer ${KEY}` } });
    const json = await response.json();
    expect(json.object).toBe("list");
    expect(json.data.map((card: { id: string }) => card.id)).toEqual([MODEL, "ui-tars"]);
    expect(json.data[0]).toMatchObject({ object: "model", owned_by: "vllm" });
    expect((await fetch(`${server!.url}/models`)).status).toBe(401);
  });

  it("answers a wrong key 401 as vLLM does and records it", async () => {
    await start();
    const response = await chat(userText("hi"), { key: "sk-wrong" });
    expect([response.status, await response.json()]).toEqual([401, { error: "Unauthorized" }]);
    expect(server!.violations).toEqual([expect.stringContaining("wrong bearer key")]);
    expect(() => server!.assertClean()).toThrow(/wrong bearer key/);
  });

  it("answers an unknown model 404 with vLLM's message", async () => {
    await start();
    const response = await chat({ ...userText("hi"), model: "gpt-4o" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { message: "The model `gpt-4o` does not exist.", type: "NotFoundError", param: "model", code: 404 } });
    expect(server!.violations).toHaveLength(1);
  });

  it("refuses malformed requests with 400 and records each", async () => {
    await start();
    // Each body with the part of the recorded reason that says what was wrong with it.
    const bad: [unknown, string][] = [
      [{ model: MODEL, messages: [] }, "messages: Too small"],
      [{ model: MODEL, messages: [{ role: "user", content: [{ type: "image", url: "x" }] }] }, "messages.0.content.0.type"],
      [{ model: MODEL, messages: [{ role: "tool", content: "x" }] }, "messages.0.role"],
      [{ model: MODEL, messages: [{ role: "system", content: [{ type: "image_url", image_url: { url: "data:image/png;base64,AA==" } }] }] }, "messages.0.content.0.type"],
      [{ messages: [{ role: "user", content: "no model" }] }, "model: "],
      [userText("hot", { temperature: 2.5 }), "temperature: Too big"],
      [userText("nan", { temperature: null }), "temperature: Invalid input"],
      [userText("none", { max_tokens: 0 }), "max_tokens: Too small"],
      [userText("stream", { stream: true }), "stream: "],
      [userImage("https://example.com/a.png"), "not a data:image/png or data:image/jpeg base64 URL"],
      [userImage("data:image/png;base64,not base64!"), "base64 payload is malformed"],
      [userImage("data:image/png;base64,AAAA"), "not a PNG or JPEG"],
    ];
    for (const [body] of bad) {
      const response = await chat(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error).toMatchObject({ code: 400, type: expect.any(String), message: expect.any(String) });
    }
    expect(server!.violations).toEqual(bad.map(([, reason]) => expect.stringContaining(reason)));
    expect(server!.requests).toEqual([]);
  });

  it("sniffs an image's bytes: a JPEG declared as PNG is refused", async () => {
    await start();
    const response = await chat(userImage(dataUrl("image/png", await image("jpeg", 32, 32))));
    expect(response.status).toBe(400);
    expect(server!.violations).toEqual([expect.stringContaining("declared image/png but the bytes are image/jpeg")]);
  });

  it("holds each image to the size the request must carry", async () => {
    await start(undefined, { expectImage: (request) => (request.text.includes("OK") ? { width: 64, height: 64, maxPixels: 64 * 64 } : undefined) });
    expect((await chat(userImage(dataUrl("image/png", await image("png", 64, 64))))).status).toBe(200);
    expect((await chat(userImage(dataUrl("image/png", await image("png", 32, 64))))).status).toBe(400);
    expect((await chat(userImage(dataUrl("image/jpeg", await image("jpeg", 64, 80))))).status).toBe(400);
    expect((await chat(userText("where is OK?"))).status).toBe(400);
    expect(server!.violations).toEqual([
      expect.stringContaining("image is 32x64, expected width 64"),
      expect.stringContaining("image is 64x80, expected height 64"),
      expect.stringContaining("an image was expected"),
    ]);
  });

  it("scripts 429 with Retry-After and 5xx errors", async () => {
    await start((text) => (text === "busy" ? { status: 429, retryAfterSeconds: 7 } : { status: 500, message: "engine died" }));
    const limited = await chat(userText("busy"));
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "7"]);
    expect((await limited.json()).error.code).toBe(429);
    const failed = await chat(userText("fail"));
    expect([failed.status, await failed.json()]).toEqual([500, { error: { message: "engine died", type: "InternalServerError", param: null, code: 500 } }]);
    server!.assertClean(); // scripted failures are the server's, not the client's
  });

  it("drops the socket, answers a body that is not JSON, or never answers", async () => {
    await start((text) => (text === "drop" ? { drop: true } : text === "garbled" ? { malformedJson: true } : { hang: true }));
    await expect(chat(userText("drop"))).rejects.toThrow();
    const garbled = await chat(userText("garbled"));
    expect(garbled.status).toBe(200);
    await expect(garbled.json()).rejects.toThrow(SyntaxError);
    await expect(chat(userText("hang"), { signal: AbortSignal.timeout(200) })).rejects.toThrow(/timeout|aborted/i);
    expect(server!.requests.map((request) => request.text)).toEqual(["drop", "garbled", "hang"]);
  });

  it("counts the requests in flight at once", async () => {
    await start(() => ({ content: "ok", delayMs: 150 }));
    const responses = await Promise.all(Array.from({ length: 5 }, (_, i) => chat(userText(`job ${i}`))));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(server!.inFlightPeak).toBe(5);
    server!.assertClean();
  });
});
