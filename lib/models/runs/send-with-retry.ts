import "server-only";
// One request of a run, through the connection's limits: a leased slot (slot-lease.ts) for the
// time it is open, the requests-per-minute allowance when the connection has one, and retries
// with backoff on what passes (429 with its Retry-After, 5xx, timeouts, dropped connections, a
// garbled answer). The slot is given back while a retry waits, so other items go on.
import type { Db } from "@/lib/db";
import { RETRYABLE_KINDS, sendChat, type ChatEndpoint, type ChatParams, type ChatResult } from "@/lib/models/connections/chat-client";
import type { ChatMessage } from "@/lib/models/templates/render-prompt";
import { takeRequest } from "@/lib/models/runs/rate-window";
import type { SlotLease } from "@/lib/models/runs/slot-lease";

export const MAX_ATTEMPTS = 5;
const MAX_BACKOFF_MS = 30_000;

export type Sender = {
  db: Db;
  endpoint: ChatEndpoint & { id: string; requestsPerMinute: number | null };
  lease: SlotLease;
  signal: AbortSignal;
  /** Called for every request that reached the server (for the run's request count). */
  onRequest: (result: ChatResult) => void;
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });

/** Exponential from 1 s, with jitter so that parallel retries spread out; Retry-After wins. */
export function backoffMs(attempt: number, retryAfterMs: number | null, random = Math.random()): number {
  if (retryAfterMs !== null) return Math.min(retryAfterMs, 5 * 60_000);
  return Math.round(Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (attempt - 1)) * (0.5 + random / 2));
}

// "retryable" is also malformed: a proxy that cut an answer short usually answers whole next time.
const retryable = (result: ChatResult) => !result.ok && (RETRYABLE_KINDS.has(result.kind) || result.kind === "malformed");

export async function sendWithRetry(sender: Sender, messages: ChatMessage[], params: ChatParams): Promise<{ result: ChatResult; attempts: number }> {
  let last: ChatResult | null = null;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    if (sender.signal.aborted) return { result: { ok: false, kind: "cancelled", message: "the run was stopped", status: null, retryAfterMs: null, latencyMs: 0 }, attempts: attempt - 1 };
    if (sender.endpoint.requestsPerMinute !== null) {
      for (;;) {
        const wait = await takeRequest(sender.db, sender.endpoint.id, sender.endpoint.requestsPerMinute);
        if (wait === 0 || sender.signal.aborted) break;
        await sleep(wait, sender.signal);
      }
    }
    const slot = await sender.lease.acquire(sender.signal);
    if (slot === null) continue; // aborted while waiting: the loop's first line ends it
    try {
      last = await sendChat(sender.endpoint, messages, params, sender.signal);
    } finally {
      sender.lease.release(slot);
    }
    if (last.ok || last.kind !== "cancelled") sender.onRequest(last);
    if (!retryable(last) || attempt === MAX_ATTEMPTS) return { result: last, attempts: attempt };
    await sleep(backoffMs(attempt, last.ok ? null : last.retryAfterMs), sender.signal);
  }
  return { result: last!, attempts: MAX_ATTEMPTS };
}
