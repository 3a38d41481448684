// One trajectory judged by WebJudge, in its three calls (webjudge-presets.ts):
//   1. key points from the goal, one sample;
//   2. one relevance score per step screenshot, in step order, each with the task and the key
//      points (a few screenshots at a time, so a long trajectory does not hold every image at
//      once: only the kept ones wait for the last call);
//   3. the outcome on the task, key points, numbered action history and the kept screenshots
//      with their numbered reasons (webjudge-steps.ts), k samples, read as the outcome judge's
//      are (item-outcome.ts); with no screenshot kept, the template's no-image question.
// Every call is asked through `ask`, i.e. the reply cache under its stage's own template hash.
// Nothing is guessed: key points that cannot be read end the item as wrong_format with the
// reply kept (no verdict); a score that cannot be read keeps its screenshot out, as WebJudge
// scores it 0, and the item's stored replies say which and why. A call the server did not
// answer stops the item there (the caller decides: pending, failed or the run stopped); a
// request that cannot be built (an image the connection's convention cannot take, a blank
// value) is returned with the step it was for.
// Pure: the calls and the image preparation are passed in.
import { itemOutcome, type ItemOutcome } from "@/lib/models/runs/item-outcome";
import { firstFailure, repliesOf, type CallResult, type ChatFailure } from "@/lib/models/runs/call-result";
import type { RecordedStage, WebJudgeStages } from "@/lib/models/runs/run-templates";
import { storedReply, storedScreenshot, type StoredReply } from "@/lib/models/runs/stored-replies";
import type { StepScreenshot } from "@/lib/models/runs/webjudge-inputs";
import { parseReply } from "@/lib/models/templates/parse-reply";
import { renderPrompt, type ChatMessage } from "@/lib/models/templates/render-prompt";
import { isKeyScreenshot, keyScreenshots, webJudgeActionHistory, type ScoredScreenshot } from "@/lib/models/templates/webjudge-steps";

// Screenshots prepared and asked about at once within one trajectory (other trajectories of
// the page are asked meanwhile, so the connection's slots stay busy).
export const SCREENSHOTS_AT_ONCE = 8;

/** Asks each request `samples` times through the cache under the stage's hash; results by request, then sample. */
export type AskStage = (stage: RecordedStage, requests: ChatMessage[][], samples: number) => Promise<CallResult[][]>;
export type WebJudgeDeps = {
  stages: Record<keyof WebJudgeStages, RecordedStage>;
  outcome: RecordedStage;
  k: number;
  ask: AskStage;
  /** The screenshot as the connection's model is to see it, as a data: URL. */
  image: (media: StepScreenshot["media"]) => Promise<{ dataUrl: string }>;
};
export type TrajectoryFacts = { goal: string; actions: readonly string[]; screenshots: readonly StepScreenshot[] };
export type WebJudgeResult =
  | { status: "answered"; outcome: ItemOutcome; replies: StoredReply[]; rawOutput: string }
  | { status: "call_failed"; failure: ChatFailure }
  | { status: "unsendable"; step: number | null; error: unknown };

const WRONG_FORMAT: ItemOutcome = { outcome: "wrong_format", agreement: 0, prediction: null, verdict: null, score: null };

export async function judgeTrajectory(deps: WebJudgeDeps, facts: TrajectoryFacts): Promise<WebJudgeResult> {
  const { keyPoints, keyScreenshot } = deps.stages;
  const task = facts.goal;

  let pointsRequest: ChatMessage[];
  try {
    pointsRequest = renderPrompt(keyPoints.template, { values: { task }, images: [] }).messages;
  } catch (error) {
    return { status: "unsendable", step: null, error };
  }
  const pointsResults = (await deps.ask(keyPoints, [pointsRequest], 1))[0]!;
  const pointsFailure = firstFailure(pointsResults);
  if (pointsFailure) return { status: "call_failed", failure: pointsFailure };
  const pointsReply = repliesOf(pointsResults)[0]!;
  const points = parseReply(keyPoints.template.parser, pointsReply.text);
  const replies: StoredReply[] = [storedReply(pointsReply, points, "key_points")];
  if (points.kind !== "key_points") return { status: "answered", outcome: WRONG_FORMAT, replies, rawOutput: pointsReply.text };

  // An image not kept is let go once scored.
  const scored: ScoredScreenshot[] = [];
  for (let start = 0; start < facts.screenshots.length; start += SCREENSHOTS_AT_ONCE) {
    const chunk = facts.screenshots.slice(start, start + SCREENSHOTS_AT_ONCE);
    const built = await Promise.all(
      chunk.map(async (shot) => {
        try {
          const { dataUrl } = await deps.image(shot.media);
          return { shot, dataUrl, messages: renderPrompt(keyScreenshot.template, { values: { task, key_points: points.text }, images: [dataUrl] }).messages };
        } catch (error) {
          return { shot, error };
        }
      }),
    );
    const unsendable = built.find((b) => "error" in b);
    if (unsendable) return { status: "unsendable", step: unsendable.shot.step, error: unsendable.error };
    const requests = built as { shot: StepScreenshot; dataUrl: string; messages: ChatMessage[] }[];
    const results = await deps.ask(keyScreenshot, requests.map((r) => r.messages), 1);
    const failure = firstFailure(results.flat());
    if (failure) return { status: "call_failed", failure };
    results.forEach((sampled, i) => {
      const reply = repliesOf(sampled)[0]!;
      const { shot, dataUrl } = requests[i]!;
      const parsed = parseReply(keyScreenshot.template.parser, reply.text);
      const isKept = parsed.kind === "relevance" && isKeyScreenshot(parsed.score);
      if (parsed.kind === "relevance") scored.push({ image: isKept ? dataUrl : "", score: parsed.score, reasoning: parsed.reasoning });
      replies.push(storedScreenshot(shot.step, reply, parsed, isKept));
    });
  }

  const key = keyScreenshots(scored);
  let outcomeRequest: ChatMessage[];
  try {
    const values = { task, key_points: points.text, last_actions: webJudgeActionHistory(facts.actions), thoughts: key.thoughts };
    outcomeRequest = renderPrompt(deps.outcome.template, { values, images: key.images }).messages;
  } catch (error) {
    return { status: "unsendable", step: null, error };
  }
  const outcomeResults = (await deps.ask(deps.outcome, [outcomeRequest], deps.k))[0]!;
  const outcomeFailure = firstFailure(outcomeResults);
  if (outcomeFailure) return { status: "call_failed", failure: outcomeFailure };
  const sampled = repliesOf(outcomeResults);
  const parsed = sampled.map((a) => parseReply(deps.outcome.template.parser, a.text));
  replies.push(...sampled.map((a, i) => storedReply(a, parsed[i]!, "outcome")));
  return { status: "answered", outcome: itemOutcome("trajectory_judge", parsed, null), replies, rawOutput: sampled[0]!.text };
}
