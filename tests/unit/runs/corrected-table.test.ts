import { describe, expect, it } from "vitest";
import { correctedCsv, safeCsvCell } from "@/lib/runs/corrected-table";
import type { RunVerification } from "@/lib/runs/run-verification";

describe("the corrected results table as CSV", () => {
  it("keeps formula-looking cells as text and quotes separators", () => {
    expect(safeCsvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(safeCsvCell("+1")).toBe("'+1");
    expect(safeCsvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(safeCsvCell("a,b")).toBe('"a,b"');
    expect(safeCsvCell("plain")).toBe("plain");
  });

  it("writes one row per episode with the automatic outcome as reported and after overrides, and the verified one", () => {
    const v = {
      run: { id: "r", name: "run", benchmark: "b", model: null },
      episodes: [
        { id: "1", episode: "e1", goal: "=cmd|' /C calc'!A0", app: "Clock", steps: 3, automatic: true, automaticAfterOverrides: false, verified: false, changed: true },
        { id: "2", episode: "e2", goal: "Set an alarm", app: null, steps: 2, automatic: null, automaticAfterOverrides: null, verified: null, changed: false },
      ],
    } as unknown as RunVerification;
    expect(correctedCsv(v).split("\r\n")).toEqual([
      "episode,goal,app,steps,automatic,automatic_after_overrides,verified,changed",
      "e1,'=cmd|' /C calc'!A0,Clock,3,success,failure,failure,yes",
      "e2,Set an alarm,,2,,,,no",
      "",
    ]);
  });
});
