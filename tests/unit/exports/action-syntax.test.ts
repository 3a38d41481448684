// Canonical actions in each base model's action syntax, coordinates in the pool's convention,
// and what cannot be written without inventing a place (a WebVoyager label with no box).
import { describe, expect, it } from "vitest";
import { renderAction } from "@/lib/exports/conventions/action-syntax";
import { conventionSpace } from "@/lib/exports/conventions/coordinate-conventions";
import { groundingPrompt, navigationPrompt, sanitizeUserText } from "@/lib/exports/conventions/prompt-templates";

const rel = conventionSpace("rel1000", { width: 1920, height: 1080 });
const abs = conventionSpace("qwen25-abs", { width: 1920, height: 1080 });

describe("the UI-Venus action syntax", () => {
  it("writes clicks, drags, scrolls, text and keys as its parser reads them", () => {
    expect(renderAction({ type: "click", x: 960, y: 540 }, "ui-venus", rel)).toMatchObject({ text: "Click(box=(500,500))", truth: { type: "click", point: [500, 500] } });
    expect(renderAction({ type: "long_press", x: 192, y: 108, element: [96, 54, 288, 162] }, "ui-venus", rel)).toMatchObject({ text: "LongPress(box=(100,100))", truth: { element: [50, 50, 150, 150] } });
    expect(renderAction({ type: "drag", from: { x: 0, y: 1080 }, to: { x: 1920, y: 0 } }, "ui-venus", rel)).toMatchObject({ text: "Drag(start=(0,1000), end=(1000,0))" });
    expect(renderAction({ type: "scroll", direction: "down" }, "ui-venus", rel)).toMatchObject({ text: "Scroll(direction='down')", truth: { type: "scroll", direction: "down" } });
    expect(renderAction({ type: "type", text: "home wifi" }, "ui-venus", rel)).toMatchObject({ text: "Type(content='home wifi')" });
    expect(renderAction({ type: "hotkey", keys: ["ctrl", "c"] }, "ui-venus", rel)).toMatchObject({ text: "Hotkey(keys=['ctrl', 'c'])" });
    expect(renderAction({ type: "open_app", name: "Settings" }, "ui-venus", rel)).toMatchObject({ text: "Launch(app='Settings')" });
    expect(renderAction({ type: "back" }, "ui-venus", rel)).toMatchObject({ text: "PressBack()" });
    expect(renderAction({ type: "finish", answer: "done" }, "ui-venus", rel)).toMatchObject({ text: "Finished(content='done')" });
  });

  it("a WebVoyager label without a box is no place at all; with its element box it acts at the box's centre", () => {
    expect(renderAction({ type: "click", elementLabel: "5" }, "ui-venus", rel)).toEqual({ problem: "no_coordinates" });
    expect(renderAction({ type: "click", elementLabel: "5", element: [0, 0, 192, 108] }, "ui-venus", rel)).toMatchObject({ text: "Click(box=(50,50))", usedElementCentre: true });
    expect(renderAction({ type: "click", x: 2000, y: 10 }, "ui-venus", rel)).toEqual({ problem: "outside_image" });
    expect(renderAction({ type: "select", option: "Red", x: 1, y: 1 }, "ui-venus", rel)).toEqual({ problem: "not_in_syntax" });
    // No button or press count in either syntax: a right or triple click is not a Click.
    expect(renderAction({ type: "click", x: 960, y: 540, button: "right" }, "ui-venus", rel)).toEqual({ problem: "not_in_syntax" });
    expect(renderAction({ type: "click", x: 960, y: 540, clicks: 3 }, "qwen-mobile-use", abs)).toEqual({ problem: "not_in_syntax" });
    expect(renderAction({ type: "click", x: 960, y: 540, button: "left", clicks: 1 }, "ui-venus", rel)).toMatchObject({ text: "Click(box=(500,500))" });
  });
});

describe("the Qwen2.5-VL mobile_use syntax", () => {
  it("writes tool calls in pixels of the smart-resized image", () => {
    // 1920x1080 -> 1932x1092 (1920/28 = 68.57 -> 69; 1080/28 = 38.57 -> 39); 960*1932/1920 = 966, 540*1092/1080 = 546
    expect(renderAction({ type: "click", x: 960, y: 540 }, "qwen-mobile-use", abs)).toMatchObject({
      text: '<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [966, 546]}}\n</tool_call>',
    });
    expect(renderAction({ type: "back" }, "qwen-mobile-use", abs)).toMatchObject({ text: expect.stringContaining('"button": "Back"') });
    expect(renderAction({ type: "scroll", direction: "down" }, "qwen-mobile-use", abs)).toEqual({ problem: "not_in_syntax" });
  });
});

describe("prompt templates", () => {
  it("UI-Venus-1.5 grounding asks its own question (a trailing '.' dropped, as its evaluator does)", () => {
    const prompt = groundingPrompt("ui-venus-1.5-grounding", "Open the settings.", "rel1000", "point");
    expect(prompt).toContain("instruction: \nOpen the settings. \n\n");
    expect(prompt).not.toContain("settings..");
    expect(prompt).toContain("[-1,-1]");
  });

  it("the pool's own template states the convention and the target", () => {
    expect(groundingPrompt("verity-grounding", "Tap OK", "qwen25-abs", "box")).toContain("box as [x1,y1,x2,y2], in pixels of the screenshot as you see it");
    expect(groundingPrompt("verity-grounding", "Tap OK", "norm1", "point")).toContain("normalised to [0,1]");
  });

  it("a placeholder typed in user text stays text: one image, one placeholder", () => {
    expect(sanitizeUserText("Tap the <image> icon")).toEqual({ text: "Tap the (image) icon", replaced: 1 });
  });

  it("UI-Venus navigation lists the earlier steps from 0, the last five", () => {
    const history = Array.from({ length: 7 }, (_, i) => ({ think: "", action: `Wait() #${i}` }));
    const { user } = navigationPrompt("ui-venus-1.5-mobile", "Turn on Wi-Fi", history, "rel1000", null);
    expect(user).toContain("### User Task\nTurn on Wi-Fi");
    expect(user).toContain("Step 0: <think></think><action>Wait() #2</action>\nStep 1:");
    expect(user).not.toContain("#1</action>");
  });
});
