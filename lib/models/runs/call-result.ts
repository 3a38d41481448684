// What one request of a run came to, cached or sent (cached-calls.ts): the reply, or the
// server's refusal after the retries. Pure.
import type { ChatResult } from "@/lib/models/connections/chat-client";
import type { CachedReply } from "@/lib/models/runs/reply-cache";

export type ChatFailure = Extract<ChatResult, { ok: false }>;
export type CallResult = { ok: true; reply: CachedReply } | { ok: false; result: ChatFailure };

/** The first failure among a request's samples, or null when every one was answered. */
export function firstFailure(results: readonly CallResult[]): ChatFailure | null {
  const failed = results.find((r): r is Extract<CallResult, { ok: false }> => !r.ok);
  return failed ? failed.result : null;
}

/** The replies of samples all answered (firstFailure returned null). */
export const repliesOf = (results: readonly CallResult[]): CachedReply[] => results.map((r) => (r as Extract<CallResult, { ok: true }>).reply);
