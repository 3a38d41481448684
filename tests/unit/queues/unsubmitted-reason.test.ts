// The reason a refused close travels with (the /next route's redirect): only our codes are
// read back from an address, each check maps to its own, and the address keeps its query.
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { saidError } from "@/lib/errors/said-error";
import { parseUnsubmittedReason, unsubmittedReason, withUnsubmitted } from "@/lib/queues/unsubmitted-reason";

describe("unsubmitted reasons", () => {
  it("names each check a close can fail, and anything else as refused", () => {
    expect(unsubmittedReason(saidError("conflict", "checks.leaseLost"))).toBe("lease-lost");
    expect(unsubmittedReason(saidError("conflict", "checks.claimEnded", { status: "expired" }))).toBe("ended");
    expect(unsubmittedReason(saidError("conflict", "messages.submitAnswerFirst"))).toBe("unanswered");
    expect(unsubmittedReason(saidError("not_found", "messages.noSuchClaim"))).toBe("no-claim");
    expect(unsubmittedReason(new AppError("conflict", "something else"))).toBe("refused");
  });

  it("reads back only its own codes from an address", () => {
    expect(parseUnsubmittedReason("lease-lost")).toBe("lease-lost");
    for (const forged of ["constructor", "__proto__", "Your session expired", "", undefined, ["lease-lost"]]) expect(parseUnsubmittedReason(forged)).toBeNull();
  });

  it("adds the code to an address with or without a query", () => {
    expect(withUnsubmitted("/projects/p/queues?done=q1", "ended")).toBe("/projects/p/queues?done=q1&unsubmitted=ended");
    expect(withUnsubmitted("/projects/p/queues", "ended")).toBe("/projects/p/queues?unsubmitted=ended");
    expect(withUnsubmitted("/projects/p/queues?done=q1", null)).toBe("/projects/p/queues?done=q1");
  });
});
