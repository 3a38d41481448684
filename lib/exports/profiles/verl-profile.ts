import "server-only";
// verl: one parquet file per logical file, read by RLHFDataset (volcengine/verl@b178a3c
// verl/utils/dataset/rl_dataset.py):
//   data_source            routes the reward function (workers/reward_manager/naive.py:78,85-90)
//   prompt                 a chat list; its "<image>" placeholders are replaced by the images in
//                          order and must be exactly as many (rl_dataset.py:297-338, the asserts)
//   images                 embed: [{bytes}] (rl_dataset.py:323-325; vision_utils.py:28-30 refuses a
//                          dict with both bytes and image); absolute: [{image: "/abs/path"}],
//                          which qwen-vl-utils' fetch_image opens as it is (a relative path would
//                          be opened against the trainer's working directory)
//   reward_model           {style: "rule", ground_truth}: the JSON text the shipped reward reads
//   extra_info             index (rl_dataset.py:353), the row's ids and facts
// The assistant's answer is not in `prompt` (RL generates it); it is kept in extra_info.answer.
import type { Column } from "@/lib/exports/encode/parquet-columns";
import { ABILITY, groundTruthText, imageBytes, imagePaths, type Profile } from "@/lib/exports/profiles/profile-types";
import { splitAnswer } from "@/lib/exports/rows/training-row";

const text = (name: string, optional = false): Column => ({ name, type: "string", optional });

export const verlProfile: Profile = {
  dataFile: (logical) => ({ logical, name: `${logical}.parquet`, encoding: "parquet" }),
  async shape(row, ctx, index) {
    const { prompt, answer } = splitAnswer(row);
    const images = ctx.images.mode === "embed" ? (await imageBytes(row, ctx)).map((bytes) => ({ bytes })) : imagePaths(row, ctx).map((image) => ({ image }));
    return {
      data_source: ctx.dataSource,
      prompt: prompt.map((t) => ({ role: t.role, content: t.content })),
      images,
      ability: ABILITY[row.file] ?? row.file,
      reward_model: { style: "rule", ground_truth: groundTruthText(row) ?? "null" },
      extra_info: {
        index,
        id: row.key,
        item_id: row.itemId,
        source: String(row.meta.source ?? ""),
        answer,
        original_instruction: (row.meta.original_instruction as string | undefined) ?? null,
        quality_score: (row.meta.quality_score as number | null | undefined) ?? null,
        quality_tier: (row.meta.quality_tier as string | null | undefined) ?? null,
        revision_id: (row.meta.revision_id as string | undefined) ?? null,
      },
    };
  },
  columns: (_file, ctx) => [
    text("data_source"),
    { name: "prompt", type: "list", element: { name: "element", type: "struct", fields: [text("role"), text("content")] } },
    {
      name: "images",
      type: "list",
      element: ctx.images.mode === "embed" ? { name: "element", type: "struct", fields: [{ name: "bytes", type: "binary" }] } : { name: "element", type: "struct", fields: [text("image")] },
    },
    text("ability"),
    { name: "reward_model", type: "struct", fields: [text("style"), text("ground_truth")] },
    {
      name: "extra_info",
      type: "struct",
      fields: [
        // INT32, not INT64: readers hand INT64 back as BigInt, and a row index never needs it.
        { name: "index", type: "int32" },
        text("id"),
        text("item_id"),
        text("source"),
        text("answer", true),
        text("original_instruction", true),
        { name: "quality_score", type: "double", optional: true },
        text("quality_tier", true),
        text("revision_id", true),
      ],
    },
  ],
};
