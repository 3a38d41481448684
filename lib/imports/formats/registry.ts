// Every import format, in detection order: the most specific checks first (the native format,
// results files with `details`, then metas, then the directory layouts).
import type { FormatParser, ParserInput } from "@/lib/imports/records";
import { groundingResultsParser } from "@/lib/imports/formats/grounding/grounding-results";
import { osworldGParser } from "@/lib/imports/formats/grounding/osworld-g";
import { screenSpotParser } from "@/lib/imports/formats/grounding/screenspot";
import { screenSpotProParser } from "@/lib/imports/formats/grounding/screenspot-pro";
import { androidLabParser } from "@/lib/imports/formats/trajectories/androidlab";
import { uiVenusTraceParser } from "@/lib/imports/formats/trajectories/ui-venus-trace";
import { uiVenus2RunParser } from "@/lib/imports/formats/trajectories/ui-venus2-run";
import { webVoyagerParser } from "@/lib/imports/formats/trajectories/webvoyager";
import { venusFrameworkParser } from "@/lib/imports/formats/venus-framework/venus-framework";
import { verityJsonlParser } from "@/lib/imports/formats/verity/verity-jsonl";
import { imagesOnlyParser } from "@/lib/imports/formats/images-only";
import { osworldParser } from "@/lib/imports/formats/osworld/osworld";
import { agentLabParser } from "@/lib/imports/formats/agentlab/agentlab";
import { guiOdysseyParser } from "@/lib/imports/formats/gui-odyssey/gui-odyssey";
import { androidControlParser } from "@/lib/imports/formats/android-control/android-control";
import { mind2webParser } from "@/lib/imports/formats/mind2web/mind2web";
import { agentRewardBenchParser } from "@/lib/imports/formats/labels/agentrewardbench";
import { androidWorldParser } from "@/lib/imports/formats/android-world/android-world";

export const FILE_PARSERS: FormatParser[] = [
  verityJsonlParser,
  agentRewardBenchParser,
  groundingResultsParser,
  screenSpotProParser,
  osworldGParser,
  screenSpotParser,
  uiVenusTraceParser,
  uiVenus2RunParser,
  guiOdysseyParser,
  androidControlParser,
  mind2webParser,
  androidWorldParser,
];
// Images-only comes last: a folder with records is never mistaken for images alone.
export const DIRECTORY_PARSERS: FormatParser[] = [androidLabParser, webVoyagerParser, uiVenusTraceParser, venusFrameworkParser, osworldParser, agentLabParser, guiOdysseyParser, androidWorldParser];
export const FALLBACK_PARSER: FormatParser = imagesOnlyParser;
export const ALL_PARSERS: FormatParser[] = [...new Set([...FILE_PARSERS, ...DIRECTORY_PARSERS, imagesOnlyParser])];

// Formats that hold only labels of items imported before (or elsewhere in the same input):
// their units are imported last, after every format that writes items.
export const LABEL_PARSERS: ReadonlySet<FormatParser> = new Set([agentRewardBenchParser]);

export function parserById(id: string): FormatParser | null {
  return ALL_PARSERS.find((p) => p.id === id) ?? null;
}

export async function detectParser(input: ParserInput): Promise<FormatParser | null> {
  const candidates = input.file ? FILE_PARSERS : DIRECTORY_PARSERS;
  for (const parser of candidates) {
    if (await parser.detect(input).catch(() => false)) return parser;
  }
  return null;
}
