// Each trajectory parser claims its own fixture and none of the others'.
import { describe, expect, it } from "vitest";
import { androidLabParser } from "@/lib/imports/formats/trajectories/androidlab";
import { uiVenusTraceParser } from "@/lib/imports/formats/trajectories/ui-venus-trace";
import { webVoyagerParser } from "@/lib/imports/formats/trajectories/webvoyager";
import type { ParserInput } from "@/lib/imports/records";
import { fixture } from "./helpers";

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

describe("detect", () => {
  it.each(inputs)("%s", async (_name, input, expected) => {
    const claimed: string[] = [];
    for (const parser of parsers) if (await parser.detect(input)) claimed.push(parser.id);
    expect(claimed).toEqual(expected ? [expected] : []);
  });
});
