// The import screen's worked example of Verity JSONL: a line of each type, the folder or zip
// layout its paths point into, and the links to download it as a template and to the schema.
import { VERITY_EXAMPLE_LAYOUT, VERITY_EXAMPLE_LINES } from "@/lib/imports/formats/verity/verity-example";

export function VerityExample() {
  return (
    <details className="rounded-lg border border-slate-200 bg-white text-sm">
      <summary className="cursor-pointer p-3 font-medium">Verity JSONL: a worked example, a template and the layout of a zip</summary>
      <div className="space-y-3 border-t border-slate-200 p-3">
        <p className="text-slate-700">
          One JSON object per line, each with a <code className="font-mono">type</code>. Coordinates are pixels of the screenshot, boxes{" "}
          <code className="font-mono">[x1, y1, x2, y2]</code>, unless a line&apos;s <code className="font-mono">coords</code> says otherwise.{" "}
          <a className="font-medium text-blue-800 hover:underline" href="/api/schemas/verity-import?example=jsonl" download>Download this example as a template</a>
          {" · "}
          <a className="font-medium text-blue-800 hover:underline" href="/api/schemas/verity-import" target="_blank" rel="noreferrer">the JSON Schema of every field</a>
        </p>
        <pre className="max-h-72 overflow-auto rounded bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100" aria-label="Example lines">
          {VERITY_EXAMPLE_LINES.map((line) => JSON.stringify(line)).join("\n")}
        </pre>
        <p className="text-slate-700">Paths are relative to the import&apos;s root: the folder you drop, or the root of the zip.</p>
        <pre className="overflow-auto rounded bg-slate-100 p-3 font-mono text-xs leading-relaxed text-slate-800" aria-label="Zip layout">{VERITY_EXAMPLE_LAYOUT}</pre>
      </div>
    </details>
  );
}
