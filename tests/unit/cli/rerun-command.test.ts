// The CLI's answer to a results file refused for naming no model: the exact command to run
// again, every word quoted so a POSIX shell reads it back unchanged.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rerunWithModel, shellWord } from "@/lib/cli/rerun-command";

const refusal = (file: string) => ({ file, reason: "the results file names no model (model, model_name, model_name_or_path, model_type); give it with the import (--model, or the Model field of the preview), so its answers are not filed under another model's" });
const echoed = (word: string) => execFileSync("sh", ["-c", `printf %s ${word}`], { encoding: "utf8" });

describe("rerunning an import with --model", () => {
  it("quotes only what the shell would change, and the shell reads every word back as it was", () => {
    expect(shellWord("runs/qwen2vl-sample.json")).toBe("runs/qwen2vl-sample.json");
    for (const word of ["runs of may/it's here.json", "$(echo injected)", "a\"b`c`\\d", "tab\there", "*.json"]) {
      expect(shellWord(word)).toMatch(/^'/);
      expect(echoed(shellWord(word))).toBe(word);
    }
  });

  it("gives the same import with its flags and the file's name as the model", () => {
    const command = { target: "/data/runs of may/qwen2vl sample.json", slug: "demo", contract: "xyxy:px", json: true };
    expect(rerunWithModel(command, [refusal("qwen2vl sample.json")])).toBe(
      "qwen2vl sample.json names no model. To import its answers under the file's name, run:\n" +
        "  npm run verity -- import '/data/runs of may/qwen2vl sample.json' --project demo --contract xyxy:px --json --model 'qwen2vl sample'\n" +
        "(or put the model's own name after --model)",
    );
  });

  it("says nothing when --model was given or nothing was refused for it; several files get one command each, never one model for all", () => {
    expect(rerunWithModel({ target: "r.json", slug: "demo", model: "m", json: false }, [refusal("r.json")])).toBeNull();
    expect(rerunWithModel({ target: "r.json", slug: "demo", json: false }, [{ file: "r.json", reason: "not valid JSON" }])).toBeNull();
    const dir = mkdtempSync(path.join(os.tmpdir(), "verity-rerun-"));
    const answer = rerunWithModel({ target: dir, slug: "demo", json: false }, [refusal("runA/results.json"), refusal("runB/results.json")])!;
    expect(answer.split("\n")).toEqual([
      "2 results files name no model (runA/results.json, runB/results.json); import each with its own model:",
      `  npm run verity -- import ${path.join(dir, "runA/results.json")} --project demo --model runA/results`,
      `  npm run verity -- import ${path.join(dir, "runB/results.json")} --project demo --model runB/results`,
    ]);
  });
});
