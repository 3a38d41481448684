import { describe, expect, it } from "vitest";
import { assertKeysetAdvances } from "@/lib/exports/read/verified-samples";

describe("the export's keyset paging", () => {
  const at = (iso: string, id: string) => ({ verifiedAt: new Date(iso), id });

  it("moves on by time, then by id within one time", () => {
    expect(() => assertKeysetAdvances(null, at("2026-01-01T00:00:00Z", "a"))).not.toThrow();
    expect(() => assertKeysetAdvances(at("2026-01-01T00:00:00Z", "b"), at("2026-01-01T00:00:01Z", "a"))).not.toThrow();
    expect(() => assertKeysetAdvances(at("2026-01-01T00:00:00Z", "a"), at("2026-01-01T00:00:00Z", "b"))).not.toThrow();
  });

  it("refuses a page that does not move past the previous one instead of looping", () => {
    expect(() => assertKeysetAdvances(at("2026-01-01T00:00:00Z", "b"), at("2026-01-01T00:00:00Z", "b"))).toThrow(/out of order/);
    expect(() => assertKeysetAdvances(at("2026-01-01T00:00:01Z", "a"), at("2026-01-01T00:00:00Z", "z"))).toThrow(/out of order/);
  });
});
