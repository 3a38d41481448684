// What one import reads: every format found in a folder (one unit each, and a folder a
// directory format claims is not looked into again), nothing that the upload machinery
// itself wrote (the zip marker), and the files that match no format listed.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverUnits } from "@/lib/imports/import-units";
import { prepareInput } from "@/lib/imports/import-input";
import { buildZip } from "./sources/zip-fixtures";
import { generatedFixtures, tempDir } from "../../support/import-fixtures";
import { writeWebVoyagerResults } from "../../support/import-fixtures/webvoyager";
import { writeUiVenusExamples } from "../../support/import-fixtures/ui-venus";

const summary = (units: Awaited<ReturnType<typeof discoverUnits>>["units"]) => units.map((u) => [u.parser.id, u.input.file ?? u.base]);

describe("discoverUnits", () => {
  it("finds the three formats of the UI-Venus examples folder, the trace in its subfolder", async () => {
    const { units, unrecognised } = await discoverUnits(path.join(await generatedFixtures(), "ui-venus"));
    expect(summary(units)).toEqual([
      ["screenspot-pro", "grounding_meta_format.json"],
      ["grounding-results", "grounding_result_format.json"],
      ["ui-venus-trace", "trace"],
    ]);
    expect(unrecognised).toEqual([]);
  });

  it("finds a WebVoyager results folder deep in a repository, and lists the JSON it does not read", async () => {
    const repo = await tempDir();
    await writeWebVoyagerResults(path.join(repo, "results", "examples"));
    await mkdir(path.join(repo, "data"));
    await writeFile(path.join(repo, "data", "GAIA_web.jsonl"), `${JSON.stringify({ web_name: "x", id: "x--0", ques: "?", web: "https://x" })}\n`);
    const { units, unrecognised } = await discoverUnits(repo);
    expect(summary(units)).toEqual([["webvoyager", "results/examples"]]);
    expect(units[0]!.locationPrefix).toBe("results/examples");
    expect(unrecognised).toEqual(["data/GAIA_web.jsonl"]);
  });

  it("reads every format of a folder of several: a run folder, a records file and a trace side by side", async () => {
    const root = await tempDir();
    await writeUiVenusExamples(path.join(root, "venus"));
    await writeWebVoyagerResults(path.join(root, "web"));
    await writeFile(path.join(root, "records.jsonl"), `${JSON.stringify({ type: "sample", id: "a", image: null, image_size: [10, 10], instruction: "x", box: [1, 1, 5, 5] })}\n`);
    const { units } = await discoverUnits(root);
    expect(summary(units)).toEqual([
      ["verity-jsonl", "records.jsonl"],
      ["screenspot-pro", "venus/grounding_meta_format.json"],
      ["grounding-results", "venus/grounding_result_format.json"],
      ["webvoyager", "web"],
      ["ui-venus-trace", "venus/trace"],
    ]);
  });

  it("falls back to images alone only when there is nothing else", async () => {
    const root = await tempDir();
    await writeFile(path.join(root, "a.png"), Buffer.from("not read"));
    expect(summary((await discoverUnits(root)).units)).toEqual([["images", ""]]);
  });
});

describe("prepareInput on a zip", () => {
  it("keeps the marker of what the archive refused outside the unpacked tree, so no phantom records file appears", async () => {
    const dir = await tempDir();
    const line = JSON.stringify({ type: "sample", id: "z", image: null, image_size: [10, 10], instruction: "x", box: [1, 1, 5, 5] });
    await writeFile(path.join(dir, "upload.zip"), await buildZip([{ name: "records.jsonl", data: `${line}\n` }]));
    const scratch = path.join(dir, ".unpacked");
    for (let i = 0; i < 2; i++) {
      // The preview and then the job prepare the same upload.
      const prepared = await prepareInput(path.join(dir, "upload.zip"), scratch);
      expect(prepared.units.map((u) => [u.parser.id, u.input.file])).toEqual([["verity-jsonl", "records.jsonl"]]);
      expect(prepared.unrecognisedFiles).toEqual([]);
      expect(prepared.refusedFiles).toEqual([]);
      await prepared.close();
    }
  });
});
