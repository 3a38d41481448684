import "server-only";
// A Hugging Face datasets parquet: the screenshots' bytes in an `images` column typed as a
// list of Image features, declared in the file's "huggingface" key-value metadata so
// `datasets.load_dataset("parquet", ...)` hands back PIL images. datasets only uses that
// metadata when the file's arrow schema equals the features' own (huggingface/datasets@b7cb10b
// src/datasets/features/features.py:1966-1980), so every column is nullable, lists are
// list<item: ...>, and an Image is struct<bytes: binary, path: string> (features/image.py:92).
import type { Column } from "@/lib/exports/encode/parquet-columns";
import { groundTruthText, imageBytes, type DataFile, type Profile } from "@/lib/exports/profiles/profile-types";
import { splitAnswer } from "@/lib/exports/rows/training-row";

const text = (name: string): Column => ({ name, type: "string", optional: true });
const item = (column: Column): Column => ({ ...column, name: "item", optional: true });

const EXTENSION: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

const value = (dtype: string) => ({ dtype, _type: "Value" });

/** The features the metadata declares, one per column below (datasets' DatasetInfo JSON). */
function features(dpo: boolean) {
  return {
    id: value("string"),
    images: { feature: { _type: "Image" }, _type: "Sequence" },
    messages: [{ role: value("string"), content: value("string") }],
    answer: value("string"),
    ...(dpo ? { rejected: value("string") } : {}),
    ground_truth: value("string"),
    meta: value("string"),
  };
}

export const hfDatasetsProfile: Profile = {
  dataFile: (logical) => ({ logical, name: `${logical}.parquet`, encoding: "parquet" }),
  async shape(row, ctx) {
    const { answer } = splitAnswer(row);
    const bytes = await imageBytes(row, ctx);
    return {
      id: row.key,
      // The path is only the image's name (its sha256): datasets decodes the bytes, not the path.
      images: bytes.map((b, i) => ({ bytes: b, path: `${row.images[i]!.sha256}.${EXTENSION[row.images[i]!.mime] ?? "bin"}` })),
      messages: row.turns.map((t) => ({ role: t.role, content: t.content })),
      answer,
      ...(row.rejected !== undefined ? { rejected: row.rejected } : {}),
      ground_truth: groundTruthText(row),
      meta: JSON.stringify(row.meta),
    };
  },
  columns: (file: DataFile) => [
    text("id"),
    { name: "images", type: "list", optional: true, element: item({ name: "item", type: "struct", fields: [{ name: "bytes", type: "binary", optional: true }, text("path")] }) },
    { name: "messages", type: "list", optional: true, element: item({ name: "item", type: "struct", fields: [text("role"), text("content")] }) },
    text("answer"),
    ...(file.logical === "dpo" ? [text("rejected")] : []),
    text("ground_truth"),
    text("meta"),
  ],
  kvMetadata: (file: DataFile) => [{ key: "huggingface", value: JSON.stringify({ info: { features: features(file.logical === "dpo") } }) }],
};
