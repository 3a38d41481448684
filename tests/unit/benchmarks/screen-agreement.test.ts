// AndroidLab's pixel agreement (evaluation/task.py L58-68 at THUDM/Android-Lab@373fc1d):
// values equal among those not 255 in either image, > 0.999 for "unchanged".
import { describe, expect, it } from "vitest";
import { screenAgreement } from "@/lib/domain/screen-agreement";

const image = (values: number[], width = values.length, channels = 1) => ({ data: Uint8Array.from(values), width: width / channels, height: 1, channels });

describe("screen agreement", () => {
  it("leaves white out of both counts", () => {
    // Positions 0 and 1 are white in both: ignored. Of the other 4, 3 match.
    const c = screenAgreement(image([255, 255, 10, 20, 30, 40]), image([255, 255, 10, 20, 30, 41]));
    expect(c).toEqual({ status: "compared", agreement: 0.75, isUnchanged: false });
  });

  it("counts a value white in one image only", () => {
    expect(screenAgreement(image([255, 7]), image([0, 7]))).toMatchObject({ agreement: 0.5 });
  });

  it("identical screens are unchanged; all white is 0/0, never unchanged; other shapes cannot compare", () => {
    expect(screenAgreement(image([1, 2, 3]), image([1, 2, 3]))).toEqual({ status: "compared", agreement: 1, isUnchanged: true });
    expect(screenAgreement(image([255, 255]), image([255, 255]))).toEqual({ status: "blank", agreement: null, isUnchanged: false });
    expect(screenAgreement(image([1, 2, 3, 4], 4, 4), image([1, 2, 3, 4], 4, 2))).toMatchObject({ status: "size_differs", isUnchanged: false });
  });

  it("the threshold is strict: 999 of 1000 equal is not unchanged", () => {
    const a = Array.from({ length: 1000 }, () => 9);
    const b = [...a.slice(0, 999), 8];
    expect(screenAgreement(image(a), image(b))).toMatchObject({ agreement: 0.999, isUnchanged: false });
  });
});
