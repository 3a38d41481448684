// The token figures of a snapshot, gathered row by row as rows are written (data-file.ts
// tallyRow) and written to the manifest (`tokens`) and the launch README, which sizes each
// framework's prompt-length and max-pixels flags from them: the largest screenshot in pixels,
// the largest one's tokens per model (image-tokens.ts), and the largest bound of a row's prompt
// (what RL trainers measure) and of the whole row with its answer (what SFT trainers measure).
import { conversationTokenBound, IMAGE_MARKER_TOKENS, imageTokens, TOKEN_MODELS, TOKEN_SOURCE, type TokenModel } from "@/lib/exports/conventions/image-tokens";
import type { TrainingRow, Turn } from "@/lib/exports/rows/training-row";

type Size = { width: number; height: number };

export type TokenTally = {
  largestImage: Size | null;
  perModel: Record<TokenModel, { tokens: number; width: number; height: number } | null>;
  promptBound: number;
  rowBound: number;
};

export const newTokenTally = (): TokenTally => ({ largestImage: null, perModel: { "qwen2.5-vl": null, "qwen3-vl": null }, promptBound: 0, rowBound: 0 });

// A placeholder is not text: each "<image>" (7 bytes) stands for the image's own tokens. The
// bound counts a row's images apart, so the placeholders' bytes may stay in: a few bytes over.
const textBytes = (turn: Turn) => Buffer.byteLength(turn.content, "utf8");

// Screenshots come in few sizes: their tokens per model are computed once per size (about 1 us
// a row is left, mostly the text's byte length).
const tokensBySize = new Map<number, readonly number[]>();
function tokensOf(image: Size): readonly number[] {
  const key = image.width * 100_000 + image.height;
  let tokens = tokensBySize.get(key);
  if (!tokens) {
    // Bounded: a pool of cropped screenshots, each its own size, must not grow it without end.
    if (tokensBySize.size >= 10_000) tokensBySize.clear();
    tokens = TOKEN_MODELS.map((model) => imageTokens(image, model) ?? 0);
    tokensBySize.set(key, tokens);
  }
  return tokens;
}

/** Counts one written row's screenshots and its prompt and row bounds. */
export function tallyRowTokens(tally: TokenTally, row: Pick<TrainingRow, "turns" | "images" | "rejected">): void {
  const images = row.images;
  if (images.length === 0) return;
  const turns = row.turns;
  const promptTurns = turns.at(-1)?.role === "assistant" ? turns.length - 1 : turns.length;
  let promptBytes = 0;
  for (let i = 0; i < promptTurns; i++) promptBytes += textBytes(turns[i]!);
  // A preference row is read as the prompt with each answer: the longer one bounds it.
  let answerBytes = promptTurns < turns.length ? textBytes(turns[turns.length - 1]!) : 0;
  if (row.rejected !== undefined) answerBytes = Math.max(answerBytes, Buffer.byteLength(row.rejected, "utf8"));
  for (let m = 0; m < TOKEN_MODELS.length; m++) {
    const model = TOKEN_MODELS[m]!;
    let imageTotal = 0;
    for (const image of images) {
      const tokens = tokensOf(image)[m]!;
      imageTotal += tokens + IMAGE_MARKER_TOKENS;
      const known = tally.perModel[model];
      if (!known || tokens > known.tokens) tally.perModel[model] = { tokens, width: image.width, height: image.height };
    }
    tally.promptBound = Math.max(tally.promptBound, imageTotal + conversationTokenBound([], promptBytes, promptTurns));
    tally.rowBound = Math.max(tally.rowBound, imageTotal + conversationTokenBound([], promptBytes + answerBytes, turns.length));
  }
  for (const image of images) {
    const largest = tally.largestImage;
    if (!largest || image.width * image.height > largest.width * largest.height) tally.largestImage = { width: image.width, height: image.height };
  }
}

/** The manifest's `tokens`, or null for a snapshot without screenshots. */
export function tokenSummary(tally: TokenTally) {
  if (!tally.largestImage) return null;
  return {
    largestImage: tally.largestImage,
    imageTokens: tally.perModel,
    promptTokenBound: tally.promptBound,
    rowTokenBound: tally.rowBound,
    source: TOKEN_SOURCE,
    bound: "image tokens + 2 markers per image + the UTF-8 bytes of the text + 8 per turn + 32 for the chat template: an upper bound",
  };
}
export type TokenSummary = NonNullable<ReturnType<typeof tokenSummary>>;
