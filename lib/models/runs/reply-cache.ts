import "server-only";
// Replies already paid for (ModelReplyCache). The key is what decides the reply: the project
// (one project's prompts and images are never served to another), the server and served
// model, the template's hash, the hash of the exact messages sent (texts and image bytes),
// the sample index and the sampling parameters. Only answers are kept; a failure is asked again.
import { createHash } from "node:crypto";
import type { Db } from "@/lib/db";

export type CachedReply = { text: string; finishReason: string | null; promptTokens: number | null; completionTokens: number | null; latencyMs: number };

export type CacheKeyParts = {
  projectId: string;
  baseUrl: string;
  model: string;
  templateHash: string;
  messagesHash: string;
  sampleIndex: number;
  temperature: number;
  maxTokens: number | null;
};

export function replyCacheKey(p: CacheKeyParts): string {
  const fields = [p.projectId, p.baseUrl, p.model, p.templateHash, p.messagesHash, p.sampleIndex, p.temperature, p.maxTokens];
  return createHash("sha256").update(JSON.stringify(fields), "utf8").digest("hex");
}

export const messagesHash = (messages: unknown): string => createHash("sha256").update(JSON.stringify(messages), "utf8").digest("hex");

/** The keys of samples 0..count-1 of one request: its messages (image bytes and all) hashed once. */
export function sampleKeys(parts: Omit<CacheKeyParts, "messagesHash" | "sampleIndex">, messages: unknown, count: number): string[] {
  const hash = messagesHash(messages);
  return Array.from({ length: count }, (_, sampleIndex) => replyCacheKey({ ...parts, messagesHash: hash, sampleIndex }));
}

export async function cachedReply(db: Db, key: string): Promise<CachedReply | null> {
  return db.modelReplyCache.findUnique({ where: { key }, select: { text: true, finishReason: true, promptTokens: true, completionTokens: true, latencyMs: true } });
}

export async function storeReply(db: Db, key: string, projectId: string, reply: CachedReply): Promise<void> {
  await db.modelReplyCache.upsert({ where: { key }, create: { key, projectId, ...reply }, update: {} });
}
