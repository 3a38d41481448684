import { describe, expect, it } from "vitest";
import { jsonlChunk } from "@/lib/exports/build/export-context";

describe("jsonlChunk", () => {
  it("writes each row as its JSON text and a newline, text that only looks like a buffer included", () => {
    const rows = [{ id: "s1", messages: [{ role: "user", content: 'say "type":"Buffer" here' }], solution: '{"type":"Buffer"}' }, { id: "s2", n: null }];
    expect(jsonlChunk(rows)).toBe(`${JSON.stringify(rows[0])}\n${JSON.stringify(rows[1])}\n`);
  });

  it("writes bytes (a Buffer, or an object shaped as one) as base64", () => {
    const line = jsonlChunk([{ id: "s1", image: Buffer.from("png"), nested: { raw: { type: "Buffer", data: [104, 105] } } }]);
    expect(JSON.parse(line)).toEqual({ id: "s1", image: "cG5n", nested: { raw: "aGk=" } });
  });
});
