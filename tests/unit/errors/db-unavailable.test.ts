import { describe, expect, it } from "vitest";
import { databaseUnavailable } from "@/lib/db/unavailable";

describe("a database that cannot be reached", () => {
  it("is recognised several causes deep, by driver code or message", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(databaseUnavailable(new Error("wrapped", { cause: new Error("adapter", { cause: refused }) }))?.code).toBe("unavailable");
    expect(databaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))?.status).toBe(503);
    expect(databaseUnavailable({ message: "x", cause: { kind: "DatabaseNotReachable" } })).not.toBeNull();
  });

  it("leaves every other error alone, including cycles of causes", () => {
    expect(databaseUnavailable(new Error("Unique constraint failed on the fields: (`email`)"))).toBeNull();
    const loop: { message: string; cause?: unknown } = { message: "loop" };
    loop.cause = loop;
    expect(databaseUnavailable(loop)).toBeNull();
    expect(databaseUnavailable(null)).toBeNull();
  });
});
