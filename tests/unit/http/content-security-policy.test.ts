// The policies Verity sends: pages run scripts only by their nonce (and what those load),
// never inline scripts otherwise; responses without a nonce run no inline script at all; media
// and UI trees are sandboxed.
import { describe, expect, it } from "vitest";
import { pagePolicy, SANDBOX_POLICY } from "@/lib/http/content-security-policy";

const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `));

describe("content security policies", () => {
  it("a page's scripts: 'self', its nonce and what nonced scripts load; no 'unsafe-inline', no eval in production", () => {
    const policy = pagePolicy("bm9uY2Utb2YtdGhpcw==", false);
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-bm9uY2Utb2YtdGhpcw==' 'strict-dynamic'");
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(policy, "object-src")).toBe("object-src 'none'");
    expect(directive(policy, "default-src")).toBe("default-src 'self'");
  });

  it("without a nonce, same-origin script files only", () => {
    expect(directive(pagePolicy(null, false), "script-src")).toBe("script-src 'self'");
  });

  it("styles keep 'unsafe-inline' (React style attributes) and no nonce, which would switch it off", () => {
    expect(directive(pagePolicy("abc", false), "style-src")).toBe("style-src 'self' 'unsafe-inline'");
  });

  it("development adds eval for React's debugging aids", () => {
    expect(directive(pagePolicy("abc", true), "script-src")).toContain("'unsafe-eval'");
  });

  it("media and UI trees: a sandbox that loads nothing", () => {
    expect(SANDBOX_POLICY).toBe("sandbox; default-src 'none'; frame-ancestors 'none'");
  });
});
