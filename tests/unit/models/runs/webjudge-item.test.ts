// WebJudge's three calls for one trajectory, with the calls and images stood in for: what each
// question is asked with, in which order, what is kept between them, and what the item comes
// to when a reply cannot be read or a call is not answered.
import { describe, expect, it } from "vitest";
import type { CallResult } from "@/lib/models/runs/call-result";
import { readRunTemplate, runTemplateRecord } from "@/lib/models/runs/run-templates";
import { judgeTrajectory, SCREENSHOTS_AT_ONCE, type AskStage, type WebJudgeDeps } from "@/lib/models/runs/webjudge-item";
import type { ChatMessage } from "@/lib/models/templates/render-prompt";
import { WEBJUDGE_OUTCOME } from "@/lib/models/templates/webjudge-presets";

const { template, stages } = readRunTemplate(runTemplateRecord(WEBJUDGE_OUTCOME));
const media = (n: number) => ({ storageKey: `shot-${n}`, width: 640, height: 480 });
const dataUrl = (storageKey: string) => `data:image/png;base64,${Buffer.from(storageKey).toString("base64")}`;
const answer = (text: string): CallResult => ({ ok: true, reply: { text, finishReason: "stop", promptTokens: 1, completionTokens: 1, latencyMs: 1 } });

type Asked = { stage: string; text: string; images: string[]; samples: number };
const userText = (messages: ChatMessage[]) => messages.flatMap((m) => (m.role === "user" ? m.content.flatMap((p) => (p.type === "text" ? [p.text] : [])) : [])).join("\n");
const userImages = (messages: ChatMessage[]) => messages.flatMap((m) => (m.role === "user" ? m.content.flatMap((p) => (p.type === "image_url" ? [p.image_url.url] : [])) : []));

// Scripted replies by stage; `reply` sees the request's user text.
function harness(reply: (stage: string, text: string, sample: number) => CallResult, k = 1) {
  const asked: Asked[] = [];
  const ask: AskStage = async (stage, requests, samples) =>
    requests.map((messages) => {
      asked.push({ stage: stage.template.id, text: userText(messages), images: userImages(messages), samples });
      return Array.from({ length: samples }, (_, i) => reply(stage.template.id, userText(messages), i));
    });
  const deps: WebJudgeDeps = { stages: stages!, outcome: { template, hash: "h" }, k, ask, image: async (m) => ({ dataUrl: dataUrl(m.storageKey) }) };
  return { asked, deps };
}

const KEY_POINTS = "**Key Points**:\n1. Search for traffic forecasting papers\n2. Filter by newest";
const facts = {
  goal: "Find the newest paper on traffic forecasting.",
  actions: ['{"elementLabel":"2","type":"click"}', '{"text":"traffic forecasting","type":"type"}'],
  screenshots: [{ step: 0, media: media(0) }, { step: 1, media: media(1) }, { step: 3, media: media(3) }],
};

describe("judgeTrajectory", () => {
  it("asks the key points, one score per screenshot in step order, then the outcome k times on the kept screenshots", async () => {
    const scores: Record<string, string> = { "shot-0": "**Reasoning**: The search page.\n\n**Score**: 2", "shot-1": "**Reasoning**: Results sorted by date.\n\n**Score**: 4", "shot-3": "**Reasoning**: The newest paper is open.\n\n**Score**: 5" };
    let shot = 0;
    const { asked, deps } = harness((stage, _text, sample) => {
      if (stage === "webjudge-key-points") return answer(KEY_POINTS);
      if (stage === "webjudge-key-screenshot") return answer(scores[`shot-${[0, 1, 3][shot++]}`]!);
      return answer(sample === 1 ? 'Thoughts: not sorted.\nStatus: "failure"' : 'Thoughts: sorted by newest and opened.\nStatus: "success"');
    }, 3);
    const result = await judgeTrajectory(deps, facts);

    expect(asked.map((a) => [a.stage, a.samples, a.images.length])).toEqual([
      ["webjudge-key-points", 1, 0],
      ["webjudge-key-screenshot", 1, 1], ["webjudge-key-screenshot", 1, 1], ["webjudge-key-screenshot", 1, 1],
      ["webjudge-outcome", 3, 2],
    ]);
    expect(asked[0]!.text).toBe("Task: Find the newest paper on traffic forecasting.");
    expect(asked.slice(1, 4).map((a) => a.images[0])).toEqual([dataUrl("shot-0"), dataUrl("shot-1"), dataUrl("shot-3")]);
    expect(asked[1]!.text).toContain("**Key Points for Task Completion**: \n1. Search for traffic forecasting papers\n2. Filter by newest");
    expect(asked[4]!.images).toEqual([dataUrl("shot-1"), dataUrl("shot-3")]);
    expect(asked[4]!.text).toBe(
      "User Task: Find the newest paper on traffic forecasting.\n\nKey Points: \n1. Search for traffic forecasting papers\n2. Filter by newest\n\nAction History:\n" +
        '1. {"elementLabel":"2","type":"click"}\n2. {"text":"traffic forecasting","type":"type"}\n\n' +
        "The potentially important snapshots of the webpage in the agent's trajectory and their reasons:\n1. Results sorted by date.\n2. The newest paper is open.",
    );

    expect(result).toMatchObject({ status: "answered", outcome: { outcome: "verdict", verdict: { success: true, rationale: "sorted by newest and opened." } } });
    if (result.status !== "answered") return;
    expect(result.outcome.agreement).toBeCloseTo(2 / 3);
    expect(result.replies.map((r) => [r.stage, r.step ?? null, r.parsed.kind, r.parsed.kept ?? null])).toEqual([
      ["key_points", null, "key_points", null],
      ["screenshot", 0, "relevance", false], ["screenshot", 1, "relevance", true], ["screenshot", 3, "relevance", true],
      ["outcome", null, "verdict", null], ["outcome", null, "verdict", null], ["outcome", null, "verdict", null],
    ]);
    expect(result.replies[0]).toMatchObject({ text: KEY_POINTS, parsed: { points: ["Search for traffic forecasting papers", "Filter by newest"] } });
    expect(result.replies[2]).toMatchObject({ text: "", parsed: { score: 4, reasoning: "Results sorted by date." } });
  });

  it("ends at key points it cannot read: wrong_format with the reply kept, nothing else asked", async () => {
    const { asked, deps } = harness(() => answer("The task is about papers."));
    const result = await judgeTrajectory(deps, facts);
    expect(asked).toHaveLength(1);
    expect(result).toMatchObject({ status: "answered", outcome: { outcome: "wrong_format", verdict: null }, rawOutput: "The task is about papers." });
    if (result.status === "answered") expect(result.replies).toEqual([{ stage: "key_points", text: "The task is about papers.", finishReason: "stop", parsed: { kind: "wrong_format", problem: expect.stringContaining("Key Points") } }]);
  });

  it("keeps a screenshot whose score cannot be read out, and says so; with none kept it asks the question without snapshots", async () => {
    const { asked, deps } = harness((stage) =>
      stage === "webjudge-key-points" ? answer(KEY_POINTS) : stage === "webjudge-key-screenshot" ? answer("**Reasoning**: a page.\n**Score**: high") : answer('Thoughts: no evidence.\nStatus: "failure"'),
    );
    const result = await judgeTrajectory(deps, facts);
    const outcome = asked.at(-1)!;
    expect(outcome).toMatchObject({ stage: "webjudge-outcome", images: [] });
    expect(outcome.text).not.toContain("snapshots");
    expect(outcome.text.endsWith('2. {"text":"traffic forecasting","type":"type"}')).toBe(true);
    expect(result).toMatchObject({ status: "answered", outcome: { outcome: "verdict", verdict: { success: false } } });
    if (result.status === "answered") expect(result.replies[1]).toMatchObject({ stage: "screenshot", step: 0, parsed: { kind: "wrong_format", kept: false } });
  });

  it("asks a trajectory without screenshots the question without snapshots, after its key points", async () => {
    const { asked, deps } = harness((stage) => (stage === "webjudge-key-points" ? answer(KEY_POINTS) : answer('Thoughts: done.\nStatus: "success"')));
    await judgeTrajectory(deps, { ...facts, screenshots: [] });
    expect(asked.map((a) => [a.stage, a.images.length])).toEqual([["webjudge-key-points", 0], ["webjudge-outcome", 0]]);
  });

  it("asks the screenshots of a long trajectory a few at a time, in step order", async () => {
    const many = Array.from({ length: SCREENSHOTS_AT_ONCE * 2 + 1 }, (_, i) => ({ step: i, media: media(i) }));
    const batches: number[] = [];
    const { deps } = harness((stage) => (stage === "webjudge-key-points" ? answer(KEY_POINTS) : stage === "webjudge-key-screenshot" ? answer("**Reasoning**: x\n**Score**: 3") : answer('Status: "success"')));
    const ask = deps.ask;
    deps.ask = (stage, requests, samples) => {
      if (stage.template.id === "webjudge-key-screenshot") batches.push(requests.length);
      return ask(stage, requests, samples);
    };
    const result = await judgeTrajectory(deps, { ...facts, screenshots: many });
    expect(batches).toEqual([SCREENSHOTS_AT_ONCE, SCREENSHOTS_AT_ONCE, 1]);
    if (result.status === "answered") expect(result.replies.filter((r) => r.stage === "screenshot").map((r) => r.step)).toEqual(many.map((s) => s.step));
  });

  it("stops at a call the server did not answer, and names the step of an image that cannot be sent", async () => {
    const failure = { ok: false as const, kind: "server_error" as const, message: "HTTP 503", status: 503, retryAfterMs: null, latencyMs: 1 };
    const failing = harness((stage) => (stage === "webjudge-key-points" ? answer(KEY_POINTS) : { ok: false, result: failure }));
    expect(await judgeTrajectory(failing.deps, facts)).toEqual({ status: "call_failed", failure });
    expect(failing.asked.map((a) => a.stage)).not.toContain("webjudge-outcome");

    const { deps } = harness(() => answer(KEY_POINTS));
    deps.image = async (m) => {
      if (m.storageKey === "shot-1") throw new Error("too narrow");
      return { dataUrl: dataUrl(m.storageKey) };
    };
    expect(await judgeTrajectory(deps, facts)).toMatchObject({ status: "unsendable", step: 1, error: new Error("too narrow") });
  });
});
