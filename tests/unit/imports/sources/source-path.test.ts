import { describe, expect, it } from "vitest";
import { checkSourcePath } from "@/lib/imports/sources/source-path";
import { SourceLimitsSchema, DEFAULT_SOURCE_LIMITS } from "@/lib/imports/sources/limits";
import { describeBytes } from "@/lib/imports/sources/describe-bytes";

describe("checkSourcePath", () => {
  it("canonicalises relative paths", () => {
    expect(checkSourcePath("a/b.png")).toEqual({ path: "a/b.png" });
    expect(checkSourcePath("./a//./b.png")).toEqual({ path: "a/b.png" });
    expect(checkSourcePath("%2e%2e/x.png")).toEqual({ path: "%2e%2e/x.png" });
    expect(checkSourcePath("a..b/c..png")).toEqual({ path: "a..b/c..png" });
  });

  it("refuses anything that could leave the root", () => {
    expect(checkSourcePath("../evil.png")).toEqual({ refused: "path climbs out with '..'" });
    expect(checkSourcePath("a/../../b.png")).toEqual({ refused: "path climbs out with '..'" });
    expect(checkSourcePath("a/..")).toEqual({ refused: "path climbs out with '..'" });
    expect(checkSourcePath("..\\evil.png")).toEqual({ refused: "path climbs out with '..'" });
    expect(checkSourcePath("/abs.png")).toEqual({ refused: "absolute path" });
    expect(checkSourcePath("\\\\server\\share.png")).toEqual({ refused: "absolute path" });
    expect(checkSourcePath("C:\\x.png")).toEqual({ refused: "path starts with a drive letter" });
    expect(checkSourcePath("c:x.png")).toEqual({ refused: "path starts with a drive letter" });
    expect(checkSourcePath("a\\b.png")).toEqual({ refused: "name contains a backslash" });
    expect(checkSourcePath("a\0.png")).toEqual({ refused: "name contains a NUL byte" });
    expect(checkSourcePath("./")).toEqual({ refused: "empty path" });
  });
});

describe("source limits", () => {
  it("defaults every bound and rejects nonsense", () => {
    expect(DEFAULT_SOURCE_LIMITS).toEqual({
      maxEntries: 2_000_000,
      maxTotalBytes: 200 * 1024 ** 3,
      maxEntryBytes: 256 * 1024 ** 2,
      maxCompressionRatio: 200,
    });
    expect(SourceLimitsSchema.parse({ maxEntries: 10 }).maxEntries).toBe(10);
    expect(SourceLimitsSchema.safeParse({ maxEntryBytes: -1 }).success).toBe(false);
    expect(describeBytes(10 * 1024 ** 3)).toBe("10 GiB");
    expect(describeBytes(1536)).toBe("1.5 KiB");
    expect(describeBytes(999)).toBe("999 bytes");
  });
});
