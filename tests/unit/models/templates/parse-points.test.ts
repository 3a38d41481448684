// Grounding replies as the models write them, read into the screenshot's pixels in each
// convention; refusals, off-screen answers and unreadable ones kept apart, nothing guessed.
import { describe, expect, it } from "vitest";
import type { ParseContext } from "@/lib/models/templates/parsed-reply";
import { parseReply } from "@/lib/models/templates/parse-reply";

const IMAGE = { width: 2560, height: 1440 };
const rel: ParseContext = { convention: "rel1000", image: IMAGE };
// 2560x1440 smart-resized with qwen-vl-utils' defaults is 2548x1428.
const abs: ParseContext = { convention: "qwen25-abs", image: IMAGE };
const norm: ParseContext = { convention: "norm1", image: IMAGE };

describe("point_venus (UI-Venus-1.5: [x,y] on [0,1000], [-1,-1] when absent)", () => {
  it("reads a point in each convention into screenshot pixels", () => {
    expect(parseReply("point_venus", "[500,500]", rel)).toEqual({ kind: "point", x: 1280, y: 720, raw: "[500,500]" });
    expect(parseReply("point_venus", "[1274, 714]", abs)).toMatchObject({ kind: "point", x: 1280, y: 720 });
    expect(parseReply("point_venus", "[0.5, 0.25]", norm)).toMatchObject({ kind: "point", x: 1280, y: 360 });
    expect(parseReply("point_venus", "[250,1000]", rel)).toMatchObject({ kind: "point", x: 640, y: 1440 });
  });

  it("reads qwen25-abs on the image the connection's min/max pixels made", () => {
    // max_pixels 1280*28*28 shrinks 2560x1440 to 1316x728
    expect(parseReply("point_venus", "[658,364]", { ...abs, maxPixels: 1280 * 28 * 28 })).toMatchObject({ kind: "point", x: 1280, y: 720 });
    expect(parseReply("point_venus", "[658,364]", abs)).toMatchObject({ kind: "point", x: (658 * 2560) / 2548, y: (364 * 1440) / 1428 });
  });

  it("says refusal for [-1,-1] and nothing else", () => {
    expect(parseReply("point_venus", "[-1,-1]", rel)).toEqual({ kind: "refusal", raw: "[-1,-1]" });
    expect(parseReply("point_venus", " [-1, -1] ", rel)).toMatchObject({ kind: "refusal" });
    expect(parseReply("point_venus", "[-1,5]", rel)).toMatchObject({ kind: "outside_image", x: -2.56, y: 7.2 });
  });

  it("tolerates what real replies carry around the point", () => {
    expect(parseReply("point_venus", "<think>The gear icon sits at [100,100] in the old layout; here it is lower.</think>\n[500,500]", rel)).toMatchObject({ kind: "point", x: 1280, y: 720 });
    expect(parseReply("point_venus", "The icon is top right, so...</think>[500,500]", rel)).toMatchObject({ kind: "point", x: 1280, y: 720 });
    expect(parseReply("point_venus", "```\n[500,500]\n```", rel)).toMatchObject({ kind: "point", x: 1280, y: 720 });
    expect(parseReply("point_venus", "The settings button is at [500,500].", rel)).toMatchObject({ kind: "point", x: 1280, y: 720 });
    expect(parseReply("point_venus", "[500,500] ... so the answer is [500, 500]", rel)).toMatchObject({ kind: "point", x: 1280, y: 720 });
  });

  it("returns a box the model gave as a box", () => {
    expect(parseReply("point_venus", "[100,100,300,300]", rel)).toEqual({ kind: "box", box: [256, 144, 768, 432], raw: "[100,100,300,300]" });
  });

  it("keeps an off-screen point as outside_image, unclamped", () => {
    expect(parseReply("point_venus", "[1200,500]", rel)).toEqual({
      kind: "outside_image",
      x: 3072,
      y: 720,
      box: null,
      raw: "[1200,500]",
      problem: "[1200,500] in rel1000 is (3072, 720), outside the 2560x1440 screenshot",
    });
  });

  it("is wrong_format when it would have to guess", () => {
    expect(parseReply("point_venus", "[100,200] or [300,400]", rel)).toEqual({ kind: "wrong_format", problem: "expected one point; found 2 candidates: [100,200], [300,400]", raw: "[100,200] or [300,400]" });
    // UI-Venus' evaluator would take the midpoint of two pairs; two pairs may be two candidates.
    expect(parseReply("point_venus", "[100,200],[300,400]", rel)).toMatchObject({ kind: "wrong_format", problem: "expected one point; found 2 candidates: [100,200], [300,400]" });
    expect(parseReply("point_venus", "[x, y]", rel)).toMatchObject({ kind: "wrong_format", problem: "expected [x,y] with numbers; found [x, y]" });
    expect(parseReply("point_venus", "[12a, 30]", rel)).toMatchObject({ kind: "wrong_format", problem: "expected [x,y] with numbers; found [12a, 30]" });
    expect(parseReply("point_venus", "I cannot find a settings button.", rel)).toMatchObject({ kind: "wrong_format", problem: 'expected [x,y] (or [-1,-1]); found no bracketed coordinates in "I cannot find a settings button."' });
    expect(parseReply("point_venus", "[1,2,3]", rel)).toMatchObject({ kind: "wrong_format", problem: "expected [x,y] (or [-1,-1]); found [1,2,3] with 3 numbers" });
    expect(parseReply("point_venus", "<think>it is at [500,500]", rel)).toMatchObject({ kind: "wrong_format", problem: "the reply ends inside <think> (no </think>): it was cut off before the answer" });
    expect(parseReply("point_venus", "[300,100,100,300]", rel)).toMatchObject({ kind: "wrong_format", problem: "expected a box [x1,y1,x2,y2] with x1<=x2 and y1<=y2; found [300,100,100,300]" });
  });

  it("needs to know the convention and the image", () => {
    expect(() => parseReply("point_venus", "[500,500]")).toThrow("parser point_venus reads coordinates: it needs the convention and the image size");
  });
});

describe("point_qwen25_tool (Qwen2.5-VL computer_use: pixels of the resized image)", () => {
  const call = (args: string) => `<tool_call>\n{"name": "computer_use", "arguments": ${args}}\n</tool_call>`;

  it("reads the cookbook's reply into screenshot pixels", () => {
    expect(parseReply("point_qwen25_tool", call('{"action": "left_click", "coordinate": [1274, 714]}'), abs)).toMatchObject({ kind: "point", x: 1280, y: 720 });
    expect(parseReply("point_qwen25_tool", call('{"action": "mouse_move", "coordinate": [0, 1428]}'), abs)).toMatchObject({ kind: "point", x: 0, y: 1440 });
    // The mobile_agent cookbook's own reply on its 720x1280 screenshot (resized 728x1288).
    const mobile = parseReply("point_qwen25_tool", '<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [639, 1095]}}\n</tool_call>', { convention: "qwen25-abs", image: { width: 720, height: 1280 } });
    expect(mobile.kind).toBe("point");
    if (mobile.kind === "point") {
      expect(mobile.x).toBeCloseTo(631.978, 3);
      expect(mobile.y).toBeCloseTo(1088.199, 3);
    }
  });

  it("skips thinking and takes a call whose closing tag was cut off", () => {
    expect(parseReply("point_qwen25_tool", `<think>The cache button is in the toolbar.</think>\n${call('{"action": "left_click", "coordinate": [1274, 714]}')}`, abs)).toMatchObject({ kind: "point", x: 1280, y: 720 });
    expect(parseReply("point_qwen25_tool", '<tool_call>\n{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [1274, 714]}}', abs)).toMatchObject({ kind: "point", x: 1280, y: 720 });
  });

  it("keeps an off-screen coordinate as outside_image", () => {
    expect(parseReply("point_qwen25_tool", call('{"action": "left_click", "coordinate": [2548, 1500]}'), abs)).toMatchObject({ kind: "outside_image", x: 2560, y: (1500 * 1440) / 1428 });
  });

  it("is wrong_format for anything but one pointing call with two numbers", () => {
    const c = (args: string) => parseReply("point_qwen25_tool", call(args), abs);
    expect(c('{"action": "type", "text": "hello"}')).toMatchObject({ kind: "wrong_format", problem: 'expected a click at a coordinate; found action "type"' });
    expect(c('{"action": "left_click", "coordinate": ["1274", "714"]}')).toMatchObject({ kind: "wrong_format", problem: 'expected "coordinate": [x, y] with two numbers; found ["1274","714"]' });
    expect(c('{"action": "left_click"}')).toMatchObject({ kind: "wrong_format", problem: 'expected "coordinate": [x, y] with two numbers; found nothing' });
    expect(parseReply("point_qwen25_tool", call('{"action": "left_click", "coordinate": [1, 2]}') + call('{"action": "left_click", "coordinate": [3, 4]}'), abs)).toMatchObject({ kind: "wrong_format", problem: "expected one tool call; found 2" });
    expect(parseReply("point_qwen25_tool", "<tool_call>\n{'name': 'computer_use'}\n</tool_call>", abs)).toMatchObject({ kind: "wrong_format", problem: "the tool call is not JSON: \"{'name': 'computer_use'}\"" });
    expect(parseReply("point_qwen25_tool", "[1274, 714]", abs)).toMatchObject({ kind: "wrong_format", problem: 'expected <tool_call>{"name": ..., "arguments": {...}}</tool_call>; found "[1274, 714]"' });
    expect(parseReply("point_qwen25_tool", '<tool_call>\n{"name": "browser", "arguments": {"action": "left_click", "coordinate": [1, 2]}}\n</tool_call>', abs)).toMatchObject({ kind: "wrong_format", problem: 'expected a call of computer_use; found "browser"' });
  });
});

describe("point_uitars (UI-TARS: Action: click(start_box='(x,y)'))", () => {
  // UI-TARS-1.5 sees the screenshot smart-resized with min_pixels 100*28*28.
  const tars: ParseContext = { convention: "qwen25-abs", image: IMAGE, minPixels: 100 * 28 * 28, maxPixels: 16384 * 28 * 28 };

  it("reads its three spellings", () => {
    expect(parseReply("point_uitars", "Action: click(start_box='(1274,714)')", tars)).toMatchObject({ kind: "point", x: 1280, y: 720 });
    expect(parseReply("point_uitars", "Action: click(start_box='<|box_start|>(1274,714)<|box_end|>')", tars)).toMatchObject({ kind: "point", x: 1280, y: 720 });
    expect(parseReply("point_uitars", "Thought: The reload button is at the top.\nAction: click(point='<point>500 500</point>')", rel)).toMatchObject({ kind: "point", x: 1280, y: 720 });
    expect(parseReply("point_uitars", "click(start_box='(1274, 714)')", tars)).toMatchObject({ kind: "point", x: 1280, y: 720 });
  });

  it("reads on the image its min_pixels made: a small screenshot is enlarged to 420x224, not 196x112", () => {
    const small = { width: 200, height: 100 };
    expect(parseReply("point_uitars", "Action: click(start_box='(210,112)')", { ...tars, image: small })).toMatchObject({ kind: "point", x: 100, y: 50 });
    expect(parseReply("point_uitars", "Action: click(start_box='(98,56)')", { convention: "qwen25-abs", image: small })).toMatchObject({ kind: "point", x: 100, y: 50 });
  });

  it("returns four numbers as a box and keeps an off-screen point", () => {
    expect(parseReply("point_uitars", "Action: click(start_box='(100,100,300,300)')", rel)).toMatchObject({ kind: "box", box: [256, 144, 768, 432] });
    expect(parseReply("point_uitars", "Action: click(start_box='(2600,714)')", tars)).toMatchObject({ kind: "outside_image", y: 720 });
  });

  it("is wrong_format for drags, other actions, two actions and placeholders", () => {
    expect(parseReply("point_uitars", "Action: drag(start_box='(1,2)', end_box='(3,4)')", tars)).toMatchObject({ kind: "wrong_format", problem: "expected a click; found drag(...)" });
    expect(parseReply("point_uitars", "Action: type(content='hello')", tars)).toMatchObject({ kind: "wrong_format", problem: "expected a click; found type(...)" });
    expect(parseReply("point_uitars", "Action: click(start_box='(1,2)')\n\nclick(start_box='(3,4)')", tars)).toMatchObject({ kind: "wrong_format", problem: "expected one action; found click, click" });
    expect(parseReply("point_uitars", "Action: click(start_box='(x1,y1)')", tars)).toMatchObject({ kind: "wrong_format", problem: "expected numbers in (x,y); found (x1,y1)" });
    expect(parseReply("point_uitars", "Action: click()", tars)).toMatchObject({ kind: "wrong_format", problem: "expected start_box='(x,y)' or point='<point>x y</point>'; found \"click()\"" });
    expect(parseReply("point_uitars", "I cannot see it.", tars)).toMatchObject({ kind: "wrong_format", problem: "expected Action: click(start_box='(x,y)'); found \"I cannot see it.\"" });
  });
});

describe("box", () => {
  it("reads a box, Qwen2.5-VL's bbox_2d JSON included, and [-1,-1] as refusal", () => {
    expect(parseReply("box", "[100,100,300,300]", rel)).toEqual({ kind: "box", box: [256, 144, 768, 432], raw: "[100,100,300,300]" });
    expect(parseReply("box", '```json\n[\n\t{"bbox_2d": [0, 0, 1274, 714], "label": "reload button"}\n]\n```', abs)).toMatchObject({ kind: "box", box: [0, 0, 1280, 720] });
    expect(parseReply("box", "<think>maybe [1,1,2,2]</think>[-1,-1]", rel)).toMatchObject({ kind: "refusal" });
  });

  it("is wrong_format for a point, two boxes or an inverted box, and keeps an off-screen box", () => {
    expect(parseReply("box", "[500,500]", rel)).toMatchObject({ kind: "wrong_format", problem: "expected a box [x1,y1,x2,y2] (or [-1,-1]); found [500,500]" });
    expect(parseReply("box", "[1,1,2,2] [3,3,4,4]", rel)).toMatchObject({ kind: "wrong_format", problem: "expected one box; found 2 candidates: [1,1,2,2], [3,3,4,4]" });
    expect(parseReply("box", "[3,3,1,1]", rel)).toMatchObject({ kind: "wrong_format" });
    expect(parseReply("box", "[900,900,1100,1000]", rel)).toMatchObject({ kind: "outside_image", x: 2560, y: 1368, box: [2304, 1296, 2816, 1440] });
  });
});
