// Every preset renders to OpenAI chat messages with nothing left unfilled; a hole, a stray
// value or a stray brace is an error that names it; the images go where each model expects.
import { describe, expect, it } from "vitest";
import { PromptTemplateSchema, type PromptTemplate } from "@/lib/models/templates/prompt-template";
import { findPreset, PRESETS } from "@/lib/models/templates/presets";
import { displaySize, QWEN25_VL_COMPUTER_USE_GROUNDING } from "@/lib/models/templates/qwen25-presets";
import { placeholdersOf, renderPrompt, type ChatMessage } from "@/lib/models/templates/render-prompt";
import { UI_TARS_15_GROUNDING } from "@/lib/models/templates/ui-tars-presets";
import { UI_VENUS_15_GROUNDING_PRESET } from "@/lib/models/templates/ui-venus-presets";
import { WEBJUDGE_OUTCOME } from "@/lib/models/templates/webjudge-presets";

const IMG = "data:image/png;base64,iVBORw0KGgo=";

const imagesFor = (t: PromptTemplate) => (t.images === "none" ? [] : t.images === "key_screenshots" ? [IMG, IMG] : [IMG]);

function valuesFor(t: PromptTemplate): Record<string, string> {
  const names = [t.system, t.user, t.userWhenNoImages].filter((s): s is string => s !== undefined).flatMap((s) => placeholdersOf(s));
  return Object.fromEntries(names.map((n) => [n, `value of ${n}`]));
}

const texts = (messages: ChatMessage[]) => messages.flatMap((m) => (m.role === "system" ? [m.content] : m.content.flatMap((p) => (p.type === "text" ? [p.text] : []))));

describe("the presets", () => {
  it("are valid templates with distinct ids and a cited source", () => {
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
    for (const p of PRESETS) {
      expect(PromptTemplateSchema.parse(p)).toEqual(p);
      expect(p.source).toMatch(/@[0-9a-f]{7,40}|arXiv/);
    }
    expect(PRESETS.map((p) => p.task).sort()).toEqual(["grounding", "grounding", "grounding", "grounding", "outcome_judge", "quality", "trajectory_judge", "trajectory_judge", "trajectory_judge"]);
  });

  it.each(PRESETS.map((p) => [p.id, p] as const))("%s renders with every placeholder filled", (_id, preset) => {
    const { messages } = renderPrompt(preset, { values: valuesFor(preset), images: imagesFor(preset) });
    for (const text of texts(messages)) {
      expect(text).not.toMatch(/\{[A-Za-z_][A-Za-z0-9_]*\}/);
      expect(text).not.toContain("{{");
    }
    const imageParts = messages.flatMap((m) => (m.role === "user" ? m.content.filter((p) => p.type === "image_url") : []));
    expect(imageParts).toHaveLength(imagesFor(preset).length);
    expect(messages.some((m) => m.role === "system")).toBe(preset.system !== undefined);
  });
});

describe("renderPrompt", () => {
  it("puts UI-Venus' screenshot before its question, with the instruction's trailing period dropped", () => {
    const { messages } = renderPrompt(UI_VENUS_15_GROUNDING_PRESET, { values: { instruction: "Open the settings." }, images: [IMG] });
    expect(messages).toEqual([
      {
        role: "user",
        content: [
          { type: "image_url", image_url: { url: IMG } },
          {
            type: "text",
            text: "Output the center point of the position corresponding to the following instruction: \nOpen the settings. \n\nThe output should just be the coordinates of a point, in the format [x,y]. Additionally, if the task is infeasible (e.g., the task is not related to the image), the output should be [-1,-1].",
          },
        ],
      },
    ]);
  });

  it("writes the Qwen2.5-VL tool with the smart-resized size, as the cookbook printed it for a 1080x2400 screenshot", () => {
    expect(displaySize({ width: 1080, height: 2400 })).toEqual({ display_width_px: "1092", display_height_px: "2408" });
    const { messages } = renderPrompt(QWEN25_VL_COMPUTER_USE_GROUNDING, { values: { instruction: "Reload cache", ...displaySize({ width: 1080, height: 2400 }) }, images: [IMG] });
    const system = messages[0]!;
    expect(system.role).toBe("system");
    const content = system.content as string;
    expect(content.startsWith("You are a helpful assistant.\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n")).toBe(true);
    expect(content).toContain(`{"type": "function", "function": {"name_for_human": "computer_use", "name": "computer_use", "description": "Use a mouse and keyboard`);
    expect(content).toContain("* The screen's resolution is 1092x2408.\\n");
    expect(content).toContain(`"required": ["action"], "type": "object"}, "args_format": "Format the arguments as a JSON object."}}\n</tools>`);
    expect(content.endsWith('<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>')).toBe(true);
    expect(messages[1]).toEqual({ role: "user", content: [{ type: "image_url", image_url: { url: IMG } }, { type: "text", text: "Reload cache" }] });
  });

  it("sends UI-TARS' screenshot in a second user message, as its example messages do", () => {
    const { messages } = renderPrompt(UI_TARS_15_GROUNDING, { values: { instruction: "Reload cache" }, images: [IMG] });
    expect(messages).toHaveLength(2);
    expect(messages[0]).toEqual({ role: "user", content: [{ type: "text", text: expect.stringMatching(/click\(start_box='<\|box_start\|>\(x1,y1\)<\|box_end\|>'\)\n\n## User Instruction\nReload cache$/) }] });
    expect(messages[1]).toEqual({ role: "user", content: [{ type: "image_url", image_url: { url: IMG } }] });
  });

  it("asks WebJudge's shorter question when no key screenshot was kept", () => {
    const values = { task: "Find the cheapest flight", key_points: "\n1. Filter by cheapest", last_actions: "1. Click Sort", thoughts: "1. Sorted by price" };
    const withImages = renderPrompt(WEBJUDGE_OUTCOME, { values, images: [IMG] }).messages[1]!;
    expect(withImages.content).toEqual([
      { type: "text", text: "User Task: Find the cheapest flight\n\nKey Points: \n1. Filter by cheapest\n\nAction History:\n1. Click Sort\n\nThe potentially important snapshots of the webpage in the agent's trajectory and their reasons:\n1. Sorted by price" },
      { type: "image_url", image_url: { url: IMG } },
    ]);
    const without = renderPrompt(WEBJUDGE_OUTCOME, { values, images: [] }).messages[1]!;
    expect(without.content).toEqual([{ type: "text", text: "User Task: Find the cheapest flight\n\nKey Points: \n1. Filter by cheapest\n\nAction History:\n1. Click Sort" }]);
  });

  it("names a missing, unknown or blank placeholder instead of sending a hole", () => {
    expect(() => renderPrompt(UI_VENUS_15_GROUNDING_PRESET, { values: {}, images: [IMG] })).toThrow("template ui-venus-1.5-grounding needs a value for {instruction}");
    expect(() => renderPrompt(UI_VENUS_15_GROUNDING_PRESET, { values: { instruction: "a", goal: "b" }, images: [IMG] })).toThrow("template ui-venus-1.5-grounding has no placeholder {goal}");
    expect(() => renderPrompt(UI_VENUS_15_GROUNDING_PRESET, { values: { instruction: "  " }, images: [IMG] })).toThrow("the value for {instruction} is blank");
    expect(() => renderPrompt(QWEN25_VL_COMPUTER_USE_GROUNDING, { values: { instruction: "a", display_width_px: "1092" }, images: [IMG] })).toThrow("needs a value for {display_height_px}");
  });

  it("keeps braces in values as text and refuses stray braces in a template", () => {
    const t: PromptTemplate = { ...UI_VENUS_15_GROUNDING_PRESET, id: "t", user: 'Find {instruction} {{"literal": 1}}', dropTrailingPeriod: undefined };
    const { messages } = renderPrompt(t, { values: { instruction: "the {goal} button" }, images: [IMG] });
    expect(texts(messages)).toEqual(['Find the {goal} button {"literal": 1}']);
    expect(() => renderPrompt({ ...t, user: "Find {} now" }, { values: {}, images: [IMG] })).toThrow("template t: malformed placeholder {} at 5");
    expect(() => renderPrompt({ ...t, user: "Find {instruction} }" }, { values: { instruction: "x" }, images: [IMG] })).toThrow("template t: single '}' at 19");
    expect(() => renderPrompt({ ...t, user: "Find {instruction" }, { values: { instruction: "x" }, images: [IMG] })).toThrow("malformed placeholder {instruction}");
  });

  it("takes exactly the images the template asks for, and only inline ones", () => {
    expect(() => renderPrompt(UI_VENUS_15_GROUNDING_PRESET, { values: { instruction: "a" }, images: [] })).toThrow("template ui-venus-1.5-grounding takes 1 image(s) (screenshot), got 0");
    expect(() => renderPrompt(UI_VENUS_15_GROUNDING_PRESET, { values: { instruction: "a" }, images: [IMG, IMG] })).toThrow("takes 1 image(s) (screenshot), got 2");
    expect(() => renderPrompt(findPreset("webjudge-key-points")!, { values: { task: "a" }, images: [IMG] })).toThrow("takes 0 image(s) (none), got 1");
    expect(() => renderPrompt(WEBJUDGE_OUTCOME, { values: { task: "a", key_points: "b", last_actions: "c", thoughts: "d" }, images: Array(51).fill(IMG) })).toThrow("takes 0 to 50 image(s) (key_screenshots), got 51");
    expect(() => renderPrompt(UI_VENUS_15_GROUNDING_PRESET, { values: { instruction: "a" }, images: ["https://example.com/a.png"] })).toThrow("image 1 is not a base64 data:image/... URL");
  });
});
