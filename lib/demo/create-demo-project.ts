import "server-only";
// The demo project that `npm start` creates on first run: synthetic screenshots rendered by
// the project itself, a handful of grounding samples (one refusal, one with its image
// missing) with model predictions and judge scores, and two GRPO groups of short
// trajectories in an evaluation run, with rule and MLLM verdicts that sometimes disagree.
import { rederiveStale } from "@/lib/derived/rederive-stale";
import { recordVerdict, recordVerdicts } from "@/lib/verdicts/record-verdict";
import type { Db } from "@/lib/db";
import { ActionSchema, type Action } from "@/lib/domain/actions";
import { boxCenter } from "@/lib/domain/geometry";
import { DEMO_SCREENS, element, renderScreen, type DemoScreen } from "@/lib/demo/screens";
import { ingestImage } from "@/lib/media/ingest";
import type { MediaStore } from "@/lib/media/store";
import { createProject } from "@/lib/projects/projects";

export const DEMO_SLUG = "demo";
const SOURCE = "verity-demo";

type Screens = Record<string, { screen: DemoScreen; mediaId: string }>;

const click = (screen: DemoScreen, name: string): Action => {
  const target = element(screen, name);
  const [x, y] = boxCenter(target.box);
  return ActionSchema.parse({ type: "click", x, y, element: target.box });
};

export async function createDemoProject(db: Db, store: MediaStore, ownerId: string) {
  const existing = await db.project.findUnique({ where: { slug: DEMO_SLUG } });
  if (existing) return existing;
  const project = await createProject(db, {
    slug: DEMO_SLUG,
    name: "Demo: phone settings and shopping",
    description: "Synthetic screenshots, grounding samples and GRPO rollouts to try Verity on.",
  });
  await db.membership.create({ data: { projectId: project.id, userId: ownerId, role: "admin" } });

  const screens: Screens = {};
  for (const screen of DEMO_SCREENS) {
    const media = await ingestImage(db, store, project.id, await renderScreen(screen), `${screen.key}.png`);
    screens[screen.key] = { screen, mediaId: media.id };
  }
  await createDemoSamples(db, project.id, screens);
  await createDemoTrajectories(db, project.id, screens);
  // Written as an import writes them (stale); their derived values follow as after an import.
  await rederiveStale(db, project.id);
  return project;
}

async function createDemoSamples(db: Db, projectId: string, screens: Screens) {
  const specs = [
    { id: "g1", screen: "settings-home", target: "Display", instruction: "Open the display settings", lang: "en", pred: "hit", score: 9 },
    { id: "g2", screen: "settings-home", target: "Search", instruction: "Tap the magnifier to search settings", lang: "en", pred: "miss", score: 6 },
    { id: "g3", screen: "shop-fruit", target: "Blueberries", instruction: "Choose blueberries", lang: "en", pred: "hit", score: 8 },
    { id: "g4", screen: "shop-home", target: "Bakery", instruction: "Öffne die Bäckerei", lang: "de", pred: "wrong_format", score: 7 },
    { id: "g5", screen: "sheet-editor", target: "Save", instruction: "Save the spreadsheet", lang: "en", pred: "hit", score: 3 },
    { id: "g6", screen: "sheet-editor", target: "Settings gear", instruction: "open settings", lang: "en", pred: "miss", score: 5 },
    { id: "g7", screen: "settings-dark", target: null, instruction: "Turn on airplane mode", lang: "en", pred: "refusal", score: 8 },
  ] as const;

  for (const spec of specs) {
    const { screen, mediaId } = screens[spec.screen]!;
    const target = spec.target ? element(screen, spec.target) : null;
    const sample = await db.groundingSample.create({
      data: {
        projectId,
        mediaId,
        imageRef: `${screen.key}.png`,
        instruction: spec.instruction,
        language: spec.lang,
        platform: screen.width > screen.height ? "desktop" : "android",
        app: screen.key.split("-")[0],
        uiType: target?.kind ?? null,
        sourceDataset: SOURCE,
        sourceId: spec.id,
        contentHash: `${SOURCE}:${spec.id}`,
        targetAbsent: target === null,
        qualityScore: spec.score,
        boxX1: target?.box[0],
        boxY1: target?.box[1],
        boxX2: target?.box[2],
        boxY2: target?.box[3],
      },
    });
    const point = target ? boxCenter(target.box) : ([0, 0] as const);
    const prediction =
      spec.pred === "hit"
        ? { kind: "point", x: point[0], y: point[1], rawOutput: `(${Math.round(point[0])},${Math.round(point[1])})` }
        : spec.pred === "miss"
          ? { kind: "point", x: screen.width / 2, y: screen.height / 2, rawOutput: `(${screen.width / 2},${screen.height / 2})` }
          : spec.pred === "refusal"
            ? { kind: "refusal", rawOutput: "The target is not present: [-1,-1]" }
            : { kind: "wrong_format", rawOutput: "I would click on the bakery section." };
    const correctness = spec.pred === "hit" ? "correct" : spec.pred === "miss" ? "wrong" : spec.pred === "refusal" ? "correct" : "wrong_format";
    await db.modelPrediction.create({ data: { projectId, sampleId: sample.id, model: "qwen2.5-vl-7b", correctness, ...prediction } });
    await recordVerdict(db, {
      projectId,
      sampleId: sample.id,
      kind: "mllm",
      judgeName: "teacher-72b",
      promptVersion: "quality-v1",
      metric: "quality_score",
      valueScore: spec.score,
      rationale: spec.score >= 7 ? "Instruction is specific and the box is tight." : "Instruction is vague or the box is loose.",
    });
  }

  await db.groundingSample.create({
    data: {
      projectId,
      imageRef: "missing/phone_0042.png",
      imageMissing: true,
      imageWidth: 1080,
      imageHeight: 2400,
      instruction: "Tap the back arrow",
      language: "en",
      platform: "android",
      sourceDataset: SOURCE,
      sourceId: "g8",
      contentHash: `${SOURCE}:g8`,
      boxX1: 12,
      boxY1: 96,
      boxX2: 108,
      boxY2: 192,
    },
  });
}

type StepSpec = { screen: string; action: Action; thought: string };
type RolloutSpec = { id: string; group: string; goal: string; app: string; steps: StepSpec[]; rule: boolean; judge: boolean };

async function createDemoTrajectories(db: Db, projectId: string, screens: Screens) {
  const s = (key: string) => screens[key]!.screen;
  const finish = (answer?: string): Action => ActionSchema.parse({ type: "finish", answer });
  const rollouts: RolloutSpec[] = [
    {
      id: "t1", group: "dark-theme", goal: "Turn on the dark theme", app: "Settings", rule: true, judge: true,
      steps: [
        { screen: "settings-home", action: click(s("settings-home"), "Display"), thought: "Dark theme lives under Display." },
        { screen: "settings-display", action: click(s("settings-display"), "Dark theme"), thought: "Open the dark theme page." },
        { screen: "settings-dark", action: click(s("settings-dark"), "Use dark theme"), thought: "Switch it on." },
        { screen: "settings-dark", action: finish(), thought: "Dark theme is on." },
      ],
    },
    {
      id: "t2", group: "dark-theme", goal: "Turn on the dark theme", app: "Settings", rule: false, judge: true,
      steps: [
        { screen: "settings-home", action: click(s("settings-home"), "Display"), thought: "Go to Display." },
        { screen: "settings-display", action: ActionSchema.parse({ type: "scroll", direction: "down" }), thought: "Look for more options." },
        { screen: "settings-display", action: click(s("settings-display"), "Font size"), thought: "This might be it." },
        { screen: "settings-display", action: finish(), thought: "Done." },
      ],
    },
    {
      id: "t3", group: "buy-blueberries", goal: "Put blueberries in the cart and check out", app: "Market", rule: true, judge: true,
      steps: [
        { screen: "shop-home", action: click(s("shop-home"), "Fresh fruit"), thought: "Berries are fruit." },
        { screen: "shop-fruit", action: click(s("shop-fruit"), "Blueberries"), thought: "Select blueberries." },
        { screen: "shop-fruit", action: click(s("shop-fruit"), "Add to cart"), thought: "Add them." },
        { screen: "shop-cart", action: click(s("shop-cart"), "Checkout"), thought: "Check out." },
        { screen: "shop-cart", action: finish("Ordered blueberries"), thought: "Order placed." },
      ],
    },
    {
      id: "t4", group: "buy-blueberries", goal: "Put blueberries in the cart and check out", app: "Market", rule: false, judge: false,
      steps: [
        { screen: "shop-home", action: click(s("shop-home"), "Search"), thought: "Search for it." },
        { screen: "shop-home", action: ActionSchema.parse({ type: "type", text: "blueberries" }), thought: "Type the product." },
        { screen: "shop-home", action: ActionSchema.parse({ type: "back" }), thought: "No results; go back." },
        { screen: "shop-home", action: finish("Blueberries are not available"), thought: "Give up." },
      ],
    },
  ];

  const run = await db.evaluationRun.create({
    data: { projectId, name: "demo-run-1", benchmark: "demo-android", model: "venus-nav-7b-ckpt120" },
  });
  for (const rollout of rollouts) {
    const trajectory = await db.trajectory.create({
      data: {
        projectId,
        runId: run.id,
        goal: rollout.goal,
        benchmark: "demo-android",
        app: rollout.app,
        model: "venus-nav-7b-ckpt120",
        groupKey: rollout.group,
        sourceDataset: SOURCE,
        sourceId: rollout.id,
        contentHash: `${SOURCE}:${rollout.id}`,
        sourceOutcome: rollout.rule,
        agentClaimedFinish: true,
        stepCount: rollout.steps.length,
        steps: {
          create: rollout.steps.map((step, index) => ({
            index,
            mediaId: screens[step.screen]!.mediaId,
            imageRef: `${step.screen}.png`,
            actionType: step.action.type,
            action: step.action,
            thought: step.thought,
            rawOutput: `Thought: ${step.thought}\nAction: ${JSON.stringify(step.action)}`,
          })),
        },
      },
    });
    await recordVerdicts(db, [
      { projectId, trajectoryId: trajectory.id, kind: "rule", judgeName: "state-checker", metric: "trace_success", valueBool: rollout.rule, rationale: rollout.rule ? "Final state matches the goal." : "Final state does not match the goal." },
      { projectId, trajectoryId: trajectory.id, kind: "mllm", judgeName: "judge-72b", promptVersion: "trace-v2", metric: "trace_success", valueBool: rollout.judge, rationale: rollout.judge ? "The agent reached a screen consistent with the goal." : "The agent gave up." },
    ]);
  }
}
