// One chat-completions request to an OpenAI-compatible server (vLLM, SGLang, LMDeploy,
// llama.cpp's server, Ollama, a hosted API), with Node's own fetch. Not the `openai` package:
// we need one non-streaming route, a hard cap on the bytes read from the answer, our own retry
// policy (the job retries with backoff and Retry-After; the package retries on its own), and
// errors sorted into the kinds a run counts; the documented protocol is small enough to speak
// directly. Never throws for what the server or network does: every outcome is a ChatResult.
// The API key goes in the Authorization header only and never into a message or a log line.
import type { ChatMessage } from "@/lib/models/templates/render-prompt";

export type ChatErrorKind =
  | "timeout" // no complete answer within the connection's timeout
  | "rate_limited" // 429
  | "server_error" // 5xx
  | "unauthorized" // 401/403: a missing or wrong key
  | "unknown_model" // 404 naming the model
  | "bad_request" // any other 4xx: the server refused what we sent (an image over its limit...)
  | "unreachable" // refused, reset or dropped connection, unknown host
  | "malformed" // a 200 whose body is not a chat completion
  | "too_large" // the answer is over the byte cap
  | "cancelled"; // the run was cancelled while the request was open

export const RETRYABLE_KINDS: ReadonlySet<ChatErrorKind> = new Set(["timeout", "rate_limited", "server_error", "unreachable"]);

export type ChatUsage = { promptTokens: number; completionTokens: number };
export type ChatResult =
  | { ok: true; text: string; finishReason: string | null; usage: ChatUsage | null; latencyMs: number }
  | { ok: false; kind: ChatErrorKind; message: string; status: number | null; retryAfterMs: number | null; latencyMs: number };

export type ChatEndpoint = { baseUrl: string; model: string; apiKey: string | null; timeoutSeconds: number };
export type ChatParams = { temperature: number; maxTokens?: number; seed?: number };

/** Answers above this are refused unread: a grounding point or a verdict is a few hundred bytes. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export const chatCompletionsUrl = (baseUrl: string) => `${baseUrl.replace(/\/+$/, "")}/chat/completions`;

// Servers word errors three ways: OpenAI's and newer vLLM's {error: {message}}, older vLLM's
// {object: "error", message}, and vLLM's key middleware {error: "Unauthorized"}.
function errorMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: unknown; message?: unknown; detail?: unknown };
    if (typeof json.error === "string") return json.error;
    if (json.error && typeof json.error === "object" && typeof (json.error as { message?: unknown }).message === "string") return (json.error as { message: string }).message;
    if (typeof json.message === "string") return json.message;
    if (typeof json.detail === "string") return json.detail;
  } catch {
    // not JSON: the text itself, shortened below
  }
  return body.trim().slice(0, 300) || "(no body)";
}

function kindOfStatus(status: number, message: string): ChatErrorKind {
  if (status === 429) return "rate_limited";
  if (status >= 500) return "server_error";
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 404 && /model/i.test(message)) return "unknown_model";
  return "bad_request";
}

/** Retry-After in seconds or as an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Math.round(Number(header) * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

async function readCapped(response: Response, cap: number): Promise<string | null> {
  const declared = Number(response.headers.get("content-length") ?? "NaN");
  if (declared > cap) {
    await response.body?.cancel();
    return null;
  }
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > cap) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

type Completion = { choices?: { message?: { content?: unknown; tool_calls?: unknown }; finish_reason?: unknown }[]; usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } };

// A server started with a tool parser may return a tool call as structured tool_calls instead
// of text; it is written back in the <tool_call> text form the Qwen templates' parser reads.
function textOf(message: { content?: unknown; tool_calls?: unknown }): string | null {
  if (typeof message.content === "string" && message.content !== "") return message.content;
  if (Array.isArray(message.content)) {
    const parts = message.content.filter((p): p is { text: string } => typeof (p as { text?: unknown })?.text === "string");
    if (parts.length > 0) return parts.map((p) => p.text).join("");
  }
  if (Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
    return message.tool_calls
      .map((call) => {
        const fn = (call as { function?: { name?: unknown; arguments?: unknown } }).function;
        const args = typeof fn?.arguments === "string" ? fn.arguments : JSON.stringify(fn?.arguments ?? {});
        return `<tool_call>\n{"name": ${JSON.stringify(fn?.name ?? "")}, "arguments": ${args}}\n</tool_call>`;
      })
      .join("\n");
  }
  return typeof message.content === "string" ? message.content : null;
}

function readCompletion(body: string): { text: string; finishReason: string | null; usage: ChatUsage | null } | string {
  let json: Completion;
  try {
    json = JSON.parse(body) as Completion;
  } catch {
    return `the answer is not JSON (${body.length} bytes: ${JSON.stringify(body.slice(0, 80))})`;
  }
  const choice = json.choices?.[0];
  if (!choice?.message) return "the answer has no choices[0].message";
  const text = textOf(choice.message);
  if (text === null) return "choices[0].message has no text content";
  const p = json.usage?.prompt_tokens;
  const c = json.usage?.completion_tokens;
  return {
    text,
    finishReason: typeof choice.finish_reason === "string" ? choice.finish_reason : null,
    usage: typeof p === "number" && typeof c === "number" ? { promptTokens: p, completionTokens: c } : null,
  };
}

const causeText = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
};

/** Sends one chat request and sorts whatever happens into a ChatResult. */
export async function sendChat(endpoint: ChatEndpoint, messages: ChatMessage[], params: ChatParams, cancel?: AbortSignal): Promise<ChatResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const fail = (kind: ChatErrorKind, message: string, status: number | null = null, retryAfter: number | null = null): ChatResult => ({
    ok: false, kind, message, status, retryAfterMs: retryAfter, latencyMs: elapsed(),
  });
  const timeout = AbortSignal.timeout(endpoint.timeoutSeconds * 1000);
  const signal = cancel ? AbortSignal.any([timeout, cancel]) : timeout;
  const body = JSON.stringify({
    model: endpoint.model,
    messages,
    temperature: params.temperature,
    ...(params.maxTokens === undefined ? {} : { max_tokens: params.maxTokens }),
    ...(params.seed === undefined ? {} : { seed: params.seed }),
    stream: false,
  });
  const aborted = () => (cancel?.aborted ? fail("cancelled", "the run was cancelled") : fail("timeout", `no answer within ${endpoint.timeoutSeconds} s`));
  try {
    const response = await fetch(chatCompletionsUrl(endpoint.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}) },
      body,
      signal,
      redirect: "error", // a redirect could carry the key to a host the allow-list never saw
    });
    const text = await readCapped(response, MAX_ANSWER_BYTES);
    if (text === null) return fail("too_large", `the answer is over ${MAX_ANSWER_BYTES / 1024 / 1024} MiB`, response.status);
    if (!response.ok) {
      const message = errorMessage(text);
      return fail(kindOfStatus(response.status, message), `HTTP ${response.status}: ${message}`, response.status, retryAfterMs(response.headers.get("retry-after")));
    }
    const completion = readCompletion(text);
    if (typeof completion === "string") return fail("malformed", completion, response.status);
    return { ok: true, ...completion, latencyMs: elapsed() };
  } catch (error) {
    if (signal.aborted) return aborted();
    return fail("unreachable", `${new URL(endpoint.baseUrl).host}: ${causeText(error)}`);
  }
}
