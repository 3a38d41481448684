// Qwen2.5-VL tool-call replies: <tool_call>\n{"name": "computer_use", "arguments": {"action":
// "left_click", "coordinate": [x, y]}}\n</tool_call>, pixels of the smart-resized screenshot.
// The cookbook reads json.loads(text.split('<tool_call>\n')[1].split('\n</tool_call>')[0]) and
// takes arguments.coordinate (QwenLM/Qwen2.5-VL@f0af299 cookbooks/mobile_agent.ipynb:291,
// computer_use.ipynb); Qwen-Agent also takes a call whose </tool_call> never came (a cut-off
// stream) and skips <think> text (QwenLM/Qwen-Agent@31a4d36 nous_fncall_prompt.py:136-190).
// Verity reads the same, with JSON parsed strictly and one call required: two calls, a call
// that is not a pointing action (type, scroll, terminate ...), or a coordinate that is not two
// numbers is wrong_format. The mobile_use tool's "click"/"long_press" read alike.
// Pure.
import { z } from "zod";
import type { ParseContext, ParsedReply } from "@/lib/models/templates/parsed-reply";
import { wrongFormat } from "@/lib/models/templates/parsed-reply";
import { imagePoint } from "@/lib/models/templates/model-space";
import { excerpt, stripThinking } from "@/lib/models/templates/reply-text";

const TOOLS = ["computer_use", "mobile_use"];
// Actions whose coordinate is where the pointer acts (computer_use and mobile_use).
const POINTING = ["left_click", "right_click", "middle_click", "double_click", "triple_click", "mouse_move", "click", "long_press"];

const ToolCallSchema = z.object({
  name: z.string(),
  arguments: z.object({ action: z.string(), coordinate: z.unknown().optional() }).loose(),
});

const Coordinate = z.tuple([z.number(), z.number()]);

export function parsePointQwen25Tool(reply: string, ctx: ParseContext): ParsedReply {
  const answer = stripThinking(reply);
  if ("problem" in answer) return wrongFormat(answer.problem, reply);
  const calls = [...answer.text.matchAll(/<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/g)].map((m) => (m[1] ?? "").trim());
  if (calls.length === 0) return wrongFormat(`expected <tool_call>{"name": ..., "arguments": {...}}</tool_call>; found "${excerpt(answer.text)}"`, reply);
  if (calls.length > 1) return wrongFormat(`expected one tool call; found ${calls.length}`, reply);
  const body = calls[0]!.replace(/^```(?:json)?\s*|\s*```$/g, "");
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return wrongFormat(`the tool call is not JSON: "${excerpt(body)}"`, reply);
  }
  const call = ToolCallSchema.safeParse(json);
  if (!call.success) return wrongFormat(`expected {"name": ..., "arguments": {"action": ..., "coordinate": [x, y]}}; found ${excerpt(body)}`, reply);
  const { name, arguments: args } = call.data;
  if (!TOOLS.includes(name)) return wrongFormat(`expected a call of computer_use; found "${name}"`, reply);
  if (!POINTING.includes(args.action)) return wrongFormat(`expected a click at a coordinate; found action "${args.action}"`, reply);
  const coordinate = Coordinate.safeParse(args.coordinate);
  if (!coordinate.success) return wrongFormat(`expected "coordinate": [x, y] with two numbers; found ${excerpt(JSON.stringify(args.coordinate) ?? "nothing")}`, reply);
  return imagePoint(coordinate.data, ctx, reply);
}
