// The run screens' estimates and stratum labels in both languages: English prints exactly what
// lib/domain/estimates/format.ts does (the e2e figures are computed with it), Chinese the same
// digits with its own words, and a stratum label stored in English at the draw is named in
// the reader's language, its score band's edges kept.
import { describe, expect, it } from "vitest";
import { stratumLabel } from "@/components/runs/design-label";
import { estimateText } from "@/components/runs/estimate-text";
import { percent, points, pointsRange, range, signedPoints } from "@/lib/domain/estimates/format";
import { stratumOf } from "@/lib/domain/estimates/strata";
import { translator } from "@/lib/i18n/translate";

const en = estimateText(translator("en"), "en");
const zh = estimateText(translator("zh-CN"), "zh-CN");

describe("estimate text", () => {
  const rates = [0, 0.0005, 0.00049, 0.125, 0.3333333, 0.6666667, 0.999, 1, 0.0349999, 0.015];
  it("prints in English what the shared estimate format prints", () => {
    for (const r of rates) {
      expect(en.percent(r)).toBe(percent(r));
      expect(en.range(r / 2, r)).toBe(range(r / 2, r));
      expect(en.points(r)).toBe(points(r));
      expect(en.signedPoints(r - 0.5)).toBe(signedPoints(r - 0.5));
      expect(en.pointsRange(-r, r)).toBe(pointsRange(-r, r));
    }
  });

  it("prints the same digits in Chinese, with its own words", () => {
    expect(zh.percent(0.125)).toBe("12.5%");
    expect(zh.points(0.03)).toBe("±3.0 个百分点");
    expect(zh.pointsRange(-0.021, 0.1)).toBe("−2.1 个百分点 至 +10.0 个百分点");
  });
});

describe("stratum labels", () => {
  const t = translator("zh-CN");
  const edges: [number, number] = [0.25, 0.75];
  it("names every stratum the draw can store in Chinese, edges included", () => {
    const cases: [ReturnType<typeof stratumOf>, string][] = [
      [stratumOf("uniform", true, null, null), "全部回合"],
      [stratumOf("automatic", null, null, null), "无自动判定结果"],
      [stratumOf("automatic", true, null, null), "自动判定成功"],
      [stratumOf("automatic_score", false, null, edges), "自动判定失败 · 无评判评分"],
      [stratumOf("automatic_score", false, 0.5, null), "自动判定失败 · 有评判评分"],
      [stratumOf("automatic_score", true, 0.1, edges), "自动判定成功 · 评判评分 < 0.25"],
      [stratumOf("automatic_score", true, 0.5, edges), "自动判定成功 · 评判评分 0.25–0.75"],
      [stratumOf("automatic_score", true, 0.9, edges), "自动判定成功 · 评判评分 ≥ 0.75"],
    ];
    for (const [stratum, expected] of cases) expect(stratumLabel(t, stratum.key, stratum.label)).toBe(expected);
  });

  it("gives back the English label as stored, and an unknown one unchanged", () => {
    const s = stratumOf("automatic_score", true, 0.5, edges);
    expect(stratumLabel(translator("en"), s.key, s.label)).toBe(s.label);
    expect(stratumLabel(t, "auto:success|score:mid", "something else")).toBe("something else");
    expect(stratumLabel(t, "weird", "as stored")).toBe("as stored");
  });
});
