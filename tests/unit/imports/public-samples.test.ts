// The new importers on public samples, when ../shared/fixtures holds them (the generated
// fixtures in tests/support/fixtures cover every layout without them). Facts checked here
// were read off the samples themselves:
//   - agentlab-test-study/: ServiceNow/AgentLab tests/data/test_study @ 69cd8930e1dca6893899aef3002c5b2342e0f5d2,
//     two experiments; one has summary_info.json (n_steps 10, no screenshots kept), both exp_args.pkl;
//     no study files (result_df, summary_df, error_report: only Study.get_results writes them);
//   - seeact-mind2web/queries.jsonl: OSU-NLP-Group/SeeAct data/examples/textual_choice/
//     725d96cd-9283-4ec7-b902-d003503f2d6b_c69cbea4-7231-42f7-b5fc-e0fac8f781e9/queries.jsonl @ 2434627b196b33d1b0668a418188dd2f348883bb,
//     Mind2Web rows (one action, repeated per SeeAct choice batch) with 468 candidates on a 1280x7411.7 page.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { agentLabParser } from "@/lib/imports/formats/agentlab/agentlab";
import { mind2webParser } from "@/lib/imports/formats/mind2web/mind2web";
import { collect, fixture, rejections, trajectories } from "./trajectories/helpers";

const samples = { agentlab: fixture("agentlab-test-study"), seeact: fixture("seeact-mind2web") };
for (const [name, dir] of Object.entries(samples)) {
  if (!existsSync(dir)) console.log(`public sample ${name} skipped: ${path.relative(process.cwd(), dir)} is absent`);
}

describe.skipIf(!existsSync(samples.agentlab))("AgentLab's own test study", () => {
  it("imports the experiment with a summary, refuses both exp_args.pkl, and reports the one with nothing readable", async () => {
    const items = await collect(agentLabParser.parse({ root: samples.agentlab, file: null }));
    const [trajectory] = trajectories(items);
    expect(trajectories(items)).toHaveLength(1);
    expect(trajectory).toMatchObject({ model: "GenericAgent", groupKey: "miniwob.ascending-numbers_64", autoOutcome: null, sourceReward: 0 });
    expect(trajectory!.steps).toHaveLength(10);
    const refused = rejections(items);
    expect(refused.filter((r) => r.location.file.endsWith("exp_args.pkl"))).toHaveLength(2);
    expect(refused.filter((r) => r.reason.includes("nothing readable without unpickling"))).toHaveLength(1);
    // Without study files there is nothing to cross-check, and the report says so; nothing else is left unnamed.
    const notes = items.filter((i) => i.type === "note");
    expect(notes.map((n) => n.reason)).toEqual([expect.stringMatching(/^no result_df or summary_df .*without a cross-check$/)]);
    expect(items.filter((i) => i.type === "figure_difference")).toEqual([]);
  });
});

describe.skipIf(!existsSync(samples.seeact))("SeeAct's Mind2Web example rows", () => {
  it("reads the click on the labelled button in page coordinates with every candidate kept", async () => {
    const items = await collect(mind2webParser.parse({ root: samples.seeact, file: "queries.jsonl" }));
    const [trajectory] = trajectories(items);
    expect(trajectory!.steps[0]!.action).toEqual({ type: "click", x: 633.5, y: 623.59375, element: [587, 596.59375, 680, 650.59375] });
    const extras = (trajectory!.extra as { steps: { candidates: unknown[]; pageSize: unknown }[] }).steps;
    expect(extras[0]).toMatchObject({ pageSize: { width: 1280, height: 7411.703125 } });
    expect(extras[0]!.candidates).toHaveLength(468);
  });
});
