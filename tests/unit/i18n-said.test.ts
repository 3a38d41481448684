// Server messages said with a catalogue key: the screen gets them in the reader's language,
// the error's own message (what API v1 bodies, logs and the CLI print) stays English.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { failure, failureIn } from "@/lib/actions/result";
import { saidError } from "@/lib/errors/said-error";
import { translator } from "@/lib/i18n/translate";

describe("messages said by the server", () => {
  const refusal = saidError("conflict", "messages.projectSlugTaken", { slug: "demo" });

  it("keeps an English message for machines and carries the key for screens", () => {
    expect(refusal.message).toBe("A project with slug demo already exists.");
    expect(refusal.code).toBe("conflict");
    expect(refusal.said).toEqual({ key: "messages.projectSlugTaken", params: { slug: "demo" } });
  });

  it("is put in the reader's language by an action's failure", () => {
    expect(failureIn(translator("zh-CN"), refusal)).toEqual({ ok: false, error: "短名称为 demo 的项目已存在。" });
    expect(failure(refusal)).toEqual({ ok: false, error: "A project with slug demo already exists." });
  });

  it("frames a form's problems in the reader's language", () => {
    const parsed = z.object({ name: z.string().min(1) }).safeParse({ name: "" });
    const result = failureIn(translator("zh-CN"), parsed.error);
    expect(result.error).toMatch(/^请检查表单：name .+。$/);
    expect(result.fieldErrors).toHaveProperty("name");
  });

  it("shows a plain English AppError (a check not converted yet) as it is", async () => {
    const { AppError } = await import("@/lib/errors");
    expect(failureIn(translator("zh-CN"), new AppError("invalid_input", "Plain words."))).toEqual({ ok: false, error: "Plain words." });
  });
});
