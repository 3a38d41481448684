// A person who sees in the preview that boxes land in the wrong place picks another
// coordinate contract; this re-reads every record's coordinates with it. Only the format and
// unit change: the raw numbers are never touched.
import type { CoordinateContract } from "@/lib/domain/coordinates";
import type { FormatParser, ParsedItem, PredictionRecord, SampleRecord } from "@/lib/imports/records";
import type { ContractChoice } from "@/lib/imports/preview-types";

function overrideContract(contract: CoordinateContract, choice: ContractChoice): CoordinateContract {
  return { format: choice.format, unit: choice.unit, ...(choice.unit === "px" && contract.reference ? { reference: contract.reference } : {}) };
}

function overrideSample(sample: SampleRecord, choice: ContractChoice): SampleRecord {
  if (sample.target.kind === "absent") return sample;
  return { ...sample, target: { ...sample.target, contract: overrideContract(sample.target.contract, choice) } };
}

function overridePrediction(record: PredictionRecord, choice: ContractChoice): PredictionRecord {
  const prediction =
    record.prediction.kind === "point" ? { ...record.prediction, contract: overrideContract(record.prediction.contract, choice) } : record.prediction;
  const sample = record.sample.type === "sample" ? overrideSample(record.sample, choice) : record.sample;
  return { ...record, prediction, sample };
}

export function overrideItem(item: ParsedItem, choice: ContractChoice): ParsedItem {
  if (item.type === "sample") return overrideSample(item, choice);
  if (item.type === "prediction") return overridePrediction(item, choice);
  return item;
}

export function withContractOverride(parser: FormatParser, choice: ContractChoice | null | undefined): FormatParser {
  if (!choice) return parser;
  return {
    ...parser,
    async *parse(input) {
      for await (const item of parser.parse(input)) yield overrideItem(item, choice);
    },
  };
}
