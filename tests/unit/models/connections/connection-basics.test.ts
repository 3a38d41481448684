// The pure parts of model connections: where they may point, how the key is sealed, what a
// form may save, how Retry-After is read, and the size of the image a model is sent.
import { describe, expect, it } from "vitest";
import { retryAfterMs } from "@/lib/models/connections/chat-client";
import { ConnectionInputSchema } from "@/lib/models/connections/connection-input";
import { assertModelHostAllowed } from "@/lib/models/connections/model-hosts";
import { parseModelHosts } from "@/lib/env/model-host-rules";
import { modelImageSize } from "@/lib/models/connections/model-image";
import { openSecret, sealSecret, secretHint } from "@/lib/models/connections/secret-box";

const SECRET = "a".repeat(40);
const noLookup = async () => [] as string[];

describe("VERITY_MODEL_HOSTS", () => {
  it("parses hosts, ports and wildcards, and names an entry that is not a host", () => {
    expect(parseModelHosts(" gpu-01, gpu-02:8000 ,*.inference.example.com,[::1]:9000")).toEqual([
      { wildcard: false, host: "gpu-01", port: null },
      { wildcard: false, host: "gpu-02", port: 8000 },
      { wildcard: true, host: "inference.example.com", port: null },
      { wildcard: false, host: "::1", port: 9000 },
    ]);
    expect(() => parseModelHosts("gpu-01, http://x/")).toThrow(/"http:\/\/x\/" is not a host/);
  });

  it("allows only what the list names when it is set", async () => {
    const rules = parseModelHosts("gpu-01:8000,*.example.com");
    await expect(assertModelHostAllowed("http://gpu-01:8000/v1", rules, noLookup)).resolves.toBeUndefined();
    await expect(assertModelHostAllowed("http://gpu-01:8001/v1", rules, noLookup)).rejects.toThrow(/not in VERITY_MODEL_HOSTS/);
    await expect(assertModelHostAllowed("https://a.example.com/v1", rules, noLookup)).resolves.toBeUndefined();
    await expect(assertModelHostAllowed("https://example.com.evil.test/v1", rules, noLookup)).rejects.toThrow(/not in VERITY_MODEL_HOSTS/);
    await expect(assertModelHostAllowed("http://127.0.0.1:8000/v1", rules, noLookup)).rejects.toThrow(/not in VERITY_MODEL_HOSTS/);
  });

  it("without a list, refuses link-local addresses and metadata names, by name and by what a name resolves to", async () => {
    await expect(assertModelHostAllowed("http://127.0.0.1:8000/v1", [], noLookup)).resolves.toBeUndefined();
    await expect(assertModelHostAllowed("http://169.254.169.254/latest", [], noLookup)).rejects.toThrow(/link-local/);
    await expect(assertModelHostAllowed("http://[fe80::1]/v1", [], noLookup)).rejects.toThrow(/link-local/);
    await expect(assertModelHostAllowed("http://metadata.google.internal/v1", [], noLookup)).rejects.toThrow(/metadata/);
    await expect(assertModelHostAllowed("http://sneaky.test/v1", [], async () => ["10.0.0.1", "169.254.169.254"])).rejects.toThrow(/resolves to the link-local address 169.254.169.254/);
    await expect(assertModelHostAllowed("http://gpu.test/v1", [], async () => ["10.0.0.1"])).resolves.toBeUndefined();
  });
});

describe("the sealed API key", () => {
  it("opens with the same server secret and project only, and never holds the key in clear", () => {
    const sealed = sealSecret("sk-live-1234567890", "p1", SECRET);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain("1234567890");
    expect(Buffer.from(sealed.slice(3), "base64").toString("latin1")).not.toContain("1234567890");
    expect(openSecret(sealed, "p1", SECRET)).toBe("sk-live-1234567890");
    expect(() => openSecret(sealed, "p2", SECRET)).toThrow(/cannot be opened with this server's secret/);
    expect(() => openSecret(sealed, "p1", "b".repeat(40))).toThrow(/cannot be opened/);
    expect(() => openSecret("v0:xyz", "p1", SECRET)).toThrow(/unknown format/);
    expect(sealSecret("same", "p1", SECRET)).not.toBe(sealSecret("same", "p1", SECRET)); // a fresh IV each time
  });

  it("is recognised by its last four characters only", () => {
    expect(secretHint("sk-live-1234567890")).toBe("…7890");
    expect(secretHint("short")).toBe("…");
  });
});

describe("the connection form", () => {
  const base = { name: "vllm", baseUrl: "http://gpu-01:8000/v1/", model: "ui-venus", convention: "rel1000" };

  it("normalises the base URL and fills the defaults", () => {
    expect(ConnectionInputSchema.parse(base)).toMatchObject({ baseUrl: "http://gpu-01:8000/v1", maxConcurrent: 4, timeoutSeconds: 120, clearApiKey: false });
    expect(ConnectionInputSchema.parse({ ...base, baseUrl: "http://gpu-01:8000/v1/chat/completions" }).baseUrl).toBe("http://gpu-01:8000/v1");
    expect(ConnectionInputSchema.parse({ ...base, maxConcurrent: "32", requestsPerMinute: "", minPixels: "3136" })).toMatchObject({ maxConcurrent: 32, requestsPerMinute: undefined, minPixels: 3136 });
  });

  it("names each field that is wrong", () => {
    const issues = (input: object) => ConnectionInputSchema.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];
    expect(issues({ ...base, baseUrl: "ftp://x/v1" })).toEqual(["baseUrl: must start with http:// or https://"]);
    expect(issues({ ...base, baseUrl: "http://user:pw@x/v1" })).toEqual(["baseUrl: must not hold a user or password (put the key in API key)"]);
    expect(issues({ ...base, baseUrl: "not a url" })).toEqual(["baseUrl: is not a URL (e.g. http://gpu-01:8000/v1)"]);
    expect(issues({ ...base, convention: "abs" })).toEqual(["convention: must be rel1000, qwen25-abs or norm1"]);
    expect(issues({ ...base, maxConcurrent: 0 })[0]).toMatch(/^maxConcurrent:/);
    expect(issues({ ...base, minPixels: 5000, maxPixels: 4000 })).toEqual(["maxPixels: must be at least min pixels"]);
    expect(issues({ ...base, name: "  " })).toEqual(["name: is required"]);
  });
});

describe("Retry-After", () => {
  it("reads seconds and HTTP dates, and nothing else", () => {
    expect(retryAfterMs("2")).toBe(2000);
    expect(retryAfterMs("0.5")).toBe(500);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:10 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT"))).toBe(10_000);
    expect(retryAfterMs("soon")).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

describe("the image a model is sent", () => {
  it("is the smart-resized size for qwen25-abs, within the connection's limits", () => {
    expect(modelImageSize(224, 224, { convention: "qwen25-abs", minPixels: null, maxPixels: null })).toEqual({ width: 224, height: 224 });
    expect(modelImageSize(224, 224, { convention: "qwen25-abs", minPixels: 100 * 28 * 28, maxPixels: null })).toEqual({ width: 280, height: 280 });
    expect(modelImageSize(2560, 1440, { convention: "qwen25-abs", minPixels: null, maxPixels: 1280 * 28 * 28 })).toEqual({ width: 1316, height: 728 });
  });

  it("keeps relative conventions' images unless over max pixels, keeping the aspect", () => {
    expect(modelImageSize(2560, 1440, { convention: "rel1000", minPixels: null, maxPixels: null })).toEqual({ width: 2560, height: 1440 });
    const fitted = modelImageSize(2560, 1440, { convention: "rel1000", minPixels: null, maxPixels: 1_000_000 });
    expect(fitted.width * fitted.height).toBeLessThanOrEqual(1_000_000);
    expect(fitted.width / fitted.height).toBeCloseTo(2560 / 1440, 2);
  });
});
