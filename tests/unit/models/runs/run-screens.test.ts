// What the model run screens derive without the database: the list filter a run keeps (what the
// launch form counted is what the run freezes), the run's progress from its row and its job,
// and the words a run's scope and replies are shown in, in both languages.
import { describe, expect, it } from "vitest";
import { filterWords, scopeWords } from "@/components/model-runs/scope-words";
import { durationText, parsedText } from "@/components/model-runs/run-labels";
import { recordOfQuery, scopeFilterOf } from "@/lib/models/runs/scope-filter";
import { runProgressOf } from "@/lib/models/runs/run-progress";
import { translator } from "@/lib/i18n/translate";

const en = translator("en");
const zh = translator("zh-CN");

describe("the filter a run keeps", () => {
  it("is the list's selection as strings, without its page, its order or values the list ignores", () => {
    const query = recordOfQuery("?source=verity-demo&imageMissing=no&scoreMin=5&sort=score&dir=desc&after=abcdefghij12&tier=platinum&items=samples");
    expect(scopeFilterOf("samples", query)).toEqual({ source: "verity-demo", imageMissing: "no", scoreMin: "5" });
  });

  it("reads a trajectory filter with the trajectory list's keys", () => {
    expect(scopeFilterOf("trajectories", { benchmark: "demo-android", outcome: "failure", source: "x", q: "y" })).toEqual({ benchmark: "demo-android", outcome: "failure" });
  });
});

describe("a run's progress", () => {
  const run = { id: "r1", jobId: "j1", total: 10, done: 4, failed: 1, requests: 5, cacheHits: 0, promptTokens: 100, completionTokens: 10 };
  const job = (status: string, report: unknown = null, error: string | null = null) => ({ status, report, error, startedAt: new Date("2026-12-01T10:00:00Z"), finishedAt: null });

  it("takes the live report while the job runs", () => {
    const live = runProgressOf(run, job("running", { done: 6, failed: 1, requests: 9, cacheHits: 0, itemsPerSecond: 2, etaSeconds: 2, slots: 3, errors: { unreachable: 1, timeout: 0 }, stoppedBecause: null }));
    expect(live).toMatchObject({ status: "running", done: 6, failed: 1, pending: 3, requests: 9, itemsPerSecond: 2, etaSeconds: 2, slots: 3, errors: { unreachable: 1 }, stoppedBecause: null });
  });

  it("keeps the run's own counts once the job ended, and says why it stopped", () => {
    expect(runProgressOf(run, job("failed", { done: 9, slots: 2, stoppedBecause: "unauthorized: HTTP 401: Unauthorized" }))).toMatchObject({ done: 4, pending: 5, slots: 0, itemsPerSecond: null, stoppedBecause: "unauthorized: HTTP 401: Unauthorized" });
    expect(runProgressOf(run, job("failed", null, "the run's connection was deleted"))).toMatchObject({ stoppedBecause: "the run's connection was deleted" });
    expect(runProgressOf(run, job("cancelled"))).toMatchObject({ status: "cancelled", stoppedBecause: "cancelled" });
    expect(runProgressOf(run, null)).toMatchObject({ status: "missing", stoppedBecause: null });
  });
});

describe("a run's scope in words", () => {
  it("names each condition by the list's labels", () => {
    expect(filterWords(en, "samples", { source: "verity-demo", imageMissing: "no", scoreMin: "5" })).toBe("Source is verity-demo and Image is present and the score is at least 5");
    expect(filterWords(zh, "samples", { source: "verity-demo", refusal: "yes" })).toBe("来源为verity-demo，且目标为不存在（拒答）");
    expect(filterWords(en, "samples", {})).toBe("none, every item of the project");
    expect(filterWords(en, "trajectories", { run: "r0000000001", flag: "rule_vs_judge" }, { runNames: { r0000000001: "demo-run-1" } })).toMatch(/^Run is demo-run-1 and Mismatch flag is /);
  });

  it("says what a stored scope ran over", () => {
    expect(scopeWords(en, "samples", { kind: "filter", filter: {} })).toBe("all samples of the project");
    expect(scopeWords(en, "trajectories", { kind: "filter", filter: { benchmark: "osworld" } })).toBe("trajectories where Benchmark is osworld");
    expect(scopeWords(en, "samples", { kind: "ids", ids: ["a", "b"] })).toBe("2 chosen samples");
    expect(scopeWords(zh, "samples", { kind: "queue", queueId: "q" }, { queueName: "第一轮" })).toBe("队列“第一轮”中的样本");
    expect(scopeWords(en, "samples", { kind: "queue", queueId: "q" })).toBe("the items of a queue deleted since");
  });
});

describe("a reply and a time left in words", () => {
  it("prints what a reply was read as, coordinates as stored", () => {
    expect(parsedText(en, "en", { kind: "point", x: 360, y: 640.5 })).toBe("point (360, 640.5)");
    expect(parsedText(zh, "zh-CN", { kind: "wrong_format", problem: "no [x,y] in the reply" })).toBe("格式不对：no [x,y] in the reply");
    expect(parsedText(en, "en", { kind: "verdict", success: false, rationale: "" })).toBe("verdict: failure");
    expect(parsedText(en, "en", null)).toBe("—");
  });

  it("prints a duration in seconds, minutes or hours", () => {
    expect(durationText(en, 12.2)).toBe("13 s");
    expect(durationText(en, 185)).toBe("3 min 5 s");
    expect(durationText(zh, 7_260)).toBe("2 小时 1 分");
    expect(durationText(en, null)).toBe("—");
  });
});
