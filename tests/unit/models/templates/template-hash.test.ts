// The hash a run records: pinned for every preset, because a preset's words must not change
// under the same version (older runs would point at a text they were not asked with). A
// deliberate change bumps the preset's version and then updates its hash here.
import { describe, expect, it } from "vitest";
import { PRESETS } from "@/lib/models/templates/presets";
import { templateHash } from "@/lib/models/templates/template-hash";
import { UI_VENUS_15_GROUNDING_PRESET } from "@/lib/models/templates/ui-venus-presets";

const PINNED: Record<string, string> = {
  "ui-venus-1.5-grounding": "bee40c5f007653f9db05f3adb1c61691301ed72a9c7b1da6e3f7e3dc26f5d68e",
  "qwen2.5-vl-computer-use-grounding": "f4afa3966d21ed56f2f57bad7d581f9c7db79a66408165100f74818609ab38ae",
  "ui-tars-1.5-grounding": "b4474fd4b12c74ab028ce2cbc8bd12fdd9e9f0e276105691fa778b47dfb6432c",
  "ui-tars-grounding-doubao": "de2b0a64d8c679eaa7c14956e7ca67d1eabda73814aec09f70d8b957620627a6",
  "ui-venus-1.5-outcome-judge": "3a6d716ed611958510c3544af29e68a5f9d8a408c2f9b666e8e3ccabcd04d377",
  "webjudge-key-points": "05a7a297058ab30411d14fad18b3fc3a986b79536da74d6930b0e0f3dd50f2f0",
  "webjudge-key-screenshot": "9d0ee8ff000d06d2485397bb5f4fdbc242407afa4cca1e8fcf9d1afcc0cea90e",
  "webjudge-outcome": "8c51cc10814888348d7b66687f98b9136bc9c5bdfe2dfce7a903ee65070a1635",
  "verity-quality-teacher": "26b7e3b4bd40d2a8badfd80c199b2a3902050e12ca958daebdca06d34ae156f7",
};

describe("templateHash", () => {
  it("is pinned for every preset", () => {
    expect(Object.fromEntries(PRESETS.map((p) => [p.id, templateHash(p)]))).toEqual(PINNED);
  });

  it("changes with the text, the parser or the version, and not with the label or citation", () => {
    const base = templateHash(UI_VENUS_15_GROUNDING_PRESET);
    expect(templateHash({ ...UI_VENUS_15_GROUNDING_PRESET, user: `${UI_VENUS_15_GROUNDING_PRESET.user} ` })).not.toBe(base);
    expect(templateHash({ ...UI_VENUS_15_GROUNDING_PRESET, parser: "box" })).not.toBe(base);
    expect(templateHash({ ...UI_VENUS_15_GROUNDING_PRESET, version: 2 })).not.toBe(base);
    expect(templateHash({ ...UI_VENUS_15_GROUNDING_PRESET, dropTrailingPeriod: undefined })).not.toBe(base);
    expect(templateHash({ ...UI_VENUS_15_GROUNDING_PRESET, name: "renamed", source: "elsewhere" })).toBe(base);
  });

  it("cannot be made equal by moving text between fields", () => {
    const a = { ...UI_VENUS_15_GROUNDING_PRESET, system: "ab", user: "c" };
    const b = { ...UI_VENUS_15_GROUNDING_PRESET, system: "a", user: "bc" };
    expect(templateHash(a)).not.toBe(templateHash(b));
  });
});
