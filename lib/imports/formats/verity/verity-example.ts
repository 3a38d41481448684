// A worked example of Verity JSONL: one line of each type, as the import screen shows it and
// `GET /api/schemas/verity-import?example=jsonl` serves it as a template to edit. Every line
// is checked against VerityLineSchema by a unit test, so the example cannot drift from the format.
export const VERITY_EXAMPLE_LINES: readonly Record<string, unknown>[] = [
  { type: "run", name: "agent-v3-androidworld", benchmark: "androidworld", model: "agent-v3" },
  {
    type: "sample",
    id: "settings-wifi",
    dataset: "my-grounding",
    image: "images/settings.png",
    image_size: [1080, 2400],
    instruction: "Open the Wi-Fi settings",
    platform: "android",
    app: "Settings",
    box: [48, 612, 1032, 780],
    verdicts: [{ kind: "mllm", judge: "teacher-72b", metric: "quality_score", value: 8, rationale: "Clear target." }],
  },
  { type: "prediction", sample: "settings-wifi", dataset: "my-grounding", model: "agent-v3", point: [530, 700] },
  {
    type: "trajectory",
    id: "task-17-rollout-0",
    dataset: "my-rollouts",
    goal: "Turn on airplane mode",
    benchmark: "androidworld",
    run: "agent-v3-androidworld",
    group: "task-17",
    auto_outcome: true,
    steps: [
      { image: "episodes/task-17-0/step0.png", ui_tree: "episodes/task-17-0/step0.xml", action: { type: "click", x: 540, y: 120 }, thought: "Pull down the quick settings." },
      { image: "episodes/task-17-0/step1.png", action: { type: "finish" } },
    ],
  },
  { type: "verdict", dataset: "my-rollouts", target: { trajectory: "task-17-rollout-0", step: 0 }, kind: "mllm", judge: "step-judge", metric: "step_score", value: 9 },
  { type: "annotation", annotator: "rater@example.org", dataset: "my-grounding", target: { sample: "settings-wifi" }, status: "submitted", box: [50, 610, 1030, 782] },
];

/** The example as a JSONL file (one object per line, a final newline). */
export function verityExampleJsonl(): string {
  return `${VERITY_EXAMPLE_LINES.map((line) => JSON.stringify(line)).join("\n")}\n`;
}

/** Where the example's paths point, relative to the import root (a folder or a zip's root). */
export const VERITY_EXAMPLE_LAYOUT = `my-import.zip  (or a folder)
├── records.jsonl               the lines above, one JSON object per line
├── images/
│   └── settings.png            the sample's "image"
└── episodes/
    └── task-17-0/
        ├── step0.png           each step's "image"
        ├── step0.xml           a step's "ui_tree" (optional)
        └── step1.png`;
