// The keys a run looks its replies up by: one per sample of a request, each the key the cache
// is written under, and a different key whenever anything sent differs.
import { describe, expect, it } from "vitest";
import { messagesHash, replyCacheKey, sampleKeys } from "@/lib/models/runs/reply-cache";

const parts = { projectId: "p1", baseUrl: "http://127.0.0.1:8000/v1", model: "m", templateHash: "t", temperature: 0.7, maxTokens: null };
const messages = [{ role: "user", content: [{ type: "text", text: "Task: buy milk" }] }];

describe("sampleKeys", () => {
  it("gives the cache key of each sample index, the messages hashed once", () => {
    const keys = sampleKeys(parts, messages, 3);
    expect(keys).toEqual([0, 1, 2].map((sampleIndex) => replyCacheKey({ ...parts, messagesHash: messagesHash(messages), sampleIndex })));
    expect(new Set(keys).size).toBe(3);
  });

  it("changes with the messages and the template", () => {
    const [key] = sampleKeys(parts, messages, 1);
    expect(sampleKeys(parts, [{ role: "user", content: [{ type: "text", text: "Task: buy bread" }] }], 1)[0]).not.toBe(key);
    expect(sampleKeys({ ...parts, templateHash: "u" }, messages, 1)[0]).not.toBe(key);
  });
});
