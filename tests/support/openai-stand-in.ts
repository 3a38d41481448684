// A stand-in for an OpenAI-compatible chat-completions server as `vllm serve` exposes it: 127.0.0.1
// on a free port, started and stopped by the test that uses it (as s3-server.ts stands in for S3).
// It answers in vLLM's shapes and CHECKS every request: what vLLM would refuse, and a few things
// vLLM would let through but that mean our client is wrong (a null sampling value, which is what
// JSON.stringify makes of NaN; a data URL whose mime lies about its bytes; an image not resized as
// the model convention says), is answered as vLLM answers a bad request and recorded in
// `violations`; `assertClean()` throws with the list.
//
//   const server = await startOpenAiStandIn({ models: ["qwen"], apiKey: "k", reply: (req, i) => ({ content: "ok" }) });
//   ...point the client at server.url (ends in /v1)...; server.assertClean(); await server.close();
//
// `reply` scripts each accepted chat request: content (optionally delayed, with token counts), a
// 429 with Retry-After, a 5xx, a dropped socket, a 200 whose body is not JSON, or no answer at all
// (close() ends it). `requests` holds the accepted ones in arrival order; `inFlightPeak` is the
// most chat requests open at once, so a test can assert a client's concurrency cap held.
//
// Shapes, from vLLM's code (line numbers in the stored copy at the commit named):
// - errors {error: {message, type, param, code}}: vllm-project/vllm@040a2cc2a6295ea9c313d86526ff90a103eacb3e
//   vllm/entrypoints/openai/engine/protocol.py:69-77, built by vllm-project/vllm@1c6ebf2c6b4f0604b68a07980ab01791671ba52c
//   vllm/entrypoints/serve/utils/error_response.py:16-76 (default "BadRequestError"/400, else "InternalServerError"/500);
//   a body that fails the request schema gets type "Bad Request": vllm-project/vllm@029329a8eded26d05ef8d4a302a6c9f318817dd8
//   vllm/entrypoints/openai/server_utils.py:403-437 (HTTP exceptions use the status phrase, :385-400).
// - unknown model: 404 "The model `x` does not exist.", NotFoundError, param "model":
//   vllm-project/vllm@00153c8b7948077ebdfc5bfa14e403da41aaea6d vllm/entrypoints/openai/models/serving.py:49-58.
// - --api-key: every path under /v1 needs `Authorization: Bearer <key>` (scheme case-free), else 401
//   {"error": "Unauthorized"}, not the envelope above: server_utils.py:38-83 at 029329a8 (the 401 at :80-82).
// - /v1/models cards {id, object: "model", created, owned_by: "vllm", root, parent}: engine/protocol.py:95-108
//   at 040a2cc2; extra request keys are allowed (extra="allow"): same file :37-39.
// - the completion {id: "chatcmpl-…", object, created, model, choices: [{index, message, logprobs,
//   finish_reason, stop_reason}], usage}: vllm-project/vllm@002032ee2b18e1f7bd924ec47b62504ba3866063
//   vllm/entrypoints/openai/chat_completion/protocol.py:67-84, 104-140; usage: engine/protocol.py:115-119 at 040a2cc2.
// - temperature in [0, 2], images only in user turns: https://platform.openai.com/docs/api-reference/chat/create
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { z } from "zod";

const TextPart = z.looseObject({ type: z.literal("text"), text: z.string() });
const ImagePart = z.looseObject({ type: z.literal("image_url"), image_url: z.looseObject({ url: z.string() }) });
const TextContent = z.union([z.string(), z.array(TextPart).min(1)]);
const Message = z.discriminatedUnion("role", [
  z.looseObject({ role: z.literal("user"), content: z.union([z.string(), z.array(z.discriminatedUnion("type", [TextPart, ImagePart])).min(1)]) }),
  z.looseObject({ role: z.enum(["system", "assistant"]), content: TextContent }),
]);
const Positive = z.number().int().positive();
// `.optional()` admits absence, not null: a null here is almost always NaN or undefined serialized.
const ChatRequest = z.looseObject({
  model: z.string(), // vLLM would default a missing model to the first served one; our client must name it
  messages: z.array(Message).min(1),
  temperature: z.number().min(0).max(2).optional(),
  max_tokens: Positive.optional(),
  max_completion_tokens: Positive.optional(),
  n: Positive.optional(),
  seed: z.number().int().optional(),
  stream: z.literal(false).optional(), // the stand-in speaks the non-streaming protocol only
});

export type ChatMessage = z.infer<typeof Message>;
export type StandInImage = { width: number; height: number; mime: "image/png" | "image/jpeg"; bytes: number };
export type StandInRequest = {
  model: string; messages: ChatMessage[]; temperature?: number; max_tokens?: number; seed?: number; n?: number;
  body: unknown; headers: Record<string, string>; images: StandInImage[]; text: string; // every text part, joined by "\n"
};
export type StandInReply =
  | { content: string; delayMs?: number; promptTokens?: number; completionTokens?: number; finishReason?: "stop" | "length" }
  | { status: 429; retryAfterSeconds?: number }
  | { status: 500 | 502 | 503; message?: string }
  | { drop: true } | { malformedJson: true } | { hang: true };
export type ImageExpectation = { maxPixels?: number; width?: number; height?: number };
export type OpenAiStandInOptions = {
  models: string[]; // vLLM's --served-model-name
  apiKey?: string; // vLLM's --api-key
  reply: (request: StandInRequest, index: number) => StandInReply | Promise<StandInReply>;
  expectImage?: (request: StandInRequest) => ImageExpectation | undefined; // the size each image must have
  maxBodyBytes?: number;
};
export type OpenAiStandIn = {
  url: string; requests: StandInRequest[]; violations: string[]; readonly inFlightPeak: number;
  close: () => Promise<void>; assertClean: () => void;
};
type Refusal = { status: number; type: string; message: string; param?: string };

// zod reports a failed union as a bare "Invalid input"; name what the closest branch wanted instead.
type Issue = z.core.$ZodIssue;
const depth = (branch: Issue[]) => Math.max(0, ...branch.map((issue) => issue.path.length));
function describeIssues(issues: readonly Issue[], prefix: PropertyKey[] = []): string[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors.length > 0)
      return describeIssues(issue.errors.reduce((a, b) => (depth(b) > depth(a) ? b : a)), path);
    return [`${path.map(String).join(".") || "body"}: ${issue.message}`];
  });
}

const errorBody = (status: number, type: string, message: string, param: string | null = null) => ({ error: { message, type, param, code: status } });
const badRequest = (type: string, message: string): Refusal => ({ status: 400, type, message });

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  return size > limit ? undefined : Buffer.concat(chunks);
}

// vLLM decodes whatever bytes arrive and ignores the declared mime; we sniff them with sharp so a
// client that labels a JPEG as PNG (or sends garbage) is caught here rather than by a picky host.
async function inspectImage(url: string): Promise<StandInImage | string> {
  const [, declared, data] = /^data:(image\/(?:png|jpeg));base64,(.*)$/s.exec(url) ?? [];
  if (!declared || data === undefined) return "not a data:image/png or data:image/jpeg base64 URL";
  if (data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) return "the base64 payload is malformed";
  const bytes = Buffer.from(data, "base64");
  const meta = await sharp(bytes).metadata().catch(() => undefined);
  const sniffed = meta?.format === "png" ? "image/png" : meta?.format === "jpeg" ? "image/jpeg" : undefined;
  if (!sniffed || !meta?.width || !meta.height) return `the bytes are not a PNG or JPEG (sharp read ${meta?.format ?? "nothing"})`;
  if (sniffed !== declared) return `declared ${declared} but the bytes are ${sniffed}`;
  return { width: meta.width, height: meta.height, mime: sniffed, bytes: bytes.length };
}

function imageMismatch(image: StandInImage, expected: ImageExpectation): string | undefined {
  const size = `${image.width}x${image.height}`;
  if (expected.width !== undefined && image.width !== expected.width) return `image is ${size}, expected width ${expected.width}`;
  if (expected.height !== undefined && image.height !== expected.height) return `image is ${size}, expected height ${expected.height}`;
  if (expected.maxPixels !== undefined && image.width * image.height > expected.maxPixels) return `image is ${size}, over ${expected.maxPixels} pixels`;
  return undefined;
}

// Deterministic usage: ~4 characters a text token, one visual token per 28x28 pixels (Qwen2-VL's merged patch).
const estimatePromptTokens = (request: StandInRequest) =>
  Math.ceil(request.text.length / 4) + request.images.reduce((sum, i) => sum + Math.ceil((i.width * i.height) / (28 * 28)), 0);

export async function startOpenAiStandIn(options: OpenAiStandInOptions): Promise<OpenAiStandIn> {
  const requests: StandInRequest[] = [];
  const violations: string[] = [];
  const created = Math.floor(Date.now() / 1000);
  let received = 0;
  let inFlight = 0;
  let inFlightPeak = 0;

  async function inspect(req: http.IncomingMessage, raw: Buffer): Promise<StandInRequest | Refusal> {
    const mediaType = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (mediaType !== "application/json") return badRequest("Bad Request", "Unsupported Media Type: Only 'application/json' is allowed");
    let body: unknown;
    try { body = JSON.parse(raw.toString("utf8")); } catch { return badRequest("Bad Request", "the body is not JSON"); }
    const parsed = ChatRequest.safeParse(body);
    if (!parsed.success) return badRequest("Bad Request", describeIssues(parsed.error.issues).join("; "));
    const data = parsed.data;
    if (!options.models.includes(data.model)) return { status: 404, type: "NotFoundError", param: "model", message: `The model \`${data.model}\` does not exist.` };
    const images: StandInImage[] = [];
    const texts: string[] = [];
    for (const [m, message] of data.messages.entries()) {
      if (typeof message.content === "string") { texts.push(message.content); continue; }
      for (const [p, part] of message.content.entries()) {
        if (part.type === "text") { texts.push(part.text); continue; }
        const image = await inspectImage(part.image_url.url);
        if (typeof image === "string") return badRequest("BadRequestError", `messages.${m}.content.${p}.image_url.url: ${image}`);
        images.push(image);
      }
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
    const { model, messages, temperature, max_tokens, seed, n } = data;
    const request: StandInRequest = { model, messages, temperature, max_tokens, seed, n, body, headers, images, text: texts.join("\n") };
    const expected = options.expectImage?.(request);
    if (expected && images.length === 0) return badRequest("BadRequestError", "an image was expected and none was sent");
    const mismatch = expected && images.map((image) => imageMismatch(image, expected)).find(Boolean);
    return mismatch ? badRequest("BadRequestError", mismatch) : request;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, label: string): Promise<void> {
    const path = (req.url ?? "").split("?")[0]!;
    const violate = (message: string) => violations.push(`${label}: ${message}`);
    if (path === "/health") return void res.writeHead(200).end(); // outside /v1, so no key, as in vLLM
    const authorization = req.headers.authorization ?? "";
    const space = authorization.indexOf(" ");
    const isAuthorized = space > 0 && authorization.slice(0, space).toLowerCase() === "bearer" && authorization.slice(space + 1) === options.apiKey;
    if (options.apiKey !== undefined && path.startsWith("/v1") && !isAuthorized) {
      violate("missing or wrong bearer key");
      return send(res, 401, { error: "Unauthorized" });
    }
    if (req.method === "GET" && path === "/v1/models") {
      const data = options.models.map((id) => ({ id, object: "model", created, owned_by: "vllm", root: id, parent: null }));
      return send(res, 200, { object: "list", data });
    }
    if (path !== "/v1/chat/completions" || req.method !== "POST") {
      violate("no such route");
      return send(res, 404, { detail: "Not Found" }); // FastAPI's answer for an unknown route
    }
    inFlightPeak = Math.max(inFlightPeak, ++inFlight);
    res.on("close", () => inFlight--);
    const raw = await readBody(req, options.maxBodyBytes ?? 32 * 1024 * 1024);
    const inspected: StandInRequest | Refusal = raw === undefined ? { status: 413, type: "Payload Too Large", message: "the body is over maxBodyBytes" } : await inspect(req, raw);
    if (!("model" in inspected)) {
      violate(`${inspected.status} ${inspected.message}`);
      return send(res, inspected.status, errorBody(inspected.status, inspected.type, inspected.message, inspected.param));
    }
    const index = requests.push(inspected) - 1;
    const reply = await options.reply(inspected, index);
    if ("hang" in reply) return; // the client's timeout must fire; close() ends the socket
    if ("drop" in reply) return void req.socket.destroy();
    if ("malformedJson" in reply) return void res.writeHead(200, { "content-type": "application/json" }).end('{"id": "chatcmpl-cut", "choices": [');
    // vLLM does not rate-limit; proxies and hosted APIs do, and a client must go by status and Retry-After.
    if ("status" in reply && reply.status === 429)
      return send(res, 429, errorBody(429, "RateLimitError", "Rate limit reached"), reply.retryAfterSeconds === undefined ? {} : { "retry-after": String(reply.retryAfterSeconds) });
    if ("status" in reply)
      return send(res, reply.status, errorBody(reply.status, reply.status === 500 ? "InternalServerError" : http.STATUS_CODES[reply.status]!, reply.message ?? "scripted failure"));
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (res.destroyed) return; // the client gave up while we "generated"
    const promptTokens = reply.promptTokens ?? estimatePromptTokens(inspected);
    const completionTokens = reply.completionTokens ?? Math.ceil(reply.content.length / 4);
    const message = { role: "assistant", content: reply.content, refusal: null, reasoning: null };
    send(res, 200, {
      id: `chatcmpl-${randomUUID().replaceAll("-", "")}`, object: "chat.completion", created: Math.floor(Date.now() / 1000), model: inspected.model,
      choices: Array.from({ length: inspected.n ?? 1 }, (_, i) => ({ index: i, message, logprobs: null, finish_reason: reply.finishReason ?? "stop", stop_reason: null })),
      service_tier: null, system_fingerprint: null,
      usage: { prompt_tokens: promptTokens, total_tokens: promptTokens + completionTokens, completion_tokens: completionTokens, prompt_tokens_details: null },
    });
  }

  const server = http.createServer((req, res) => {
    const label = `#${++received} ${req.method} ${req.url}`;
    handle(req, res, label).catch((error: unknown) => {
      if (req.destroyed || res.writableEnded) return; // the client went away mid-body: not the protocol's fault
      violations.push(`${label}: the stand-in failed: ${String(error)}`);
      send(res, 500, errorBody(500, "InternalServerError", String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    violations,
    get inFlightPeak() { return inFlightPeak; },
    close: () => new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections(); // hung replies and idle keep-alive sockets
    }),
    assertClean: () => {
      if (violations.length > 0) throw new Error(`the OpenAI stand-in refused ${violations.length} request(s):\n- ${violations.join("\n- ")}`);
    },
  };
}
