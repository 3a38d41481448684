// Which templates a run is started with, and what it records: WebJudge's first two questions
// are stages of its outcome question, never a run's template on their own, and a WebJudge run
// records them (text, version, hash) beside the outcome template it is known by.
import { describe, expect, it } from "vitest";
import { readRunTemplate, runTemplateRecord, runTemplatesFor, stageOf, stagesOf } from "@/lib/models/runs/run-templates";
import { templateHash } from "@/lib/models/templates/template-hash";
import { UI_VENUS_15_OUTCOME_JUDGE } from "@/lib/models/templates/ui-venus-presets";
import { WEBJUDGE_KEY_POINTS, WEBJUDGE_KEY_SCREENSHOT, WEBJUDGE_OUTCOME } from "@/lib/models/templates/webjudge-presets";

describe("run templates", () => {
  it("offers the WebJudge outcome template for a trajectory_judge run, not its stages", () => {
    expect(runTemplatesFor("trajectory_judge").map((t) => t.id)).toEqual(["webjudge-outcome"]);
    expect(runTemplatesFor("outcome_judge").map((t) => t.id)).toEqual(["ui-venus-1.5-outcome-judge"]);
    expect(stageOf("webjudge-key-points")).toBe("webjudge-outcome");
    expect(stageOf("webjudge-key-screenshot")).toBe("webjudge-outcome");
    expect(stageOf("webjudge-outcome")).toBeNull();
  });

  // The verdicts carry the outcome template's id and version only: a stage in new words must
  // come with a new version of webjudge-outcome, and this pairing changes with it.
  it("pairs webjudge-outcome v1 with the stage texts it was written with", () => {
    const stages = stagesOf("webjudge-outcome")!;
    expect([WEBJUDGE_OUTCOME.version, stages.keyPoints.version, stages.keyScreenshot.version]).toEqual([1, 1, 1]);
    expect([templateHash(stages.keyPoints), templateHash(stages.keyScreenshot)]).toEqual([
      "05a7a297058ab30411d14fad18b3fc3a986b79536da74d6930b0e0f3dd50f2f0",
      "9d0ee8ff000d06d2485397bb5f4fdbc242407afa4cca1e8fcf9d1afcc0cea90e",
    ]);
  });

  it("records a WebJudge run's stage templates with their hashes, and reads them back", () => {
    const stored = JSON.parse(JSON.stringify(runTemplateRecord(WEBJUDGE_OUTCOME)));
    expect(stored.stages.keyPoints).toMatchObject({ id: "webjudge-key-points", version: 1, hash: templateHash(WEBJUDGE_KEY_POINTS) });
    expect(stored.stages.keyScreenshot).toMatchObject({ id: "webjudge-key-screenshot", version: 1, hash: templateHash(WEBJUDGE_KEY_SCREENSHOT) });
    const read = readRunTemplate(stored);
    expect(read.template).toEqual(WEBJUDGE_OUTCOME);
    expect(read.stages).toEqual({
      keyPoints: { template: WEBJUDGE_KEY_POINTS, hash: templateHash(WEBJUDGE_KEY_POINTS) },
      keyScreenshot: { template: WEBJUDGE_KEY_SCREENSHOT, hash: templateHash(WEBJUDGE_KEY_SCREENSHOT) },
    });
  });

  it("records a one-question template as it is", () => {
    expect(runTemplateRecord(UI_VENUS_15_OUTCOME_JUDGE)).toBe(UI_VENUS_15_OUTCOME_JUDGE);
    expect(readRunTemplate(UI_VENUS_15_OUTCOME_JUDGE)).toEqual({ template: UI_VENUS_15_OUTCOME_JUDGE, stages: null });
  });
});
