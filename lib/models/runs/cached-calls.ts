import "server-only";
// One request of a run through the reply cache (reply-cache.ts): a reply already paid for is
// taken from the cache and counted as a hit; anything else is sent through the connection's
// limits (send-with-retry.ts) and its answer kept for the cache, which the page's write stores
// (write-run-outputs.ts) whether or not its item finished, so a resumed run asks nothing twice.
// Lookups go by the batch: a page's keys (or a WebJudge stage's) are read in one query, and a
// key read once is not read again. Two calls of one page with the same key (the same question
// about the same screen, twice) share one request.
import type { Db } from "@/lib/db";
import { lookupInChunks } from "@/lib/db/key-lookup";
import type { ChatParams } from "@/lib/models/connections/chat-client";
import type { ChatMessage } from "@/lib/models/templates/render-prompt";
import type { CallResult } from "@/lib/models/runs/call-result";
import type { CachedReply } from "@/lib/models/runs/reply-cache";
import { sendWithRetry, type Sender } from "@/lib/models/runs/send-with-retry";
import type { BatchCounts, NewCacheEntry } from "@/lib/models/runs/write-run-outputs";

/** What one page of a run knows of the cache and has asked, and its counts. */
export type PageCalls = {
  cached: Map<string, CachedReply>;
  looked: Set<string>;
  open: Map<string, Promise<CallResult>>;
  newCache: NewCacheEntry[];
  counts: BatchCounts;
};
export type Caller = { db: Db; sender: Sender; params: ChatParams };
/** One request with the cache keys of each of its samples. */
export type KeyedRequest = { messages: ChatMessage[]; keys: readonly string[] };

export const newPageCalls = (): PageCalls => ({
  cached: new Map(), looked: new Set(), open: new Map(), newCache: [], counts: { requests: 0, cacheHits: 0, promptTokens: 0, completionTokens: 0 },
});

/** Reads the replies cached under these keys, in one query for the keys not read yet. */
export async function lookUpReplies(db: Db, page: PageCalls, keys: readonly string[]): Promise<void> {
  const fresh = [...new Set(keys)].filter((key) => !page.looked.has(key));
  if (fresh.length === 0) return;
  for (const key of fresh) page.looked.add(key);
  const hits = await lookupInChunks(fresh, (chunk) => db.modelReplyCache.findMany({ where: { key: { in: chunk } }, select: { key: true, text: true, finishReason: true, promptTokens: true, completionTokens: true, latencyMs: true } }));
  for (const { key, ...reply } of hits) page.cached.set(key, reply);
}

/** The reply under `key`: from the cache (lookUpReplies first), from a request of this page already open, or sent. */
export function answerCall(caller: Caller, page: PageCalls, key: string, messages: ChatMessage[]): Promise<CallResult> {
  const hit = page.cached.get(key);
  if (hit) {
    page.counts.cacheHits += 1;
    return Promise.resolve({ ok: true, reply: hit });
  }
  const open = page.open.get(key);
  if (open) {
    return open.then((result) => {
      if (result.ok) page.counts.cacheHits += 1;
      return result;
    });
  }
  const call = send(caller, page, key, messages).finally(() => page.open.delete(key));
  page.open.set(key, call);
  return call;
}

async function send(caller: Caller, page: PageCalls, key: string, messages: ChatMessage[]): Promise<CallResult> {
  const { result } = await sendWithRetry(caller.sender, messages, caller.params);
  page.counts.requests += 1;
  if (!result.ok) return { ok: false, result };
  const reply: CachedReply = { text: result.text, finishReason: result.finishReason, promptTokens: result.usage?.promptTokens ?? null, completionTokens: result.usage?.completionTokens ?? null, latencyMs: result.latencyMs };
  page.counts.promptTokens += reply.promptTokens ?? 0;
  page.counts.completionTokens += reply.completionTokens ?? 0;
  page.newCache.push({ key, reply });
  page.cached.set(key, reply);
  return { ok: true, reply };
}

/** Every sample of every request: the keys looked up together, the missing ones sent at once. */
export async function askAll(caller: Caller, page: PageCalls, requests: readonly KeyedRequest[]): Promise<CallResult[][]> {
  await lookUpReplies(caller.db, page, requests.flatMap((r) => r.keys));
  return Promise.all(requests.map((r) => Promise.all(r.keys.map((key) => answerCall(caller, page, key, r.messages)))));
}
