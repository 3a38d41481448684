// Each trajectory parser claims its own fixture and none of the others'.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { androidLabParser } from "@/lib/imports/formats/trajectories/androidlab";
import { uiVenusTraceParser } from "@/lib/imports/formats/trajectories/ui-venus-trace";
import { webVoyagerParser } from "@/lib/imports/formats/trajectories/webvoyager";
import type { ParserInput } from "@/lib/imports/records";
import { fixture } from "./helpers";
import { describePublic } from "../../../support/public-fixtures";
import { generatedFixtures } from "../../../support/import-fixtures";
import { ANDROIDLAB_RUN } from "../../../support/import-fixtures/androidlab";

const parsers = [androidLabParser, webVoyagerParser, uiVenusTraceParser];

const inputs: [string, ParserInput, string | null][] = [
  ["androidlab run root", { root: fixture("androidlab-run"), file: null }, "androidlab"],
  ["androidlab run-name dir", { root: fixture("androidlab-run", "logs", "evaluation", "gpt4o-xml-synthetic"), file: null }, "androidlab"],
  ["androidlab logs/evaluation dir", { root: fixture("androidlab-run", "logs", "evaluation"), file: null }, "androidlab"],
  ["webvoyager results", { root: fixture("webvoyager"), file: null }, "webvoyager"],
  ["webvoyager single task folder", { root: fixture("webvoyager", "taskGitHub--0"), file: null }, "webvoyager"],
  ["ui-venus trace folder", { root: fixture("ui-venus", "trace"), file: null }, "ui-venus-trace"],
  ["ui-venus trace file", { root: fixture("ui-venus"), file: "trace/trace.json" }, "ui-venus-trace"],
  ["ui-venus grounding file", { root: fixture("ui-venus"), file: "grounding_meta_format.json" }, null],
  ["screenspot-pro results", { root: fixture("screenspot-pro-results"), file: "qwen2vl-sample.json" }, null],
];

async function claimedBy(input: ParserInput): Promise<string[]> {
  const claimed: string[] = [];
  for (const parser of parsers) if (await parser.detect(input)) claimed.push(parser.id);
  return claimed;
}

describePublic("detect on the public fixtures", () => {
  it.each(inputs)("%s", async (_name, input, expected) => {
    expect(await claimedBy(input)).toEqual(expected ? [expected] : []);
  });
});

// The same layouts, generated: [name, path under the generated tree, file, expected parser].
const generated: [string, string[], string | null, string | null][] = [
  ["androidlab run root", ["androidlab-run"], null, "androidlab"],
  ["androidlab run-name dir", ["androidlab-run", "logs", "evaluation", ANDROIDLAB_RUN], null, "androidlab"],
  ["androidlab logs/evaluation dir", ["androidlab-run", "logs", "evaluation"], null, "androidlab"],
  ["webvoyager results", ["webvoyager"], null, "webvoyager"],
  ["webvoyager single task folder", ["webvoyager", "taskArXiv--2"], null, "webvoyager"],
  ["ui-venus trace folder", ["ui-venus", "trace"], null, "ui-venus-trace"],
  ["ui-venus trace file", ["ui-venus"], "trace/trace.json", "ui-venus-trace"],
  // The examples folder holds the trace in a subfolder beside two other formats: no directory claim.
  ["ui-venus examples folder", ["ui-venus"], null, null],
  ["ui-venus grounding file", ["ui-venus"], "grounding_meta_format.json", null],
];

describe("detect on generated layouts", () => {
  it.each(generated)("%s", async (_name, parts, file, expected) => {
    const root = path.join(await generatedFixtures(), ...parts);
    expect(await claimedBy({ root, file })).toEqual(expected ? [expected] : []);
  });
});
