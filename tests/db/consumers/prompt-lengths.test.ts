// Issue 36 item 2: a launch command must not cap prompts below the pool's own screenshots.
// verl's README fixed data.max_prompt_length=8192, while a 3840x2400 screenshot alone is 11,782
// Qwen2.5-VL tokens after smart_resize (9,000 for Qwen3-VL): verl does not count image tokens
// when filtering (volcengine/verl@b178a3c verl/utils/dataset/rl_dataset.py:299, :204-232) and
// pads to the cap without truncating (agent_loop.py:547-552); EasyR1 drops rows over its cap
// while loading (hiyouga/EasyR1@b44b311 verl/utils/dataset.py:150-155, 187-200); LLaMA-Factory
// cuts at cutoff_len (default 2048). A generated pool of 4K and 3.5K screenshots, exported for
// each framework: the manifest records the largest screenshot's tokens per model, and each
// README's lengths and pixel caps hold it. One SQLite database: what is checked is the files.
import { beforeAll, describe, expect, it } from "vitest";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import { ingestImage } from "@/lib/media/ingest";
import { freshDatabase } from "../databases";
import { exportWorld, type ExportWorld } from "../export-support";
import { renderScreen } from "../../support/import-fixtures/screens";
import { exportPool, type Exported } from "./consumer-world";

let world: ExportWorld;
beforeAll(async () => {
  world = await exportWorld((await freshDatabase("sqlite")).db);
  for (const [i, [width, height]] of [[3840, 2400], [3456, 2160], [1080, 2400]].entries()) {
    const media = await ingestImage(world.db, world.store, world.projectId, await renderScreen(width!, height!, 900 + i));
    const s = await world.db.groundingSample.create({ data: { projectId: world.projectId, mediaId: media.id, instruction: `Open the settings panel ${i}`, sourceDataset: "screens-4k", sourceId: `k${i}`, contentHash: `k${i}` } });
    await saveGroundingAnnotation(world.db, world.reviewer, { sampleId: s.id, baseVersion: null, status: "submitted", payload: { targetAbsent: false, box: [100, 100, 300, 200], instructionRewrite: null, qualityScore: null, note: null } });
  }
}, 180_000);

const flag = (text: string, name: string) => Number(new RegExp(`${name.replace(/[.]/g, "\\.")}[= ](\\d+)`).exec(text)?.[1]);

function tokensOf(s: Exported) {
  const tokens = s.manifest.tokens!;
  expect(tokens.largestImage).toEqual({ width: 3840, height: 2400 });
  expect(tokens.imageTokens["qwen2.5-vl"]).toEqual({ tokens: 11782, width: 3840, height: 2400 });
  expect(tokens.imageTokens["qwen3-vl"]).toEqual({ tokens: 9000, width: 3840, height: 2400 });
  // The prompt's text (the UI-Venus grounding question) is on top of the image's tokens.
  expect(tokens.promptTokenBound).toBeGreaterThan(11782 + 200);
  expect(tokens.rowTokenBound).toBeGreaterThan(tokens.promptTokenBound);
  return tokens;
}

describe("launch lengths sized from the pool's largest screenshot", () => {
  it("verl: data.max_prompt_length holds the longest prompt with its image tokens", async () => {
    const s = await exportPool(world, { name: "len-verl", kind: "grounding", profile: "verl" });
    const tokens = tokensOf(s);
    const length = flag(s.text("README.md"), "data.max_prompt_length");
    expect(length).toBeGreaterThanOrEqual(tokens.promptTokenBound);
    expect(s.text("README.md")).toContain("11,782 for Qwen2.5-VL and 9,000 for Qwen3-VL");
  });

  it("EasyR1: data.max_prompt_length and data.max_pixels (no screenshot shrunk or dropped)", async () => {
    const s = await exportPool(world, { name: "len-easyr1", kind: "grounding", profile: "easyr1" });
    const tokens = tokensOf(s);
    const text = s.text("README.md");
    expect(flag(text, "data.max_prompt_length")).toBeGreaterThanOrEqual(tokens.promptTokenBound);
    expect(flag(text, "data.max_pixels")).toBe(3840 * 2400);
    expect(text).toContain("data.min_pixels=null");
  });

  it("ms-swift --max_length and LLaMA-Factory --cutoff_len / --image_max_pixels hold the longest row", async () => {
    const swift = await exportPool(world, { name: "len-swift", kind: "grounding", profile: "ms-swift" });
    const swiftText = swift.text("README.md");
    expect(swiftText.match(/--max_length (\d+)/g)?.length).toBe(2);
    expect(flag(swiftText, "--max_length")).toBeGreaterThanOrEqual(tokensOf(swift).rowTokenBound);
    const lf = await exportPool(world, { name: "len-lf", kind: "grounding", profile: "llama-factory" });
    const lfText = lf.text("README.md");
    expect(flag(lfText, "--cutoff_len")).toBeGreaterThanOrEqual(tokensOf(lf).rowTokenBound);
    expect(flag(lfText, "--image_max_pixels")).toBe(3840 * 2400);
  });
});
