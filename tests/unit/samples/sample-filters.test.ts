import { describe, expect, it } from "vitest";
import { parseSampleFilter } from "@/lib/samples/sample-filters";

describe("sample list filters from the URL", () => {
  it("reads an empty form field as 'any', not as 0", () => {
    expect(parseSampleFilter({ refusal: "yes", scoreMin: "", scoreMax: "", source: "" })).toEqual({ refusal: "yes" });
    expect(parseSampleFilter({ scoreMin: "4", scoreMax: "6.5" })).toMatchObject({ scoreMin: 4, scoreMax: 6.5 });
  });

  it("drops values outside the closed sets and bounds", () => {
    expect(parseSampleFilter({ tier: "platinum", scoreMax: "11", status: ["verified", "x"] })).toEqual({ status: "verified" });
  });
});
