import { describe, expect, it } from "vitest";
import { IMAGE_MODES_BY_PROFILE, POOL_KINDS, PROFILES_BY_KIND, PoolInputSchema, resolvedStyle } from "@/lib/pools/pool-definition";
import { parseFilterArgs } from "@/lib/pools/pool-filters";
import { mkdir, mkdtemp, realpath, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { localTargetProblem, realTargetPath } from "@/lib/pools/local-target-roots";

const base = { name: "grounding-main", kind: "grounding", profile: "ms-swift", targetType: "local", targetUri: "/srv/pools/grounding" };

describe("a pool definition", () => {
  it("accepts each kind with each of its profiles and each of the profile's image modes; the first mode is the default", () => {
    for (const kind of POOL_KINDS) {
      for (const profile of PROFILES_BY_KIND[kind]) {
        expect(PoolInputSchema.parse({ ...base, kind, profile })).toMatchObject({ kind, profile, imageMode: IMAGE_MODES_BY_PROFILE[profile][0], settings: {} });
        if (kind === "evaluation") continue;
        for (const imageMode of IMAGE_MODES_BY_PROFILE[profile]) expect(PoolInputSchema.parse({ ...base, kind, profile, imageMode }).imageMode).toBe(imageMode);
      }
    }
  });

  it("names the field that is wrong", () => {
    const issues = (input: object) => PoolInputSchema.safeParse({ ...base, ...input }).error?.issues.map((i) => i.path.join("."));
    expect(issues({ profile: "verl", kind: "online_rl" })).toEqual(["profile"]);
    // verl opens a relative path against the trainer's working directory: copy is refused.
    expect(issues({ profile: "verl", imageMode: "copy" })).toEqual(["imageMode"]);
    expect(issues({ targetType: "s3", targetUri: "s3://pool-bucket/x", imageMode: "absolute" })).toEqual(["imageMode"]);
    expect(issues({ targetUri: "relative/dir" })).toEqual(["targetUri"]);
    expect(issues({ targetType: "s3", targetUri: "s3://b/x" })).toEqual(["targetUri"]);
    expect(issues({ targetType: "s3", targetUri: "s3://pool-bucket/team/../x" })).toEqual(["targetUri"]);
    expect(issues({ settings: { dataSource: "ok" } })).toEqual(["settings.dataSource"]);
    expect(issues({ settings: { surprise: 1 } })).toEqual(["settings"]);
    expect(issues({ name: "" })).toEqual(["name"]);
    // A template states its coordinate space and target: other ones are refused.
    expect(issues({ settings: { template: "ui-venus-1.5-grounding", convention: "qwen25-abs" } })).toEqual(["settings.convention"]);
    expect(issues({ settings: { template: "ui-venus-1.5-grounding", target: "box" } })).toEqual(["settings.target"]);
    expect(issues({ settings: { template: "ui-venus-1.5-mobile" } })).toEqual(["settings.template"]);
    expect(issues({ kind: "navigation", settings: { template: "qwen2.5-vl-mobile-use", convention: "rel1000" } })).toEqual(["settings.convention"]);
    expect(issues({ settings: { filters: { benchmark: ["androidlab"] } } })).toEqual(["settings.filters.benchmark"]);
    expect(issues({ kind: "navigation", settings: { filters: { tier: ["gold"] } } })).toEqual(["settings.filters.tier"]);
    expect(issues({ settings: { filters: { verifiedFrom: "2026-02-01", verifiedTo: "2026-01-01" } } })).toEqual(["settings.filters.verifiedTo"]);
    expect(issues({ profile: "verl", imageMode: "embed", settings: { swiftObjects: true } })).toEqual(["settings.swiftObjects"]);
    // ms-swift normalises objects to [0,1000] or the resized pixels, never to 0-1 (issue 36 item 1).
    expect(issues({ settings: { template: "verity-grounding", convention: "norm1", swiftObjects: true } })).toEqual(["settings.swiftObjects"]);
    expect(issues({ settings: { template: "verity-grounding", convention: "qwen25-abs", swiftObjects: true } })).toBeUndefined();
    // History thoughts are a navigation setting (issue 36 item 3).
    expect(issues({ settings: { historyThoughts: "omit" } })).toEqual(["settings.historyThoughts"]);
    expect(issues({ kind: "navigation", settings: { historyThoughts: "omit" } })).toBeUndefined();
    expect(PoolInputSchema.parse({ ...base, targetType: "s3", targetUri: "s3://pool-bucket/team/grounding" }).targetUri).toBe("s3://pool-bucket/team/grounding");
  });

  it("rounds ms-swift's objects rows as ms-swift derives them, every other pool half up", () => {
    expect(resolvedStyle("grounding", { swiftObjects: true }).rounding).toBe("half-even");
    expect(resolvedStyle("grounding", {}).rounding).toBe("half-up");
    expect(resolvedStyle("navigation", {}).rounding).toBe("half-up");
  });

  it("reads the CLI's --filter key=value[,value] pairs with the same rules", () => {
    expect(parseFilterArgs(["tier=gold,rewrite", "source=screenspot-pro", "verifiedFrom=2026-01-01"])).toEqual({ tier: ["gold", "rewrite"], source: ["screenspot-pro"], verifiedFrom: "2026-01-01" });
    expect(() => parseFilterArgs(["colour=red"])).toThrow(/unknown filter colour/);
    expect(() => parseFilterArgs(["tier=platinum"])).toThrow();
    expect(() => parseFilterArgs(["verifiedFrom=yesterday"])).toThrow(/YYYY-MM-DD/);
  });
});

describe("where a local pool may live", () => {
  const roots = ["/data/pools", "/mnt/training"];
  it("inside a pool root only, never the root itself nor by climbing out of one", async () => {
    expect(await localTargetProblem("/data/pools/grounding", roots)).toBeNull();
    expect(await localTargetProblem("/mnt/training/x", roots)).toBeNull();
    // The root itself would nest every other pool in this one (issue 36 item 15).
    expect(await localTargetProblem("/mnt/training", roots)).toMatch(/\/mnt\/training is a pool root itself/);
    expect(await localTargetProblem("/mnt/training/", roots)).toMatch(/is a pool root itself/);
    expect(await localTargetProblem("/mnt/training-other/x", roots)).toMatch(/inside one of the pool roots/);
    expect(await localTargetProblem("/data/pools/../secrets", roots)).toMatch(/'\.\.'/);
    expect(await localTargetProblem("data/pools/x", roots)).toMatch(/absolute/);
  });

  it("judged on real paths: a symlinked parent leads out, a symlink inside the roots is the directory it names", async () => {
    const tmp = await mkdtemp(path.join(os.tmpdir(), "verity-pool-roots-"));
    try {
      const root = path.join(tmp, "pools");
      await mkdir(path.join(root, "real"), { recursive: true });
      await mkdir(path.join(tmp, "elsewhere"));
      await symlink(path.join(tmp, "elsewhere"), path.join(root, "escape"));
      await symlink(path.join(root, "real"), path.join(root, "alias"));
      expect(await localTargetProblem(path.join(root, "escape", "not-yet", "p1"), [root])).toMatch(/inside one of the pool roots/);
      expect(await localTargetProblem(path.join(root, "alias", "x"), [root])).toBeNull();
      expect(await realTargetPath(path.join(root, "alias", "x"))).toBe(path.join(await realpath(root), "real", "x"));
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });
});
