// A WebJudge run (trajectory_judge, started with webjudge-outcome) against a protocol-faithful
// OpenAI-compatible server on loopback: per trajectory the key points, one relevance score per
// step screenshot and the outcome k times, each exactly as WebJudge asks it; the verdict goes
// where the outcome judge's go; key points that cannot be read end the item as wrong_format;
// every reply is cached under its own stage, so a second identical run sends nothing and a
// resumed one sends nothing already answered.
process.env.NEXTAUTH_SECRET ??= "webjudge-runs-test-secret-0123456789abcdef0123";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "../databases";
import { generatedFixtures, importInto, importProject, IMPORT_MEDIA_DIR } from "../import-support";
import { startOpenAiStandIn, type OpenAiStandIn, type StandInReply, type StandInRequest } from "@/tests/support/openai-stand-in";
import type { Db } from "@/lib/db";
import { canonicalJson } from "@/lib/domain/canonical-json";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { createConnection } from "@/lib/models/connections/connections";
import { runModelRunJob } from "@/lib/models/runs/model-run-job";
import { cancelModelRun, resumeModelRun, startModelRun } from "@/lib/models/runs/start-model-run";
import { templateHash } from "@/lib/models/templates/template-hash";
import { WEBJUDGE_KEY_POINTS, WEBJUDGE_KEY_SCREENSHOT, WEBJUDGE_OUTCOME } from "@/lib/models/templates/webjudge-presets";

const KEY = "sk-webjudge-test";
const MODEL = "qwen2.5-vl-72b";
const store = createLocalMediaStore(IMPORT_MEDIA_DIR);

// The fixture's three WebVoyager tasks (tests/support/import-fixtures/webvoyager.ts).
const ARXIV = "Find the newest arXiv paper about graph neural networks for traffic forecasting and give its title.";
const BBC = "Open the technology section of BBC News and report the headline of the top story.";
const MAPS = "Find a library near Central Station and give its name.";

type Kind = "key_points" | "screenshot" | "outcome";
const kindOf = (req: StandInRequest): Kind => {
  const system = req.messages[0]!.content as string;
  if (system.startsWith("You are an expert tasked with analyzing a given task to identify the key points")) return "key_points";
  if (system.startsWith("You are an expert evaluator tasked with determining whether an image")) return "screenshot";
  if (system.startsWith("You are an expert in evaluating the performance of a web navigation agent")) return "outcome";
  throw new Error(`not a WebJudge request: ${system.slice(0, 60)}`);
};
const goalOf = (req: StandInRequest) => [ARXIV, BBC, MAPS].find((goal) => req.text.includes(goal))!;
const imagesOf = (req: StandInRequest) => req.messages.flatMap((m) => (typeof m.content === "string" ? [] : m.content.flatMap((p) => (p.type === "image_url" ? [p.image_url.url] : []))));

const KEY_POINTS = (goal: string) => `**Key Points**:\n1. ${goal.split(" ").slice(0, 4).join(" ")}\n2. Give the answer`;

describe.each(PROVIDERS)("WebJudge runs on %s", (provider) => {
  const servers: OpenAiStandIn[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  async function webProject() {
    const { db } = await freshDatabase(provider);
    const user = await db.user.create({ data: { email: "admin@x.test", name: "Admin" } });
    const projectId = await importProject(db, "webjudge");
    await importInto(db, projectId, path.join(await generatedFixtures(), "webvoyager"));
    const trajectories = await db.trajectory.findMany({ where: { projectId }, orderBy: { id: "asc" }, include: { steps: { orderBy: { index: "asc" }, include: { media: true } } } });
    expect(trajectories.map((t) => t.goal).sort()).toEqual([ARXIV, BBC, MAPS].sort());
    return { db, user, projectId, trajectories };
  }

  // Each step screenshot as the model sees it (640x480 under rel1000 with no pixel limit: the
  // stored bytes), so a score can be given per screen and the kept ones named in step order.
  async function screensOf(trajectory: Awaited<ReturnType<typeof webProject>>["trajectories"][number]) {
    return Promise.all(trajectory.steps.filter((s) => s.media).map(async (s) => ({ index: s.index, url: `data:image/png;base64,${(await store.read(s.media!.storageKey)).toString("base64")}` })));
  }

  async function connect(db: Db, projectId: string, userId: string, url: string) {
    return createConnection(db, projectId, userId, { name: `vllm-${Math.random().toString(36).slice(2, 8)}`, baseUrl: url, model: MODEL, apiKey: KEY, convention: "rel1000" });
  }

  // ArXiv: its first screen scores 2, the others 4 (kept); the outcome says success twice in
  // three. Maps: one score unreadable, the others 1, so nothing is kept; the outcome says
  // failure. BBC: key points that cannot be read.
  function replies(scoreOf: Map<string, string>) {
    const outcomes = new Map<string, number>();
    return (req: StandInRequest): StandInReply => {
      const goal = goalOf(req);
      const kind = kindOf(req);
      if (kind === "key_points") return { content: goal === BBC ? "The task is about news." : KEY_POINTS(goal) };
      if (kind === "screenshot") return { content: scoreOf.get(imagesOf(req)[0]!)! };
      const n = outcomes.get(goal) ?? 0;
      outcomes.set(goal, n + 1);
      if (goal === MAPS) return { content: 'Thoughts: no library is named.\nStatus: "failure"' };
      return { content: n === 1 ? 'Thoughts: not sorted by date.\nStatus: "failure"' : 'Thoughts: the newest result was opened.\nStatus: "success"' };
    };
  }

  async function scripted(trajectories: Awaited<ReturnType<typeof webProject>>["trajectories"]) {
    const byGoal = new Map(await Promise.all(trajectories.map(async (t) => [t.goal, { trajectory: t, screens: await screensOf(t) }] as const)));
    const scoreOf = new Map<string, string>();
    byGoal.get(ARXIV)!.screens.forEach((s, i) => scoreOf.set(s.url, `**Reasoning**: Screen ${s.index} of the search.\n\n**Score**: ${i === 0 ? 2 : 4}`));
    byGoal.get(MAPS)!.screens.forEach((s, i) => scoreOf.set(s.url, i === 0 ? "**Reasoning**: A map.\n\n**Score**: high" : `**Reasoning**: Screen ${s.index}.\n\n**Score**: 1`));
    byGoal.get(BBC)!.screens.forEach((s) => scoreOf.set(s.url, "never asked"));
    return { byGoal, scoreOf };
  }

  it("asks each trajectory WebJudge's three questions, writes the majority verdict, keeps unreadable key points as wrong_format, and asks nothing twice", async () => {
    const { db, user, projectId, trajectories } = await webProject();
    const { byGoal, scoreOf } = await scripted(trajectories);
    const server = await startOpenAiStandIn({ models: [MODEL], apiKey: KEY, reply: replies(scoreOf) });
    servers.push(server);
    const connection = await connect(db, projectId, user.id, server.url);

    await expect(startModelRun(db, projectId, user.id, { connectionId: connection.id, templateId: "webjudge-key-points", scope: { kind: "filter", filter: {} } })).rejects.toThrow(/one of the questions a webjudge-outcome run asks/);
    const input = { connectionId: connection.id, templateId: "webjudge-outcome", k: 3, temperature: 0.5, maxTokens: 1024, scope: { kind: "filter", filter: {} } };
    const run = await startModelRun(db, projectId, user.id, input);
    expect(run).toMatchObject({ task: "trajectory_judge", templateId: "webjudge-outcome", templateVersion: 1, templateHash: templateHash(WEBJUDGE_OUTCOME), outputName: connection.name, total: 3 });
    expect((run.template as { stages: unknown }).stages).toMatchObject({
      keyPoints: { id: "webjudge-key-points", version: 1, hash: templateHash(WEBJUDGE_KEY_POINTS) },
      keyScreenshot: { id: "webjudge-key-screenshot", version: 1, hash: templateHash(WEBJUDGE_KEY_SCREENSHOT) },
    });

    const report = await runModelRunJob(db, run.jobId, { store });
    server.assertClean();
    const arxiv = byGoal.get(ARXIV)!;
    const maps = byGoal.get(MAPS)!;
    const calls = 1 + arxiv.screens.length + 3 + (1 + maps.screens.length + 3) + 1;
    expect(report).toMatchObject({ done: 3, failed: 0, requests: calls, cacheHits: 0, stoppedBecause: null, errors: { wrong_format: 1 } });
    expect(await db.modelRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ done: 3, requests: calls, cacheHits: 0 });

    // The requests, by kind and trajectory: 1 + screenshots + k each; BBC's key points only.
    const asked = server.requests.map((req) => ({ req, kind: kindOf(req), goal: goalOf(req) }));
    const count = (goal: string, kind: Kind) => asked.filter((a) => a.goal === goal && a.kind === kind).length;
    expect([ARXIV, MAPS, BBC].map((g) => [count(g, "key_points"), count(g, "screenshot"), count(g, "outcome")])).toEqual([[1, arxiv.screens.length, 3], [1, maps.screens.length, 3], [1, 0, 0]]);
    expect(server.requests.every((r) => r.temperature === 0.5 && r.max_tokens === 1024 && r.model === MODEL)).toBe(true);
    for (const { req, kind, goal } of asked) {
      if (kind === "key_points") expect(req.messages[1]!.content).toEqual([{ type: "text", text: `Task: ${goal}` }]);
      if (kind === "screenshot") {
        expect(req.text).toContain(`**Task**: ${goal}\n\n**Key Points for Task Completion**: \n${KEY_POINTS(goal).split("\n").slice(1).join("\n")}`);
        expect(req.images).toEqual([{ width: 640, height: 480, mime: "image/png", bytes: expect.any(Number) }]);
      }
    }
    // Every screen was scored once, in its trajectory.
    expect(asked.filter((a) => a.kind === "screenshot" && a.goal === ARXIV).map((a) => imagesOf(a.req)[0]).sort()).toEqual(arxiv.screens.map((s) => s.url).sort());

    // The outcome question: the action history as Verity stores it, the kept screens in step
    // order with their numbered reasons; with none kept, the question without snapshots.
    const history = (goal: string) => byGoal.get(goal)!.trajectory.steps.flatMap((s) => (s.action === null ? [] : [canonicalJson(s.action)])).map((a, i) => `${i + 1}. ${a}`).join("\n");
    const arxivOutcome = asked.find((a) => a.goal === ARXIV && a.kind === "outcome")!.req;
    expect(imagesOf(arxivOutcome)).toEqual(arxiv.screens.slice(1).map((s) => s.url));
    expect(arxivOutcome.messages[1]!.content[0]).toEqual({
      type: "text",
      text: `User Task: ${ARXIV}\n\nKey Points: \n${KEY_POINTS(ARXIV).split("\n").slice(1).join("\n")}\n\nAction History:\n${history(ARXIV)}\n\nThe potentially important snapshots of the webpage in the agent's trajectory and their reasons:\n${arxiv.screens.slice(1).map((s, i) => `${i + 1}. Screen ${s.index} of the search.`).join("\n")}`,
    });
    expect(history(ARXIV).split("\n")).toHaveLength(4);
    const mapsOutcome = asked.find((a) => a.goal === MAPS && a.kind === "outcome")!.req;
    expect(imagesOf(mapsOutcome)).toEqual([]);
    expect(mapsOutcome.messages[1]!.content).toEqual([{ type: "text", text: `User Task: ${MAPS}\n\nKey Points: \n${KEY_POINTS(MAPS).split("\n").slice(1).join("\n")}\n\nAction History:\n${history(MAPS)}` }]);

    // The verdicts, where the outcome judge's go.
    const verdicts = await db.judgeVerdict.findMany({ where: { projectId, judgeName: connection.name }, include: { trajectory: { select: { goal: true } } } });
    expect(verdicts.map((v) => [v.trajectory!.goal, v.valueBool]).sort()).toEqual([[ARXIV, true], [MAPS, false]].sort());
    expect(verdicts.every((v) => v.kind === "mllm" && v.metric === "trace_success" && v.promptVersion === "webjudge-outcome@v1")).toBe(true);
    expect(verdicts.find((v) => v.trajectory!.goal === ARXIV)!.rationale).toBe("the newest result was opened.");

    // What each item keeps of its replies.
    const items = await db.modelRunItem.findMany({ where: { runId: run.id } });
    const itemOf = (goal: string) => items.find((i) => i.trajectoryId === byGoal.get(goal)!.trajectory.id)!;
    expect(itemOf(ARXIV)).toMatchObject({ status: "done", outcome: "verdict" });
    expect(itemOf(ARXIV).agreement).toBeCloseTo(2 / 3);
    expect(itemOf(MAPS)).toMatchObject({ status: "done", outcome: "verdict", agreement: 1 });
    type Stored = { stage: string; step?: number; text: string; parsed: Record<string, unknown> };
    const arxivReplies = itemOf(ARXIV).replies as Stored[];
    expect(arxivReplies.map((r) => r.stage)).toEqual(["key_points", ...arxiv.screens.map(() => "screenshot"), "outcome", "outcome", "outcome"]);
    expect(arxivReplies.filter((r) => r.stage === "screenshot").map((r) => [r.step, r.parsed.score, r.parsed.kept])).toEqual(arxiv.screens.map((s, i) => [s.index, i === 0 ? 2 : 4, i > 0]));
    expect((itemOf(MAPS).replies as Stored[])[1]).toMatchObject({ stage: "screenshot", step: maps.screens[0]!.index, parsed: { kind: "wrong_format", kept: false } });
    expect(itemOf(BBC)).toMatchObject({ status: "done", outcome: "wrong_format", agreement: 0 });
    expect(itemOf(BBC).replies).toEqual([{ stage: "key_points", text: "The task is about news.", finishReason: "stop", parsed: { kind: "wrong_format", problem: expect.stringContaining("Key Points") } }]);

    // The same run again: every question is in the cache.
    const again = await startModelRun(db, projectId, user.id, input);
    expect(await runModelRunJob(db, again.jobId, { store })).toMatchObject({ done: 3, requests: 0, cacheHits: calls });
    expect(server.requests).toHaveLength(calls);
    expect(await db.judgeVerdictRevision.count({ where: { verdict: { judgeName: connection.name } } })).toBe(2);
  });

  it("is cancelled mid-run, and the resume asks again only what was not answered", async () => {
    const { db, user, projectId, trajectories } = await webProject();
    const { byGoal, scoreOf } = await scripted(trajectories);
    const answer = replies(scoreOf);
    const answered = new Map<string, number>();
    let runId = "";
    let cancelled = false;
    // The first outcome question cancels the run and is never answered, nor is any after it.
    const server = await startOpenAiStandIn({
      models: [MODEL], apiKey: KEY,
      reply: async (req) => {
        if (runId && !cancelled && kindOf(req) === "outcome") {
          await cancelModelRun(db, projectId, runId);
          cancelled = true;
        }
        if (cancelled && runId) return { hang: true };
        const signature = `${kindOf(req)}|${req.text}|${imagesOf(req).join(",")}`;
        answered.set(signature, (answered.get(signature) ?? 0) + 1);
        return answer(req);
      },
    });
    servers.push(server);
    const connection = await connect(db, projectId, user.id, server.url);
    const run = await startModelRun(db, projectId, user.id, { connectionId: connection.id, templateId: "webjudge-outcome", scope: { kind: "filter", filter: {} } });
    runId = run.id;
    expect(await runModelRunJob(db, run.jobId, { store })).toMatchObject({ stoppedBecause: "cancelled" });
    expect(await db.modelRunItem.count({ where: { runId: run.id, status: "pending" } })).toBeGreaterThan(0);

    runId = "";
    const job = await resumeModelRun(db, projectId, run.id, user.id);
    expect(await runModelRunJob(db, job.id, { store })).toMatchObject({ done: 3, failed: 0, stoppedBecause: null });
    server.assertClean();
    // Each question was answered once (k = 1): key points, screens and outcomes alike.
    const arxiv = byGoal.get(ARXIV)!.screens.length;
    const maps = byGoal.get(MAPS)!.screens.length;
    expect([...answered.values()].every((n) => n === 1)).toBe(true);
    expect(answered.size).toBe(1 + arxiv + 1 + (1 + maps + 1) + 1);
    expect(await db.judgeVerdict.count({ where: { projectId, judgeName: connection.name } })).toBe(2);
  });
});
