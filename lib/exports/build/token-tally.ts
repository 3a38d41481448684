// The token figures of a snapshot, gathered row by row as rows are written (data-file.ts
// tallyRow) and written to the manifest (`tokens`) and the launch README, which sizes each
// framework's prompt-length and max-pixels flags from them: the largest screenshot in pixels,
// the largest one's tokens per model (image-tokens.ts), and the largest bound of a row's prompt
// (what RL trainers measure) and of the whole row with its answer (what SFT trainers measure).
import { conversationTokenBound, imageTokens, TOKEN_MODELS, TOKEN_SOURCE, type TokenModel } from "@/lib/exports/conventions/image-tokens";
import { splitAnswer, type TrainingRow, type Turn } from "@/lib/exports/rows/training-row";

type Size = { width: number; height: number };

export type TokenTally = {
  largestImage: Size | null;
  perModel: Record<TokenModel, { tokens: number; width: number; height: number } | null>;
  promptBound: number;
  rowBound: number;
};

export const newTokenTally = (): TokenTally => ({ largestImage: null, perModel: { "qwen2.5-vl": null, "qwen3-vl": null }, promptBound: 0, rowBound: 0 });

const textBytes = (turns: readonly Turn[]) => turns.reduce((n, t) => n + Buffer.byteLength(t.content.replaceAll("<image>", ""), "utf8"), 0);

/** Counts one written row's screenshots and its prompt and row bounds. */
export function tallyRowTokens(tally: TokenTally, row: Pick<TrainingRow, "turns" | "images" | "rejected">): void {
  if (row.images.length === 0) return;
  for (const image of row.images) {
    if (!tally.largestImage || image.width * image.height > tally.largestImage.width * tally.largestImage.height) tally.largestImage = { width: image.width, height: image.height };
  }
  const { prompt } = splitAnswer(row);
  const promptBytes = textBytes(prompt);
  // A preference row is read as the prompt with each answer: the longer one bounds it.
  const rowBytes = textBytes(row.turns) + (row.rejected !== undefined ? Math.max(0, Buffer.byteLength(row.rejected, "utf8") - Buffer.byteLength(row.turns.at(-1)?.content ?? "", "utf8")) : 0);
  for (const model of TOKEN_MODELS) {
    const counts = row.images.map((image) => imageTokens(image, model) ?? 0);
    counts.forEach((tokens, i) => {
      const known = tally.perModel[model];
      if (!known || tokens > known.tokens) tally.perModel[model] = { tokens, width: row.images[i]!.width, height: row.images[i]!.height };
    });
    tally.promptBound = Math.max(tally.promptBound, conversationTokenBound(counts, promptBytes, prompt.length));
    tally.rowBound = Math.max(tally.rowBound, conversationTokenBound(counts, rowBytes, row.turns.length));
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
