import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";

const s3 = { VERITY_S3_BUCKET: "verity-media", VERITY_S3_ACCESS_KEY_ID: "AK", VERITY_S3_SECRET_ACCESS_KEY: "SK" };

describe("object storage and worker settings", () => {
  it("defaults to the local media directory and the in-process worker with a 60 s job lock", () => {
    const env = parseEnv({});
    expect(env.VERITY_MEDIA_STORE).toBe("local");
    expect(env.mediaS3).toBeNull();
    expect(env.s3).toBeNull();
    expect(env.VERITY_WORKER).toBe("in-process");
    expect(env.VERITY_JOB_LOCK_MS).toBe(60_000);
  });

  it("reads an S3 media store with its connection, path style and a prefix without stray slashes", () => {
    const env = parseEnv({
      ...s3,
      VERITY_MEDIA_STORE: "s3",
      VERITY_S3_ENDPOINT: "http://127.0.0.1:9000",
      VERITY_S3_PREFIX: "/verity/media/",
      VERITY_S3_FORCE_PATH_STYLE: "TRUE",
    });
    expect(env.mediaS3).toEqual({ bucket: "verity-media", prefix: "verity/media" });
    expect(env.s3).toEqual({ endpoint: "http://127.0.0.1:9000", region: "us-east-1", forcePathStyle: true, accessKeyId: "AK", secretAccessKey: "SK" });
    expect(parseEnv({ ...s3, VERITY_S3_FORCE_PATH_STYLE: "false" }).s3?.forcePathStyle).toBe(false);
  });

  it("stops start-up naming each S3 setting an S3 media store lacks", () => {
    expect(() => parseEnv({ VERITY_MEDIA_STORE: "s3" })).toThrow(
      /VERITY_S3_BUCKET: required when VERITY_MEDIA_STORE=s3[\s\S]*VERITY_S3_ACCESS_KEY_ID: required[\s\S]*VERITY_S3_SECRET_ACCESS_KEY: required/,
    );
    expect(() => parseEnv({ VERITY_MEDIA_STORE: "s3", VERITY_S3_BUCKET: "b-1", VERITY_S3_ACCESS_KEY_ID: "AK" })).toThrow(
      /VERITY_S3_SECRET_ACCESS_KEY: set VERITY_S3_ACCESS_KEY_ID and VERITY_S3_SECRET_ACCESS_KEY together/,
    );
  });

  it("names invalid values", () => {
    expect(() => parseEnv({ VERITY_MEDIA_STORE: "ftp" })).toThrow(/VERITY_MEDIA_STORE: must be local or s3/);
    expect(() => parseEnv({ VERITY_S3_BUCKET: "Not_A_Bucket" })).toThrow(/VERITY_S3_BUCKET: must be a bucket name/);
    expect(() => parseEnv({ VERITY_S3_ENDPOINT: "minio:9000" })).toThrow(/VERITY_S3_ENDPOINT: must be an http\(s\) URL/);
    expect(() => parseEnv({ VERITY_S3_FORCE_PATH_STYLE: "maybe" })).toThrow(/VERITY_S3_FORCE_PATH_STYLE: must be true or false/);
    expect(() => parseEnv({ VERITY_WORKER: "elsewhere" })).toThrow(/VERITY_WORKER: must be in-process or external/);
    expect(() => parseEnv({ VERITY_JOB_LOCK_MS: "10" })).toThrow(/VERITY_JOB_LOCK_MS: must be at least 500/);
  });
});
