// verl contract: the pool's parquet read the way RLHFDataset reads it (volcengine/verl@b178a3c):
//   rl_dataset.py:157-158    datasets.load_dataset("parquet") hands rows over as plain dicts and lists
//   rl_dataset.py:297-338    _build_messages: prompt_key "prompt" is a chat list; each message's
//                            content is split on (<image>|<video>) and every <image> takes the
//                            next entry of image_key "images"; both counts must match (asserts)
//   rl_dataset.py:322-325    an image dict with "bytes" is opened from the bytes; otherwise its
//                            keys go to qwen-vl-utils' fetch_image, which opens "image" as a
//                            path as it is (vision_process.py:104-118 at Qwen2.5-VL@f0af299):
//                            relative to the trainer's working directory
//   vision_utils.py:28-30    a dict may not hold both "bytes" and "image"
//   naive.py:77-90           reward_model.ground_truth, data_source and extra_info are what the
//                            reward function is called with
//   rl_dataset.py:353        extra_info.index
// and the reward shipped in the snapshot called as verl calls custom_reward_function.
import { existsSync } from "node:fs";
import path from "node:path";
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { VerlRowSchema } from "@/lib/exports/profiles/row-schemas";
import { consumerWorld, elsewhere, exportPool, type ConsumerWorld, type Exported } from "./consumer-world";
import { expectRewardScoresEveryRow } from "./reward-cases";

let world: ConsumerWorld;
beforeAll(async () => {
  world = await consumerWorld();
}, 180_000);

type Row = ReturnType<typeof VerlRowSchema.parse>;

async function rowsOf(snapshot: Exported, file: string): Promise<Row[]> {
  const bytes = snapshot.bytes(file);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
  expect(parquetMetadata(buffer).schema.some((e) => e.name === "prompt")).toBe(true);
  // utf8: false, as pyarrow reads it: only UTF8-annotated columns are text, raw BYTE_ARRAY is bytes.
  return (await parquetReadObjects({ file: buffer, utf8: false })).map((r) => VerlRowSchema.parse(r));
}

// _build_messages, as far as a dataset row decides it: segments and the images they take.
function buildMessages(row: Row) {
  let offset = 0;
  for (const message of row.prompt) {
    for (const segment of message.content.split(/(<image>|<video>)/).filter((s) => s !== "")) {
      if (segment === "<image>") {
        expect(offset, "image_offset < len(images)").toBeLessThan(row.images.length);
        offset += 1;
      }
      expect(segment, "no video in these pools").not.toBe("<video>");
    }
  }
  expect(offset, "image_offset == len(images)").toBe(row.images.length);
}

function commandOf(snapshot: Exported): string {
  const readme = snapshot.text("README.md");
  const command = /```bash\n([\s\S]*?verl\.trainer\.main_ppo[\s\S]*?)```/.exec(readme)?.[1];
  expect(command, "README names the verl command").toBeTruthy();
  return command!.replaceAll("$SNAPSHOT", snapshot.dir);
}

describe("verl reads a Verity pool as it is", () => {
  it("grounding with embedded images: chat prompts, one placeholder per image, bytes that open, a data_source and a ground truth the shipped reward scores", async () => {
    const snapshot = await exportPool(world, { name: "verl-grounding", kind: "grounding", profile: "verl", imageMode: "embed", settings: { dataSource: "screenspot_pro" } });
    const rows = await rowsOf(snapshot, "grounding.parquet");
    const verified = await world.db.groundingSample.count({ where: { status: "verified" } });
    expect(rows).toHaveLength(verified);
    expect(rows.map((r) => r.extra_info.index)).toEqual(rows.map((_, i) => i));
    for (const row of rows) {
      buildMessages(row);
      expect(row.prompt.every((m) => m.role === "user" || m.role === "system"), "the answer is not in the prompt").toBe(true);
      expect(row.data_source).toBe("screenspot_pro");
      expect(row.reward_model.style).toBe("rule");
      const image = row.images[0]!;
      expect("bytes" in image && !("image" in image), "bytes, never bytes and image").toBe(true);
      const meta = await sharp(Buffer.from((image as { bytes: Uint8Array }).bytes)).metadata();
      const truth = JSON.parse(row.reward_model.ground_truth) as { image: number[] };
      expect([meta.width, meta.height]).toEqual(truth.image);
    }
    // The rewrite typed "<image>": still exactly one placeholder, the text kept as text.
    const rewritten = rows.find((r) => r.extra_info.id === world.rewrittenId)!;
    expect(rewritten.prompt[0]!.content).toContain("Tap the (image) icon");
    expect(snapshot.manifest.counts["text:image_placeholders_replaced"]).toBe(1);
    // The refusal is [-1,-1].
    expect(JSON.parse(rows.find((r) => r.extra_info.id === world.refusalId)!.extra_info.answer!)).toEqual([-1, -1]);

    const command = commandOf(snapshot);
    expect(command).toContain(`data.train_files=${snapshot.dir}/grounding.parquet`);
    expect(command).toContain("data.image_key=images");
    expect(command).toContain(`custom_reward_function.path=${snapshot.dir}/reward/verity_reward.py`);
    expect(existsSync(path.join(snapshot.dir, "reward/verity_reward.py"))).toBe(true);
    expectRewardScoresEveryRow(path.join(snapshot.dir, "reward/verity_reward.py"), "verl", rows.map((r) => ({ id: r.extra_info.id, groundTruth: r.reward_model.ground_truth, answer: r.extra_info.answer!, dataSource: r.data_source, extraInfo: r.extra_info })));
  });

  it("absolute image paths open from a working directory outside the snapshot; qwen25-abs pins the patch size", async () => {
    const snapshot = await exportPool(world, { name: "verl-absolute", kind: "grounding", profile: "verl", imageMode: "absolute", settings: { template: "verity-grounding", convention: "qwen25-abs", target: "box" } });
    const rows = await rowsOf(snapshot, "grounding.parquet");
    const cwd = await elsewhere();
    for (const row of rows) {
      const image = row.images[0] as { image: string };
      expect(path.isAbsolute(image.image)).toBe(true);
      // fetch_image opens the path as it is: from the trainer's directory it must still resolve.
      expect(existsSync(path.resolve(cwd, image.image)), image.image).toBe(true);
      expect(image.image.startsWith(`${snapshot.dir}/images/`)).toBe(true);
      const truth = JSON.parse(row.reward_model.ground_truth) as { convention: string; resized: number[] | null };
      expect(truth.convention).toBe("qwen25-abs");
      expect(truth.resized).not.toBeNull();
    }
    expect(commandOf(snapshot)).toContain("data.image_patch_size=14");
    expectRewardScoresEveryRow(path.join(snapshot.dir, "reward/verity_reward.py"), "verl", rows.map((r) => ({ id: r.extra_info.id, groundTruth: r.reward_model.ground_truth, answer: r.extra_info.answer! })));
  });

  it("navigation: the UI-Venus prompt with its history, the action as the target, element-label steps without a box left out and counted", async () => {
    const snapshot = await exportPool(world, { name: "verl-navigation", kind: "navigation", profile: "verl", imageMode: "embed" });
    const rows = await rowsOf(snapshot, "navigation.parquet");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      buildMessages(row);
      expect(row.prompt[0]!.content).toContain("### Previous Actions");
      expect(row.ability).toBe("navigation");
      expect(row.extra_info.answer).toMatch(/^<action>\w+\(.*\)<\/action>$/s);
    }
    // WebVoyager steps name numbered elements only: no coordinates to teach, so counted.
    expect(snapshot.manifest.counts["excluded:element_label_without_box"]).toBeGreaterThan(0);
    expectRewardScoresEveryRow(path.join(snapshot.dir, "reward/verity_reward.py"), "verl", rows.map((r) => ({ id: r.extra_info.id, groundTruth: r.reward_model.ground_truth, answer: r.extra_info.answer! })));
  });
});
