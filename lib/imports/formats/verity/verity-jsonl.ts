// Parser of Verity JSONL (see verity-schema.ts): the native format, already in pixels and in
// the canonical action union, so its records map one to one onto the import contract.
import { open } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import type { FormatParser, ImportRecord, ParsedItem, ParserInput, VerdictRecord } from "@/lib/imports/records";
import { jsonLines } from "@/lib/imports/formats/jsonl-lines";
import { VerityLineSchema, type VerityLine, type VerityVerdict } from "@/lib/imports/formats/verity/verity-schema";

const PX_XYXY = { format: "xyxy", unit: "px" } as const;

function verdict(v: VerityVerdict): VerdictRecord {
  return {
    kind: v.kind,
    judgeName: v.judge,
    promptVersion: v.prompt_version ?? null,
    metric: v.metric,
    valueBool: typeof v.value === "boolean" ? v.value : null,
    valueScore: typeof v.value === "number" ? v.value : null,
    rationale: v.rationale ?? null,
    rawOutput: v.raw_output ?? null,
  };
}

function toRecords(line: VerityLine, location: { file: string; line: number }): ImportRecord[] {
  switch (line.type) {
    case "sample": {
      const sample = {
        type: "sample" as const,
        location,
        sourceDataset: line.dataset,
        sourceId: line.id,
        imageRef: line.image,
        imageSize: line.image_size ? { width: line.image_size[0], height: line.image_size[1] } : null,
        instruction: line.instruction,
        language: line.language ?? null,
        platform: line.platform ?? null,
        app: line.app ?? null,
        uiType: line.ui_type ?? null,
        target:
          line.box === null
            ? { kind: "absent" as const }
            : line.polygon
              ? { kind: "polygon" as const, points: line.polygon, contract: PX_XYXY }
              : { kind: "box" as const, raw: line.box, contract: PX_XYXY },
        extra: null,
      };
      const verdicts: ImportRecord[] = line.verdicts.map((v) => ({
        type: "verdict",
        location,
        target: { kind: "sample", sourceDataset: line.dataset, sourceId: line.id },
        verdict: verdict(v),
      }));
      return [sample, ...verdicts];
    }
    case "prediction":
      return [
        {
          type: "prediction",
          location,
          model: line.model,
          prediction: Array.isArray(line.point) ? { kind: "point", raw: line.point, contract: PX_XYXY } : { kind: line.point },
          rawOutput: line.raw_output ?? null,
          fileLabel: line.label ?? null,
          sample: { type: "sample_ref", sourceDataset: line.dataset, sourceId: line.sample },
        },
      ];
    case "trajectory":
      return [
        {
          type: "trajectory",
          location,
          sourceDataset: line.dataset,
          sourceId: line.id,
          goal: line.goal,
          benchmark: line.benchmark ?? null,
          app: line.app ?? null,
          model: line.model ?? null,
          runName: line.run ?? null,
          groupKey: line.group ?? null,
          autoOutcome: line.auto_outcome ?? null,
          agentClaimedFinish: line.claimed_finish ?? line.steps.at(-1)?.action?.type === "finish",
          invalidActionCount: line.invalid_actions,
          sourceReward: line.reward ?? null,
          sourceAdvantage: line.advantage ?? null,
          steps: line.steps.map((step, index) => ({
            index,
            imageRef: step.image,
            action: step.action,
            actionContract: null,
            isRepeated: step.repeated,
            rawOutput: step.raw_output ?? null,
            thought: step.thought ?? null,
            uiTreeRef: step.ui_tree ?? null,
            note: null,
            verdicts: step.verdicts.map(verdict),
          })),
          verdicts: line.verdicts.map(verdict),
          extra: null,
        },
      ];
    case "verdict": {
      const t = line.target;
      const target =
        "sample" in t
          ? { kind: "sample" as const, sourceDataset: line.dataset, sourceId: t.sample }
          : "step" in t
            ? { kind: "step" as const, sourceDataset: line.dataset, sourceId: t.trajectory, stepIndex: t.step }
            : { kind: "trajectory" as const, sourceDataset: line.dataset, sourceId: t.trajectory };
      return [{ type: "verdict", location, target, verdict: verdict(line) }];
    }
    case "run":
      return [{ type: "run", location, name: line.name, benchmark: line.benchmark, model: line.model ?? null, meta: null }];
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "line"}: ${i.message}`)
    .join("; ");
}

async function firstLine(file: string): Promise<string> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString("utf8").split("\n")[0] ?? "";
  } finally {
    await handle.close();
  }
}

export const verityJsonlParser: FormatParser = {
  id: "verity-jsonl",
  label: "Verity JSONL",
  async detect(input: ParserInput) {
    if (!input.file || !/\.(jsonl|ndjson)$/i.test(input.file)) return false;
    const head = await firstLine(path.join(input.root, input.file)).catch(() => "");
    return /"type"\s*:\s*"(sample|prediction|trajectory|verdict|run)"/.test(head);
  },
  async *parse(input: ParserInput): AsyncGenerator<ParsedItem> {
    if (!input.file) throw new Error("Verity JSONL needs a file");
    const file = input.file;
    for await (const entry of jsonLines(path.join(input.root, file))) {
      const location = { file, line: entry.line };
      if ("error" in entry) {
        yield { type: "rejected", location, reason: entry.error };
        continue;
      }
      const parsed = VerityLineSchema.safeParse(entry.value);
      if (!parsed.success) {
        yield { type: "rejected", location, reason: describeIssues(parsed.error) };
        continue;
      }
      yield* toRecords(parsed.data, location);
    }
  },
};
