import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "@/lib/auth/callback-path";

describe("safeCallbackPath", () => {
  it("keeps a path on this site, with its query", () => {
    expect(safeCallbackPath("/projects/demo?tab=runs")).toBe("/projects/demo?tab=runs");
  });

  it.each([
    "https://evil.example/phish",
    "//evil.example/phish",
    "/\\evil.example",
    "javascript:alert(1)",
    "projects",
    "/projects\n/x",
    "",
    undefined,
  ])("sends %j to the project list", (value) => {
    expect(safeCallbackPath(value)).toBe("/projects");
  });
});
