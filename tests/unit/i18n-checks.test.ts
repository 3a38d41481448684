// The domain checks behind the screens refuse with catalogue keys: the English message (what
// API v1 bodies, logs and the CLI print) must stay word for word the sentence the check threw
// before, and a Chinese reader gets the same refusal in Chinese with the same figures.
import { describe, expect, it } from "vitest";
import { failureIn } from "@/lib/actions/result";
import { saidError } from "@/lib/errors/said-error";
import { statusWord } from "@/lib/i18n/status-word";
import { translator } from "@/lib/i18n/translate";

const zh = translator("zh-CN");

describe("the domain checks' refusals", () => {
  it("keep the English sentences they replaced", () => {
    expect(saidError("conflict", "checks.queueNameTaken", { name: "Round 2" }).message).toBe('A queue named "Round 2" already exists in this project.');
    expect(saidError("conflict", "checks.cannotReopen", { status: "archived" }).message).toBe("This queue is archived; only a queue that is closed can be reopened.");
    expect(saidError("invalid_input", "checks.boxOutsideMany", { count: 7, ids: "a, b, c, d, e, …" }).message).toBe(
      "Not accepted: 7 boxes lie outside the screenshot (a, b, c, d, e, …); open them and move the box inside the image, or leave them out of the pass.",
    );
    expect(saidError("invalid_input", "checks.boxOutsideOne", { ids: "s1" }).message).toBe(
      "Not accepted: a box lies outside the screenshot (s1); open it and move the box inside the image, or leave it out of the pass.",
    );
  });

  it("reach a Chinese reader in Chinese, with the same figures and names", () => {
    expect(failureIn(zh, saidError("conflict", "checks.queueNameTaken", { name: "Round 2" })).error).toBe("本项目中已有名为“Round 2”的队列。");
    expect(failureIn(zh, saidError("not_found", "checks.listedItemsMissing", { count: 3 })).error).toBe("列出的条目中有 3 个不在本项目中。");
    expect(failureIn(zh, saidError("forbidden", "checks.adjudicationNeedsReviewer")).error).toBe("裁决需要审核员角色。");
  });

  it("put a status into the sentence in the sentence's language, and an unknown status as stored", () => {
    const refusal = saidError("conflict", "checks.cannotReopen", { status: statusWord("archived") });
    expect(refusal.message).toBe("This queue is archived; only a queue that is closed can be reopened.");
    expect(failureIn(zh, refusal).error).toBe("此队列的状态为“已归档”；只有已关闭的队列才能重新打开。");
    expect(failureIn(zh, saidError("conflict", "checks.claimEnded", { status: statusWord("expired") })).error).toBe("这次领取的状态为“已过期”，请重新打开队列领取新条目。");
    expect(failureIn(zh, saidError("conflict", "checks.queueNotActive", { status: statusWord("frozen") })).error).toBe("此队列的状态为“frozen”。");
  });
});
