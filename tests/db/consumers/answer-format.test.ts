// Issue 36 item 4: SFT rows taught a different answer format from their prompt's. The UI-Venus
// navigation prompt asks for <think>..</think><action>..</action><conclusion>..</conclusion>,
// every assistant turn was <action>..</action> alone. Rows now ask with the prompt's Output
// Format section asking for the action alone (the rest of UI-Venus' prompt word for word), the
// answer they teach, and the manifest and README say so. Navigation rows (GRPO or SFT on the
// same file) and online-RL SFT rows alike. (World: navigation-world.ts; files checked.)
import { beforeAll, describe, expect, it } from "vitest";
import { MsSwiftRowSchema } from "@/lib/exports/profiles/row-schemas";
import type { ExportWorld } from "../export-support";
import { exportPool, jsonLines, type Exported } from "./consumer-world";
import { navigationWorld, STEPS } from "./navigation-world";

let world: ExportWorld;
beforeAll(async () => {
  world = await navigationWorld();
}, 180_000);

const ACTION_ALONE = /^<action>[^<]+<\/action>$/;

function expectAsksForTheActionAlone(prompt: string) {
  const format = prompt.split("### Output Format")[1]!.split("###")[0]!.trim();
  expect(format).toBe("<action> the next action </action>");
  expect(prompt).not.toContain("<think> your thinking process </think>");
  expect(prompt).not.toContain("<conclusion>");
}

function expectManifestSays(s: Exported) {
  expect(s.manifest.provenance?.template?.answerFormat).toMatch(/^<action>…<\/action> alone; the prompt's Output Format asks for the action alone/);
  expectAsksForTheActionAlone(s.manifest.provenance!.template!.text);
  expect(s.text("README.md")).toContain("- Answers: <action>…</action> alone");
}

describe("the answer a row teaches is the answer its prompt asks for", () => {
  it("navigation rows of both UI-Venus templates: the prompt asks for <action>..</action> alone, the answer is that", async () => {
    for (const template of ["ui-venus-1.5-mobile", "ui-venus-1.5-web"]) {
      const s = await exportPool(world, { name: `answers-${template}`, kind: "navigation", profile: "ms-swift", settings: { template } });
      const rows = jsonLines(s.text("navigation.jsonl")).map((r) => MsSwiftRowSchema.parse(r));
      expect(rows).toHaveLength(STEPS.length);
      for (const row of rows) {
        expectAsksForTheActionAlone(row.messages.find((m) => m.role === "user")!.content);
        expect(row.messages.at(-1)!.content, row.id).toMatch(ACTION_ALONE);
      }
      expectManifestSays(s);
    }
  });

  it("online-RL SFT rows: the first user turn asks for the action alone and every assistant turn is one", async () => {
    const s = await exportPool(world, { name: "answers-sft", kind: "online_rl", profile: "ms-swift" });
    const rows = jsonLines(s.text("sft.jsonl")).map((r) => MsSwiftRowSchema.parse(r));
    expect(rows).toHaveLength(1);
    const turns = rows[0]!.messages;
    expectAsksForTheActionAlone(turns.find((m) => m.role === "user")!.content);
    const answers = turns.filter((m) => m.role === "assistant");
    expect(answers).toHaveLength(STEPS.length);
    for (const answer of answers) expect(answer.content).toMatch(ACTION_ALONE);
    expectManifestSays(s);
  });
});
