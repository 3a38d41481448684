// A reason too short to say anything is refused with the field it is in, in words that read
// after the field's name (issue 36 item 18: a 1-character reopen reason answered "Check the
// form: form say why, in a few words.").
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importProject } from "./import-support";
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import { failureIn } from "@/lib/actions/result";
import { translator } from "@/lib/i18n/translate";
import { reopenItem } from "@/lib/annotations/reopen-item";
import { overrideVerdict } from "@/lib/verdicts/override-verdict";

async function reviewer(db: Db, projectId: string): Promise<ProjectAccess> {
  const user = await db.user.create({ data: { email: "rita@reasons.test", name: "Rita" } });
  await db.membership.create({ data: { projectId, userId: user.id, role: "reviewer" } });
  return { user: { id: user.id, email: user.email, name: user.name, isOwner: false }, projectId, role: "reviewer" };
}

async function refusal(work: Promise<unknown>) {
  const error = await work.then(() => null, (e: unknown) => e);
  if (!error) throw new Error("expected a refusal");
  return failureIn(translator("en"), error);
}

describe.each(PROVIDERS)("short reasons (%s)", (provider) => {
  it("a one-character reopen or override reason names the reason field", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db, "reasons");
    const rita = await reviewer(db, projectId);

    const reopen = await refusal(reopenItem(db, rita, { sampleId: "no-such-sample" }, "x"));
    expect(reopen).toEqual({ ok: false, error: "Check the form: reason needs a few words that say why.", fieldErrors: { reason: "needs a few words that say why" } });

    const override = await refusal(overrideVerdict(db, rita, { verdictId: "no-such-verdict", value: true, reason: " x " }));
    expect(override.ok ? "" : override.error).toBe("Check the form: reason needs a few words that say why.");
  });
});
