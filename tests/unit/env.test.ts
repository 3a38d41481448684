import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";

describe("settings", () => {
  it("defaults to SQLite under ./data", () => {
    const env = parseEnv({});
    expect(env.databaseProvider).toBe("sqlite");
    expect(env.databaseUrl).toBe(`file:${path.resolve("data/verity.db")}`);
    expect(env.mediaDir).toBe(path.resolve("data/media"));
  });

  it("picks PostgreSQL for a postgres:// URL", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://u@127.0.0.1:5432/v" }).databaseProvider).toBe("postgres");
    expect(parseEnv({ DATABASE_URL: "postgresql://u@127.0.0.1/v" }).databaseProvider).toBe("postgres");
  });

  it("stops with a message naming each invalid setting", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x", NEXTAUTH_SECRET: "short", VERITY_MAX_UPLOAD_MB: "lots" })).toThrow(
      /DATABASE_URL: must be a file: URL \(SQLite\) or a postgres:\/\/ URL[\s\S]*NEXTAUTH_SECRET: must be at least 32 characters[\s\S]*VERITY_MAX_UPLOAD_MB/,
    );
  });

  it("wants the three OIDC settings together or not at all", () => {
    expect(() => parseEnv({ VERITY_OIDC_ISSUER: "https://id.example" })).toThrow(/VERITY_OIDC_ISSUER: set VERITY_OIDC_ISSUER, VERITY_OIDC_CLIENT_ID and VERITY_OIDC_CLIENT_SECRET together/);
    const env = parseEnv({ VERITY_OIDC_ISSUER: "https://id.example", VERITY_OIDC_CLIENT_ID: "a", VERITY_OIDC_CLIENT_SECRET: "b" });
    expect(env.VERITY_OIDC_ISSUER).toBe("https://id.example");
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", NEXTAUTH_SECRET: "  " }).databaseProvider).toBe("sqlite");
  });
});
