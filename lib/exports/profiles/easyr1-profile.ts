import "server-only";
// EasyR1: rows read by RLHFDataset (hiyouga/EasyR1@b44b311 verl/utils/dataset.py):
//   prompt   ONE string (prompt_key, dataset.py:158); split on "<image>" into the content list
//            (dataset.py:163-173) of one user turn; a template's system turn leads it, ended by
//            SYSTEM_MARK, and the snapshot's chat_template.jinja (easyr1-chat-template.ts, passed
//            as data.override_chat_template) makes it the system turn again
//   answer   the string handed to the reward as ground_truth (answer_key, dataset.py:313;
//            workers/reward/function.py:64,91): the JSON the shipped reward reads
//   images   copy/absolute: paths joined onto data.image_dir when given (dataset.py:230-231) and
//            opened by process_image (dataset.py:56-57); embed: [{bytes}] in a parquet file
//            (dataset.py:58-59); the file type comes from the extension (dataset.py:138-140)
import type { Column } from "@/lib/exports/encode/parquet-columns";
import { groundTruthText, imageBytes, imagePaths, type Profile } from "@/lib/exports/profiles/profile-types";
import { splitAnswer, type Turn } from "@/lib/exports/rows/training-row";
import { CHAT_TEMPLATE_FILE, EASYR1_CHAT_TEMPLATE, SYSTEM_MARK } from "@/lib/exports/profiles/easyr1-chat-template";

/** The prompt turns as EasyR1's one prompt string: a system turn, then SYSTEM_MARK, then the rest. */
function promptString(prompt: readonly Turn[]): string {
  if (prompt[0]?.role === "system") return `${prompt[0].content}${SYSTEM_MARK}${prompt.slice(1).map((t) => t.content).join("\n\n")}`;
  return prompt.map((t) => t.content).join("\n\n");
}

const text = (name: string, optional = false): Column => ({ name, type: "string", optional });

export const easyr1Profile: Profile = {
  dataFile: (logical, mode) => (mode === "embed" ? { logical, name: `${logical}.parquet`, encoding: "parquet" } : { logical, name: `${logical}.jsonl`, encoding: "jsonl" }),
  async shape(row, ctx) {
    const { prompt, answer } = splitAnswer(row);
    const images = ctx.images.mode === "embed" ? (await imageBytes(row, ctx)).map((bytes) => ({ bytes })) : imagePaths(row, ctx);
    return {
      id: row.key,
      prompt: promptString(prompt),
      answer: groundTruthText(row) ?? "null",
      images,
      target: answer,
      source: String(row.meta.source ?? ""),
      quality_tier: (row.meta.quality_tier as string | null | undefined) ?? null,
    };
  },
  columns: () => [
    text("id"),
    text("prompt"),
    text("answer"),
    { name: "images", type: "list", element: { name: "element", type: "struct", fields: [{ name: "bytes", type: "binary" }] } },
    text("target", true),
    text("source"),
    text("quality_tier", true),
  ],
  extraFiles: (_files, ctx) => (ctx.systemTurn ? [{ name: CHAT_TEMPLATE_FILE, content: EASYR1_CHAT_TEMPLATE }] : []),
};
