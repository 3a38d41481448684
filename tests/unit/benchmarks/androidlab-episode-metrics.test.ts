// AndroidLab's per-task metrics (evaluation/task.py at THUDM/Android-Lab@373fc1d) on cases
// worked out by hand: which lines count (a repeat run of more than 5 stops the reading, a line
// without XML is skipped), which screenshot pairs count (the last image dropped, none below
// three images), partial credit, RRR, and what a verified answer changes.
import { describe, expect, it } from "vitest";
import { androidLabEpisodeMetrics, type AndroidLabStepInput } from "@/lib/domain/androidlab-episode-metrics";
import { pyFloat, pyInt } from "@/lib/domain/python-json";

const step = (over: Partial<AndroidLabStepInput> = {}): AndroidLabStepInput => ({ hasUiTree: true, isRepeated: false, nextScreenUnchanged: false, humanNoEffect: false, ...over });
const done: [string, unknown][] = [["judge_page", true], ["1", true], ["2", true], ["complete", true]];

describe("AndroidLab episode metrics", () => {
  it("counts unchanged pairs among all images but the last: 5 lines, pairs (0,1) (1,2) (2,3)", () => {
    // The pair (3, 4) is unchanged too, but the last image is dropped (L47).
    const steps = [step(), step({ nextScreenUnchanged: true }), step(), step({ nextScreenUnchanged: true }), step({ nextScreenUnchanged: null })];
    const m = androidLabEpisodeMetrics({ result: done, groundTruthLength: 4, steps, verified: null })!;
    expect(m.judgedSteps).toBe(5);
    expect(m.original.unchangedPairs).toBe(1);
    expect(m.original.ror).toEqual(pyFloat(1 - 1 / 4));
    expect(m.original.rrr).toEqual(pyFloat(4 / 5));
    expect(m.original.partial).toEqual(pyInt(1));
  });

  it("two images compare nothing, one line is the int 1, and no line is 1.0", () => {
    expect(androidLabEpisodeMetrics({ result: done, groundTruthLength: null, steps: [step({ nextScreenUnchanged: true }), step()], verified: null })!.original.ror).toEqual(pyFloat(1));
    expect(androidLabEpisodeMetrics({ result: done, groundTruthLength: null, steps: [step()], verified: null })!.original.ror).toEqual(pyInt(1));
    expect(androidLabEpisodeMetrics({ result: done, groundTruthLength: 3, steps: [step({ hasUiTree: false })], verified: null })!.original).toMatchObject({ ror: pyFloat(1), rrr: null });
  });

  it("stops after a sixth repeat in a row and skips lines without XML", () => {
    const steps = [step(), ...Array.from({ length: 7 }, () => step({ isRepeated: true })), step()];
    const m = androidLabEpisodeMetrics({ result: done, groundTruthLength: 3, steps, verified: null })!;
    // Lines 0..5 are read (5 repeats), the 7th equal line breaks the loop.
    expect(m.judgedSteps).toBe(6);
    expect(m.notes[0]).toContain("step 7");
    const skipped = androidLabEpisodeMetrics({ result: done, groundTruthLength: 3, steps: [step(), step({ hasUiTree: false }), step()], verified: null })!;
    expect(skipped.judgedSteps).toBe(2);
    expect(skipped.original.rrr).toEqual(pyFloat(1.5));
  });

  it("partial credit: truthy check points of an incomplete task, the int 0 without any", () => {
    const half: [string, unknown][] = [["judge_page", true], ["1", true], ["2", "<storage string>"], ["3", false], ["complete", false]];
    expect(androidLabEpisodeMetrics({ result: half, groundTruthLength: 3, steps: [step()], verified: null })!.original).toMatchObject({ complete: false, partial: pyFloat(2 / 3), rrr: null });
    expect(androidLabEpisodeMetrics({ result: [["complete", false]], groundTruthLength: 3, steps: [step()], verified: null })!.original.partial).toEqual(pyInt(0));
    // "complete" absent: not complete (setting_6's string check point).
    expect(androidLabEpisodeMetrics({ result: [["judge_page", true], ["1", "x"]], groundTruthLength: 3, steps: [step()], verified: null })!.original).toMatchObject({ complete: false, partial: pyFloat(1) });
  });

  it("a verified failure with a sub-goal unmet and a no-effect step changes complete, the sub-goal, RRR and ROR", () => {
    const steps = [step(), step(), step(), step()];
    const m = androidLabEpisodeMetrics({ result: done, groundTruthLength: 3, steps, verified: { complete: false, subGoals: new Map([["2", false]]) } })!;
    expect(m.corrected.result).toEqual([["judge_page", true], ["1", true], ["2", false], ["complete", false]]);
    expect(m.corrected.partial).toEqual(pyFloat(0.5));
    expect(m.corrected.rrr).toBeNull();
    expect(m.changed).toEqual(["complete", "2", "RRR"]);
    const noEffect = androidLabEpisodeMetrics({ result: done, groundTruthLength: 3, steps: [step({ humanNoEffect: true }), step(), step(), step()], verified: { complete: null, subGoals: new Map() } })!;
    expect(noEffect.original.ror).toEqual(pyFloat(1));
    expect(noEffect.corrected.ror).toEqual(pyFloat(1 - 1 / 3));
    expect(noEffect.changed).toEqual(["reasonable_operation_ratio"]);
  });

  it("no results line, no metrics", () => {
    expect(androidLabEpisodeMetrics({ result: null, groundTruthLength: 3, steps: [step()], verified: null })).toBeNull();
  });
});
