// Issue 36 item 5: EasyR1 with the qwen2.5-vl-mobile-use template put the tools' system prompt
// inside the user turn (EasyR1 takes one prompt string, hiyouga/EasyR1@b44b311
// verl/utils/dataset.py:158-173), under the chat template's own default system message. The
// Qwen2.5-VL cookbook asks with a system turn (the tools) and a user turn (the query, then the
// screenshot; QwenLM/Qwen2.5-VL@f0af299 cookbooks/mobile_agent.ipynb). EasyR1 lets a run replace
// the chat template (data.override_chat_template), so the snapshot ships one and the README
// passes it; here each row's prompt is rendered through it as EasyR1 and transformers render it
// (tests/support/easyr1-chat-render.py) and compared with the cookbook's layout in Qwen's ChatML
// (system turn, then the user turn with the vision tokens after the text, then the generation
// prompt), built from the same rows as ms-swift writes them with their own system turn.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { EasyR1RowSchema, MsSwiftRowSchema } from "@/lib/exports/profiles/row-schemas";
import type { ExportWorld } from "../export-support";
import { exportPool, jsonLines } from "./consumer-world";
import { navigationWorld, STEPS } from "./navigation-world";

const HARNESS = path.resolve("tests/support/easyr1-chat-render.py");
const jinja = spawnSync("python3", ["-c", "import jinja2"]).status === 0;
if (!jinja) console.log("EasyR1 chat template rendering skipped: python3 has no jinja2 on this machine");

let world: ExportWorld;
beforeAll(async () => {
  world = await navigationWorld();
}, 180_000);

const settings = { template: "qwen2.5-vl-mobile-use", convention: "qwen25-abs" };
const VISION = "<|vision_start|><|image_pad|><|vision_end|>";

describe("EasyR1 reads a mobile_use pool in the Qwen2.5-VL cookbook's layout", () => {
  it("the rows ask as the cookbook does: tools in a system turn, the query then the screenshot, history calls as JSON", async () => {
    const swift = await exportPool(world, { name: "cookbook-swift", kind: "navigation", profile: "ms-swift", settings });
    const rows = jsonLines(swift.text("navigation.jsonl")).map((r) => MsSwiftRowSchema.parse(r));
    expect(rows).toHaveLength(STEPS.length);
    for (const row of rows) {
      expect(row.messages.map((m) => m.role)).toEqual(["system", "user", "assistant"]);
      expect(row.messages[0]!.content).toMatch(/^You are a helpful assistant\.\n\n# Tools\n/);
      expect(row.messages[1]!.content).toMatch(/^The user query: [^]*<image>$/);
      expect(row.messages[1]!.content).not.toContain("<tool_call>");
    }
    expect(rows[1]!.messages[1]!.content).toContain('Step 1: {"name": "mobile_use", "arguments": {"action": "click", "coordinate": [');
  });

  it.runIf(jinja)("the snapshot's chat template, passed by the README, renders each EasyR1 prompt as the cookbook's system and user turns", async () => {
    const easy = await exportPool(world, { name: "cookbook-easyr1", kind: "navigation", profile: "easyr1", settings });
    const swift = await exportPool(world, { name: "cookbook-swift-2", kind: "navigation", profile: "ms-swift", settings });
    const swiftRows = new Map(jsonLines(swift.text("navigation.jsonl")).map((r) => MsSwiftRowSchema.parse(r)).map((r) => [r.id, r]));
    const readme = easy.text("README.md");
    expect(readme).toContain("data.override_chat_template=$SNAPSHOT/chat_template.jinja");
    expect(readme).toContain("the Qwen2.5-VL cookbook's layout");
    const cases = jsonLines(easy.text("navigation.jsonl")).map((r) => {
      const row = EasyR1RowSchema.parse(r);
      const [system, user] = swiftRows.get(row.id)!.messages;
      return { id: row.id, prompt: row.prompt, expected: `<|im_start|>system\n${system!.content}<|im_end|>\n<|im_start|>user\n${user!.content.replace("<image>", VISION)}<|im_end|>\n<|im_start|>assistant\n` };
    });
    expect(cases).toHaveLength(STEPS.length);
    const dir = mkdtempSync(path.join(os.tmpdir(), "verity-easyr1-template-"));
    writeFileSync(path.join(dir, "cases.jsonl"), cases.map((c) => JSON.stringify(c)).join("\n") + "\n");
    const run = spawnSync("python3", [HARNESS, path.join(easy.dir, "chat_template.jinja"), path.join(dir, "cases.jsonl")], { encoding: "utf8" });
    expect(run.stdout + run.stderr).toContain(`{"cases": ${cases.length}, "failures": 0}`);
    expect(run.status).toBe(0);
  });

  it("UI-Venus pools (no system turn) ship no chat template and their README passes none", async () => {
    const s = await exportPool(world, { name: "cookbook-none", kind: "navigation", profile: "easyr1" });
    expect(s.manifest.files.map((f) => f.name)).not.toContain("chat_template.jinja");
    expect(s.text("README.md")).not.toContain("override_chat_template");
  });
});
