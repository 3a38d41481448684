// How many tokens a screenshot costs the Qwen-VL models a pool is written for, so a launch
// command can size its prompt length from the pool itself. A framework that caps prompts below
// its own images does not say so: verl counts no image token when it filters prompts (it pops
// the images before measuring, volcengine/verl@b178a3c verl/utils/dataset/rl_dataset.py:299,
// :204-232) and then pads every prompt to the cap without truncating (agent_loop.py:547-552);
// EasyR1 drops every row over its cap while loading (hiyouga/EasyR1@b44b311
// verl/utils/dataset.py:150-155, 187-200; examples/config.yaml's cap is 2048); LLaMA-Factory
// cuts at cutoff_len (default 2048, hparams/data_args.py:46-49 at ff6d4d1).
// An image is (W' / f) x (H' / f) tokens, W' x H' its smart-resized size (smart-resize.ts) and
// f the resize factor (patch size x merge size): Qwen2.5-VL f = 28, up to 16384 * 28 * 28
// pixels (QwenLM/Qwen2.5-VL@f0af299 qwen-vl-utils vision_process.py:60-85); Qwen3-VL f = 32,
// up to 16384 * 32 * 32 (QwenLM/Qwen3-VL@96588727 qwen-vl-utils vision_process.py:24-27,
// 56-81, 100). A 3456x2160 screenshot is 9,471 tokens for Qwen2.5-VL; 3840x2400 is 11,782
// for Qwen2.5-VL and 9,000 for Qwen3-VL.
// A row's bound adds <|vision_start|> and <|vision_end|> per image, the UTF-8 bytes of its text
// (a byte-level BPE token covers at least one byte, so bytes never undercount) and the chat
// template's turn markers and default system message: an upper bound, never an estimate.
// Pure.
import { AspectRatioError, smartResize, type SmartResizeOptions } from "@/lib/exports/conventions/smart-resize";

export const TOKEN_MODELS = ["qwen2.5-vl", "qwen3-vl"] as const;
export type TokenModel = (typeof TOKEN_MODELS)[number];

export const TOKEN_MODEL_RESIZE: Record<TokenModel, SmartResizeOptions> = {
  "qwen2.5-vl": { factor: 28, minPixels: 4 * 28 * 28, maxPixels: 16384 * 28 * 28 },
  "qwen3-vl": { factor: 32, minPixels: 4 * 32 * 32, maxPixels: 16384 * 32 * 32 },
};

export const TOKEN_SOURCE =
  "smart_resize of qwen-vl-utils: Qwen2.5-VL factor 28, 3136..12845056 pixels (QwenLM/Qwen2.5-VL@f0af299 vision_process.py:60-85); Qwen3-VL factor 32, 4096..16777216 pixels (QwenLM/Qwen3-VL@96588727 vision_process.py:24-27, 56-81); tokens = (W'/factor) * (H'/factor)";

// <|vision_start|> and <|vision_end|> around each image's pads.
export const IMAGE_MARKER_TOKENS = 2;
// Per turn: <|im_start|>, the role, "\n", <|im_end|>, "\n" (5), rounded up; plus the default
// system turn ("You are a helpful assistant.", 6 tokens) and the generation prompt
// (<|im_start|>assistant\n, 3) that the Qwen chat templates add.
export const TURN_OVERHEAD_TOKENS = 8;
export const TEMPLATE_OVERHEAD_TOKENS = 32;

/** The image's tokens for the model, or null when qwen-vl-utils refuses it (aspect ratio over 200). */
export function imageTokens(image: { width: number; height: number }, model: TokenModel): number | null {
  const options = TOKEN_MODEL_RESIZE[model];
  try {
    const resized = smartResize(image.width, image.height, options);
    return (resized.width / options.factor) * (resized.height / options.factor);
  } catch (error) {
    if (error instanceof AspectRatioError) return null;
    throw error;
  }
}

/** An upper bound of a conversation's tokens: its images' tokens (imageTokens), its text's UTF-8 bytes, the template's markers. */
export function conversationTokenBound(imageTokenCounts: readonly number[], textBytes: number, turns: number): number {
  let bound = textBytes + TURN_OVERHEAD_TOKENS * turns + TEMPLATE_OVERHEAD_TOKENS;
  for (const tokens of imageTokenCounts) bound += tokens + IMAGE_MARKER_TOKENS;
  return bound;
}

/** A length for a launch flag: the bound rounded up to a multiple of 256. */
export const launchLength = (bound: number) => Math.max(256, Math.ceil(bound / 256) * 256);
