// Every grounding row says its tier, whatever the profile (issue 36 item 6: default grounding
// pools held discard-tier rows with nothing on the row saying so). The world's first samples are
// scored 9, 8, 5 and 3 by a teacher (consumer-world.ts): gold, gold, rewrite, discard.
import { parquetReadObjects } from "hyparquet";
import { beforeAll, describe, expect, it } from "vitest";
import { consumerWorld, exportPool, jsonLines, type ConsumerWorld } from "./consumer-world";

let world: ConsumerWorld;
beforeAll(async () => {
  world = await consumerWorld();
}, 180_000);

/** Each sample's stored tier by its id (rows name their sample in their id). */
async function storedTiers(): Promise<Map<string, string | null>> {
  const samples = await world.db.groundingSample.findMany({ where: { status: "verified" }, select: { id: true, qualityTier: true } });
  return new Map(samples.map((s) => [s.id, s.qualityTier]));
}

function expectTiers(rows: { id: string; tier: unknown }[], tiers: Map<string, string | null>) {
  expect(rows.length).toBe(tiers.size);
  for (const row of rows) {
    const sampleId = [...tiers.keys()].find((id) => row.id.includes(id));
    expect(sampleId, `row ${row.id} names a verified sample`).toBeDefined();
    expect(row.tier, `row ${row.id}`).toBe(tiers.get(sampleId!) ?? null);
  }
  expect(new Set(rows.map((r) => r.tier))).toEqual(new Set(["gold", "rewrite", "discard", null]));
}

describe("the tier on every grounding row", () => {
  it("ms-swift, EasyR1 and LLaMA-Factory JSONL rows carry quality_tier", async () => {
    const tiers = await storedTiers();
    for (const profile of ["ms-swift", "easyr1", "llama-factory"]) {
      const s = await exportPool(world, { name: `tiers-${profile}`, kind: "grounding", profile });
      const rows = jsonLines(s.text("grounding.jsonl")).map((r) => ({ id: String(r.id), tier: r.quality_tier }));
      expectTiers(rows, tiers);
    }
  });

  it("verl parquet rows carry extra_info.quality_tier", async () => {
    const tiers = await storedTiers();
    const s = await exportPool(world, { name: "tiers-verl", kind: "grounding", profile: "verl" });
    const bytes = s.bytes("grounding.parquet");
    const rows = (await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer })) as { extra_info: { id: string; quality_tier: string | null } }[];
    expectTiers(rows.map((r) => ({ id: r.extra_info.id, tier: r.extra_info.quality_tier })), tiers);
  });
});
