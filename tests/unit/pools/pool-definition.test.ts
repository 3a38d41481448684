import { describe, expect, it } from "vitest";
import { FORMATS_BY_KIND, POOL_KINDS, PoolInputSchema } from "@/lib/pools/pool-definition";
import { mkdir, mkdtemp, realpath, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { localTargetProblem, realTargetPath } from "@/lib/pools/local-target-roots";

const base = { name: "grounding-main", kind: "grounding", format: "swift_jsonl", targetType: "local", targetUri: "/srv/pools/grounding" };

describe("a pool definition", () => {
  it("accepts each kind with each of its formats, and defaults to copying images", () => {
    for (const kind of POOL_KINDS) {
      for (const format of FORMATS_BY_KIND[kind]) {
        expect(PoolInputSchema.parse({ ...base, kind, format })).toMatchObject({ kind, format, imageMode: "copy", settings: {} });
      }
    }
  });

  it("names the field that is wrong", () => {
    const issues = (input: object) => PoolInputSchema.safeParse({ ...base, ...input }).error?.issues.map((i) => i.path.join("."));
    expect(issues({ format: "verl_parquet", kind: "navigation" })).toEqual(["format"]);
    expect(issues({ targetUri: "relative/dir" })).toEqual(["targetUri"]);
    expect(issues({ targetType: "s3", targetUri: "s3://b/x" })).toEqual(["targetUri"]);
    expect(issues({ targetType: "s3", targetUri: "s3://pool-bucket/team/../x" })).toEqual(["targetUri"]);
    expect(issues({ settings: { dataSource: "ok" } })).toEqual(["settings.dataSource"]);
    expect(issues({ settings: { surprise: 1 } })).toEqual(["settings"]);
    expect(issues({ name: "" })).toEqual(["name"]);
    expect(PoolInputSchema.parse({ ...base, targetType: "s3", targetUri: "s3://pool-bucket/team/grounding" }).targetUri).toBe("s3://pool-bucket/team/grounding");
  });
});

describe("where a local pool may live", () => {
  const roots = ["/data/pools", "/mnt/training"];
  it("inside a pool root only, never by climbing out of one", async () => {
    expect(await localTargetProblem("/data/pools/grounding", roots)).toBeNull();
    expect(await localTargetProblem("/mnt/training", roots)).toBeNull();
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
