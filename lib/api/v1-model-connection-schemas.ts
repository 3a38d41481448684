// What the v1 model-connection routes read and answer (kept apart from lib/api/v1-schemas.ts,
// which is long enough). The body is the very schema the admin screen and the CLI check
// (ConnectionInputSchema); answers are ConnectionView as JSON: never the key, only its hint.
import { z } from "zod";
import { ConnectionInputSchema } from "@/lib/models/connections/connection-input";
import type { ConnectionView } from "@/lib/models/connections/connections";

export const ConnectionBodySchema = ConnectionInputSchema.describe(
  "a model connection: an OpenAI-compatible chat-completions server (base URL ending before /chat/completions), the model it serves, and how Verity reads its coordinates. apiKey is write-only: on PATCH an absent or blank apiKey keeps the stored key, clearApiKey: true removes it. PATCH takes the whole connection, as POST does.",
);

export const ApiConnectionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    baseUrl: z.string(),
    model: z.string(),
    apiKeyHint: z.string().nullable().describe("the key's last four characters (…abcd), null without a key; the key itself is never returned"),
    maxConcurrent: z.int(),
    requestsPerMinute: z.int().nullable(),
    timeoutSeconds: z.int(),
    convention: z.string().describe("rel1000 | qwen25-abs | norm1"),
    minPixels: z.int().nullable(),
    maxPixels: z.int().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    lastTestAt: z.iso.datetime().nullable(),
    lastTestOk: z.boolean().nullable(),
    lastTestLatencyMs: z.int().nullable(),
    lastTestMessage: z.string().nullable(),
    createdBy: z.object({ email: z.string() }),
  })
  .describe("a model connection (without its key)");
export type ApiConnection = z.infer<typeof ApiConnectionSchema>;

export const ConnectionListSchema = z.object({ connections: z.array(ApiConnectionSchema) }).describe("the project's model connections, by name");
export const ConnectionOneSchema = z.object({ connection: ApiConnectionSchema }).describe("a model connection");

export const ConnectionTestResultSchema = z
  .object({
    ok: z.boolean().describe("the server answered with a chat completion"),
    latencyMs: z.number(),
    templateId: z.string().nullable().describe("the grounding preset the test asked with (by the connection's convention); null: a plain question, nothing parsed"),
    reply: z.string().nullable().describe("the model's answer (first 2000 characters)"),
    parsed: z.looseObject({ kind: z.string(), raw: z.string() }).nullable().describe("what Verity read from the answer: point {x, y} in the test image's pixels, wrong_format {problem}, ..."),
    onTarget: z.boolean().nullable().describe("a point inside the test image's blue square"),
    error: z.object({ kind: z.string().describe("timeout | rate_limited | server_error | unauthorized | unknown_model | bad_request | unreachable | malformed | too_large"), message: z.string() }).nullable(),
    usage: z.object({ promptTokens: z.int(), completionTokens: z.int() }).nullable(),
    imageSent: z.object({ width: z.int(), height: z.int() }).describe("the test image as the model was sent it"),
  })
  .describe("one request to the connection as a run would send it: a generated 224x224 screenshot with a blue square to click");

// Field by field, so that nothing added to the row's select later reaches an answer unread.
export function connectionJson(c: ConnectionView): ApiConnection {
  return {
    id: c.id, name: c.name, baseUrl: c.baseUrl, model: c.model, apiKeyHint: c.apiKeyHint, maxConcurrent: c.maxConcurrent,
    requestsPerMinute: c.requestsPerMinute, timeoutSeconds: c.timeoutSeconds, convention: c.convention, minPixels: c.minPixels, maxPixels: c.maxPixels,
    createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString(), lastTestAt: c.lastTestAt?.toISOString() ?? null,
    lastTestOk: c.lastTestOk, lastTestLatencyMs: c.lastTestLatencyMs, lastTestMessage: c.lastTestMessage, createdBy: { email: c.createdBy.email },
  };
}
