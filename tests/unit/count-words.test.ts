// Counts whose noun agrees with the number, in both languages (issue 36 item 28: "1 members",
// "0 image missing", "(1 rollouts)" on the project cards, the project home and the trajectory header).
import { describe, expect, it } from "vitest";
import { translator } from "@/lib/i18n/translate";
import { imagesMissingText, projectCountsText, rolloutsText, runContentsText } from "@/components/projects/count-words";

const en = translator("en");
const zh = translator("zh-CN");

describe("counts in words", () => {
  it("say one and many with the noun that goes with them", () => {
    expect(projectCountsText(en, { samples: 1, trajectories: 0, members: 1 })).toBe("1 sample · 0 trajectories · 1 member");
    expect(projectCountsText(en, { samples: 1200, trajectories: 1, members: 3 })).toBe("1,200 samples · 1 trajectory · 3 members");
    expect(projectCountsText(zh, { samples: 1, trajectories: 2, members: 1 })).toBe("1 个样本 · 2 条轨迹 · 1 名成员");
    expect(rolloutsText(en, 1)).toBe("(1 rollout)");
    expect(rolloutsText(en, 8)).toBe("(8 rollouts)");
  });

  it("leave out a missing-image count of zero", () => {
    expect(imagesMissingText(en, 0)).toBeNull();
    expect(imagesMissingText(en, 1)).toBe("1 image missing");
    expect(imagesMissingText(en, 2)).toBe("2 images missing");
  });

  it("count a grounding run by the samples its model answered, not as 0 episodes", () => {
    expect(runContentsText(en, { episodes: 0, answers: 1581 })).toBe("1,581 samples answered");
    expect(runContentsText(en, { episodes: 1, answers: 0 })).toBe("1 episode");
    expect(runContentsText(en, { episodes: 0, answers: 0 })).toBe("0 episodes");
    expect(runContentsText(zh, { episodes: 0, answers: 2 })).toBe("作答 2 个样本");
  });
});
