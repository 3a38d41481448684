// Consumer contracts of the other profiles: a real export of the fixtures read the way each
// framework's loader reads it, from a working directory outside the snapshot.
// EasyR1 (hiyouga/EasyR1@b44b311 verl/utils/dataset.py):
//   :138-140  the file type is the extension (jsonl -> json loader, parquet)
//   :158      prompt_key "prompt" is ONE string; :163-173 it is split on "<image>" and each
//             placeholder takes the next image (counts must match, or the processor raises)
//   :230-231  a path image is joined onto data.image_dir when given; :56-59 opened as a path
//             or from {bytes}
//   :313      answer_key "answer" is handed to the reward as ground_truth (reward/function.py:91)
// ms-swift (modelscope/ms-swift@3602360):
//   swift/dataset/preprocessor/core.py:69-84  messages keep role and content, roles system/user/assistant
//   swift/template/vision_utils.py:104-117    a relative image path is joined onto ROOT_IMAGE_DIR
//   swift/template/base.py:299-319            objects.bbox ("real") is normalised per model; <bbox> in the turn
//   swift/rl_core/grpo_algorithm.py:46-65     extra columns (solution) reach the reward as keyword arguments
// LLaMA-Factory (hiyouga/LLaMA-Factory@ff6d4d1):
//   src/llamafactory/data/parser.py:93-149    <dataset_dir>/dataset_info.json names file_name, formatting, columns, ranking
//   src/llamafactory/data/converter.py:43-76  images joined onto media_dir when the file exists there
//   src/llamafactory/data/converter.py:148-213 optional system first, then human/gpt alternating (even for SFT);
//                                              ranking rows: odd prompt turns, chosen/rejected one gpt turn each
//   src/llamafactory/data/mm_plugin.py:189-216 "<image>" placeholders must number the images
// Hugging Face datasets (huggingface/datasets@b7cb10b src/datasets/features/features.py:1966-1980):
//   the "huggingface" key-value metadata's features are used when they match the arrow schema;
//   an Image is struct<bytes: binary, path: string> (features/image.py:92).
import { existsSync } from "node:fs";
import path from "node:path";
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { EasyR1RowSchema, GroundingTruthSchema, HfDatasetsRowSchema, LlamaFactoryRowSchema, MsSwiftRowSchema } from "@/lib/exports/profiles/row-schemas";
import { consumerWorld, elsewhere, exportPool, jsonLines, type ConsumerWorld, type Exported } from "./consumer-world";
import { expectRewardScoresEveryRow } from "./reward-cases";

let world: ConsumerWorld;
beforeAll(async () => {
  world = await consumerWorld();
}, 180_000);

const placeholders = (text: string) => text.split("<image>").length - 1;
const readme = (s: Exported) => s.text("README.md").replaceAll("$SNAPSHOT", s.dir);
const flag = (text: string, name: string) => new RegExp(`${name.replace(/[.]/g, "\\.")}[= ](\\S+)`).exec(text)?.[1];

async function parquetRows(s: Exported, file: string) {
  const bytes = s.bytes(file);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
  return { metadata: parquetMetadata(buffer), rows: await parquetReadObjects({ file: buffer, utf8: false }) };
}

async function verifiedSampleCount() {
  return world.db.groundingSample.count({ where: { status: "verified" } });
}

describe("EasyR1 reads a Verity pool as it is", () => {
  it("grounding JSONL: one prompt string with one <image> per image, image paths that resolve under the README's image_dir from elsewhere, an answer the shipped reward scores", async () => {
    const s = await exportPool(world, { name: "easyr1-grounding", kind: "grounding", profile: "easyr1", imageMode: "copy" });
    const rows = jsonLines(s.text("grounding.jsonl")).map((r) => EasyR1RowSchema.parse(r));
    expect(rows).toHaveLength(await verifiedSampleCount());
    const text = readme(s);
    const imageDir = flag(text, "data.image_dir");
    expect(imageDir).toBe(s.dir);
    expect(flag(text, "data.prompt_key")).toBe("prompt");
    expect(flag(text, "data.answer_key")).toBe("answer");
    expect(flag(text, "worker.reward.reward_function")).toBe(`${s.dir}/reward/verity_reward.py:easyr1_compute_score`);
    const cwd = await elsewhere();
    for (const row of rows) {
      expect(placeholders(row.prompt), row.id).toBe(row.images.length);
      for (const image of row.images as string[]) {
        expect(path.isAbsolute(image)).toBe(false);
        expect(existsSync(path.resolve(cwd, imageDir!, image)), image).toBe(true);
      }
      GroundingTruthSchema.parse(JSON.parse(row.answer));
    }
    const rewritten = rows.find((r) => r.id === world.rewrittenId)!;
    expect(placeholders(rewritten.prompt)).toBe(1);
    expectRewardScoresEveryRow(path.join(s.dir, "reward/verity_reward.py"), "easyr1", rows.map((r) => ({ id: r.id, groundTruth: r.answer, answer: r.target! })));
  });

  it("embedded images: a parquet file (chosen by its extension) whose image bytes open", async () => {
    const s = await exportPool(world, { name: "easyr1-embed", kind: "grounding", profile: "easyr1", imageMode: "embed" });
    const { rows } = await parquetRows(s, "grounding.parquet");
    expect(rows).toHaveLength(await verifiedSampleCount());
    for (const raw of rows) {
      const row = EasyR1RowSchema.parse(raw);
      const image = row.images[0] as { bytes: Uint8Array };
      const meta = await sharp(Buffer.from(image.bytes)).metadata();
      expect([meta.width, meta.height]).toEqual(GroundingTruthSchema.parse(JSON.parse(row.answer)).image);
    }
    expect(readme(s)).not.toContain("data.image_dir");
  });
});

describe("ms-swift reads a Verity pool as it is", () => {
  it("grounding JSONL: messages with one <image> per image, paths under ROOT_IMAGE_DIR, a solution its GRPO passes to the shipped reward plugin", async () => {
    const s = await exportPool(world, { name: "swift-grounding", kind: "grounding", profile: "ms-swift" });
    const rows = jsonLines(s.text("grounding.jsonl")).map((r) => MsSwiftRowSchema.parse(r));
    expect(rows).toHaveLength(await verifiedSampleCount());
    const text = readme(s);
    const root = /ROOT_IMAGE_DIR=(\S+)/.exec(text)?.[1];
    expect(root).toBe(s.dir);
    expect(text).toContain(`--external_plugins ${s.dir}/reward/verity_reward.py`);
    expect(text).toContain("--reward_funcs verity_reward");
    const cwd = await elsewhere();
    for (const row of rows) {
      expect(row.messages.map((m) => m.role).at(-1)).toBe("assistant");
      expect(row.messages.reduce((n, m) => n + placeholders(m.content), 0), row.id).toBe(row.images.length);
      for (const image of row.images) expect(existsSync(path.resolve(cwd, root!, image)), image).toBe(true);
    }
    expectRewardScoresEveryRow(path.join(s.dir, "reward/verity_reward.py"), "ms-swift", rows.map((r) => ({ id: r.id, groundTruth: r.solution!, answer: r.messages.at(-1)!.content })));
  });

  it("the objects grounding format: <bbox> in the answer, the verified box in the screenshot's pixels, refusals keep [-1,-1]", async () => {
    const s = await exportPool(world, { name: "swift-objects", kind: "grounding", profile: "ms-swift", settings: { template: "verity-grounding", convention: "rel1000", target: "box", swiftObjects: true } });
    const rows = jsonLines(s.text("grounding.jsonl")).map((r) => MsSwiftRowSchema.parse(r));
    for (const row of rows) {
      const truth = GroundingTruthSchema.parse(JSON.parse(row.solution!));
      if (truth.refusal) {
        expect(row.objects!.bbox).toEqual([]);
        expect(row.messages.at(-1)!.content).toBe("[-1,-1]");
      } else {
        expect(row.messages.at(-1)!.content).toBe("<bbox>");
        expect(row.objects).toEqual({ ref: [], bbox: [truth.box_px], bbox_type: "real" });
      }
    }
    expect(readme(s)).toContain("QWENVL_BBOX_FORMAT=new");
  });
});

describe("navigation pools through EasyR1's and ms-swift's reward calls", () => {
  it("EasyR1 (absolute paths) and ms-swift (Qwen2.5-VL mobile_use, pixels of the resized image): one placeholder per image, images that open from elsewhere, every row scored", async () => {
    const easy = await exportPool(world, { name: "easyr1-navigation", kind: "navigation", profile: "easyr1", imageMode: "absolute" });
    const easyRows = jsonLines(easy.text("navigation.jsonl")).map((r) => EasyR1RowSchema.parse(r));
    expect(easyRows.length).toBeGreaterThan(0);
    const cwd = await elsewhere();
    for (const row of easyRows) {
      expect(placeholders(row.prompt)).toBe(row.images.length);
      for (const image of row.images as string[]) expect(path.isAbsolute(image) && existsSync(path.resolve(cwd, image)), image).toBe(true);
    }
    expect(readme(easy)).not.toContain("data.image_dir");
    expectRewardScoresEveryRow(path.join(easy.dir, "reward/verity_reward.py"), "easyr1", easyRows.map((r) => ({ id: r.id, groundTruth: r.answer, answer: r.target! })));

    const swift = await exportPool(world, { name: "swift-navigation", kind: "navigation", profile: "ms-swift", settings: { template: "qwen2.5-vl-mobile-use", convention: "qwen25-abs" } });
    const swiftRows = jsonLines(swift.text("navigation.jsonl")).map((r) => MsSwiftRowSchema.parse(r));
    expect(swiftRows.length).toBeGreaterThan(0);
    for (const row of swiftRows) {
      expect(row.messages.reduce((n, m) => n + placeholders(m.content), 0)).toBe(row.images.length);
      expect(row.messages.at(-1)!.content).toContain('"name": "mobile_use"');
    }
    // The README pins the image sizes the pixel coordinates assume.
    expect(readme(swift)).toMatch(/MAX_PIXELS=\d+ MIN_PIXELS=\d+/);
    expectRewardScoresEveryRow(path.join(swift.dir, "reward/verity_reward.py"), "ms-swift", swiftRows.map((r) => ({ id: r.id, groundTruth: r.solution!, answer: r.messages.at(-1)!.content })));
  });
});

describe("LLaMA-Factory reads a Verity pool as it is", () => {
  it("mid-training sharegpt: dataset_info.json names each file with its columns, human/gpt turns alternate, images resolve under media_dir", async () => {
    const s = await exportPool(world, { name: "lf-mid", kind: "mid_training", profile: "llama-factory" });
    const info = JSON.parse(s.text("dataset_info.json")) as Record<string, { file_name: string; formatting: string; columns: Record<string, string>; ranking?: boolean }>;
    expect(Object.keys(info).sort()).toEqual(["verity_gold", "verity_rewrite"]);
    const text = readme(s);
    expect(flag(text, "--dataset_dir")).toBe(s.dir);
    expect(flag(text, "--media_dir")).toBe(s.dir);
    expect(flag(text, "--dataset")).toBe("verity_gold,verity_rewrite");
    const cwd = await elsewhere();
    let total = 0;
    for (const [, entry] of Object.entries(info)) {
      expect(entry).toMatchObject({ formatting: "sharegpt", columns: { messages: "conversations", images: "images" } });
      const rows = jsonLines(s.text(entry.file_name)).map((r) => LlamaFactoryRowSchema.parse(r));
      total += rows.length;
      for (const row of rows) {
        const turns = row.conversations[0]!.from === "system" ? row.conversations.slice(1) : row.conversations;
        expect(turns.length % 2, row.id).toBe(0);
        turns.forEach((t, i) => expect(t.from).toBe(i % 2 === 0 ? "human" : "gpt"));
        expect(row.conversations.reduce((n, c) => n + placeholders(c.value), 0)).toBe(row.images.length);
        for (const image of row.images) expect(existsSync(path.resolve(cwd, s.dir, image)), image).toBe(true);
      }
    }
    expect(total).toBe((s.manifest.counts["gold.jsonl"] ?? 0) + (s.manifest.counts["rewrite.jsonl"] ?? 0));
    expect(total).toBeGreaterThan(0);
    // No reward enters SFT: none ships.
    expect(existsSync(path.join(s.dir, "reward"))).toBe(false);
  });

  it("online RL: multi-turn SFT with one image per step, and DPO pairs as ranking rows (prompt turns odd, chosen and rejected one gpt turn each)", async () => {
    const s = await exportPool(world, { name: "lf-online", kind: "online_rl", profile: "llama-factory" });
    const info = JSON.parse(s.text("dataset_info.json")) as Record<string, { file_name: string; ranking?: boolean; columns: Record<string, string> }>;
    expect(info.verity_dpo).toMatchObject({ file_name: "dpo.jsonl", ranking: true, columns: { chosen: "chosen", rejected: "rejected" } });
    const sft = jsonLines(s.text("sft.jsonl")).map((r) => LlamaFactoryRowSchema.parse(r));
    expect(sft.length).toBeGreaterThan(0);
    for (const row of sft) expect(row.conversations.reduce((n, c) => n + placeholders(c.value), 0)).toBe(row.images.length);
    // The two rollouts of "Search for weather" part on their first screen: one pair.
    const dpo = jsonLines(s.text("dpo.jsonl")).map((r) => LlamaFactoryRowSchema.parse(r));
    expect(dpo).toHaveLength(1);
    const pair = dpo[0]!;
    const turns = pair.conversations[0]!.from === "system" ? pair.conversations.slice(1) : pair.conversations;
    expect(turns.length % 2).toBe(1);
    expect(pair.chosen!.value).not.toBe(pair.rejected!.value);
    expect(pair.images).toHaveLength(1);
    expect(readme(s)).toContain("--stage dpo");
  });
});

describe("Hugging Face datasets reads a Verity pool as it is", () => {
  it("grounding parquet: Image features declared in the metadata match the columns, and the embedded bytes open", async () => {
    const s = await exportPool(world, { name: "hf-grounding", kind: "grounding", profile: "hf-datasets" });
    const { metadata, rows } = await parquetRows(s, "grounding.parquet");
    const hf = JSON.parse(metadata.key_value_metadata!.find((kv) => kv.key === "huggingface")!.value!) as { info: { features: Record<string, unknown> } };
    expect(Object.keys(hf.info.features)).toEqual(["id", "images", "messages", "answer", "ground_truth", "meta"]);
    expect(hf.info.features.images).toEqual({ feature: { _type: "Image" }, _type: "Sequence" });
    // The arrow type datasets compares with: list<item: struct<bytes, path>>, every field nullable.
    const names = metadata.schema.map((e) => [e.name, e.repetition_type ?? null]);
    expect(names.slice(1, 8)).toEqual([["id", "OPTIONAL"], ["images", "OPTIONAL"], ["list", "REPEATED"], ["item", "OPTIONAL"], ["bytes", "OPTIONAL"], ["path", "OPTIONAL"], ["messages", "OPTIONAL"]]);
    expect(rows).toHaveLength(await verifiedSampleCount());
    for (const raw of rows) {
      const row = HfDatasetsRowSchema.parse(raw);
      expect(row.messages.reduce((n, m) => n + placeholders(m.content), 0)).toBe(row.images.length);
      const meta = await sharp(Buffer.from(row.images[0]!.bytes)).metadata();
      expect([meta.width, meta.height]).toEqual(GroundingTruthSchema.parse(JSON.parse(row.ground_truth!)).image);
    }
    // The dataset card's front matter names the file as the default config.
    expect(s.text("README.md")).toMatch(/^---\nconfigs:\n- config_name: grounding\n {2}data_files: grounding\.parquet\n {2}default: true\n---/);
  });
});
