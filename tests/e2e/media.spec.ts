import { expect, test } from "@playwright/test";
import { readSeed, storageStatePath } from "./seed-file";

test.describe("media served to a member", () => {
  test.use({ storageState: storageStatePath("annotator") });

  test("comes with its stored type, nosniff, a sandbox CSP and immutable caching", async ({ request }) => {
    const response = await request.get(`/api/media/${readSeed().demoMediaId}`);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["content-type"]).toBe("image/png");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["content-security-policy"]).toMatch(/^sandbox/);
    expect(headers["cache-control"]).toContain("immutable");
    const body = await response.body();
    expect([...body.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  test("has a WebP thumbnail for lists", async ({ request }) => {
    const response = await request.get(`/api/media/${readSeed().demoMediaId}?variant=thumb`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/webp");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("is refused, as not found, for another project's media and for ids that are not ids", async ({ request }) => {
    for (const id of [readSeed().otherMediaId, "..%2F..%2Fverity.db", "nonexistentid0000"]) {
      const response = await request.get(`/api/media/${id}`);
      expect(response.status(), id).toBe(404);
    }
  });
});

test("media is refused to a signed-out visitor", async ({ request }) => {
  const response = await request.get(`/api/media/${readSeed().demoMediaId}`);
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ error: { code: "unauthenticated", message: "Sign in first." } });
});

test("pages carry the security headers", async ({ request }) => {
  const response = await request.get("/login");
  const headers = response.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
});
