import "server-only";
// LLaMA-Factory: sharegpt JSON lines and the dataset_info.json that names them (hiyouga/LLaMA-Factory@ff6d4d1
// data/README.md; src/llamafactory/data/parser.py:93-149 reads <dataset_dir>/dataset_info.json):
//   conversations  {from, value} turns with the default tags (parser.py:56-64): an optional
//                  "system" first (converter.py:148-154), then human / gpt alternating, an even
//                  count for SFT and odd for a preference pair (converter.py:158-177)
//   chosen / rejected  one gpt turn each, with "ranking": true (converter.py:189-213)
//   images         paths, joined onto media_dir (which defaults to dataset_dir) when the file
//                  exists there (converter.py:43-76); "<image>" placeholders must number the
//                  images (mm_plugin.py:189-216 raises otherwise)
// Each logical file is a dataset named verity_<file> in dataset_info.json.
import { imagePaths, type DataFile, type Profile } from "@/lib/exports/profiles/profile-types";
import type { TrainingRow } from "@/lib/exports/rows/training-row";

const FROM: Record<string, string> = { system: "system", user: "human", assistant: "gpt" };

export const llamaFactoryDatasetName = (logical: string) => `verity_${logical}`;

const tierOf = (row: TrainingRow): string | null => (row.meta.quality_tier as string | null | undefined) ?? null;

export const llamaFactoryProfile: Profile = {
  dataFile: (logical) => ({ logical, name: `${logical}.jsonl`, encoding: "jsonl" }),
  async shape(row, ctx) {
    const images = imagePaths(row, ctx);
    if (row.rejected !== undefined) {
      const prompt = row.turns.slice(0, -1);
      return {
        id: row.key,
        conversations: prompt.map((t) => ({ from: FROM[t.role], value: t.content })),
        chosen: { from: "gpt", value: row.turns.at(-1)!.content },
        rejected: { from: "gpt", value: row.rejected },
        images,
        quality_tier: tierOf(row),
      };
    }
    // dataset_info.json maps only the columns it names, so the tier rides along unread by training.
    return { id: row.key, conversations: row.turns.map((t) => ({ from: FROM[t.role], value: t.content })), images, quality_tier: tierOf(row) };
  },
  extraFiles(files: readonly DataFile[]) {
    const info: Record<string, unknown> = {};
    for (const f of files) {
      const ranking = f.logical === "dpo";
      info[llamaFactoryDatasetName(f.logical)] = {
        file_name: f.name,
        formatting: "sharegpt",
        ...(ranking ? { ranking: true } : {}),
        columns: { messages: "conversations", images: "images", ...(ranking ? { chosen: "chosen", rejected: "rejected" } : {}) },
      };
    }
    return [{ name: "dataset_info.json", content: `${JSON.stringify(info, null, 2)}\n` }];
  },
};
