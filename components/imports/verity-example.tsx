// The import screen's worked example of Verity JSONL: a line of each type, the folder or zip
// layout its paths point into, and the links to download it as a template and to the schema.
import { Frame } from "@/components/ui/frame";
import { getT } from "@/lib/i18n/server";
import { VERITY_EXAMPLE_LAYOUT, VERITY_EXAMPLE_LINES } from "@/lib/imports/formats/verity/verity-example";

export async function VerityExample() {
  const { t, locale } = await getT();
  const code = (text: string) => <code className="font-mono">{text}</code>;
  return (
    <details className="rounded-lg border border-slate-200 bg-white text-sm">
      <summary className="cursor-pointer p-3 font-medium">{t("imports.example.summary")}</summary>
      <div className="space-y-3 border-t border-slate-200 p-3">
        <p className="text-slate-700">
          <Frame locale={locale} message="imports.example.intro" values={{ type: code("type"), box: code("[x1, y1, x2, y2]"), coords: code("coords") }} />{" "}
          <a className="font-medium text-blue-800 hover:underline" href="/api/schemas/verity-import?example=jsonl" download>{t("imports.example.download")}</a>
          {" · "}
          <a className="font-medium text-blue-800 hover:underline" href="/api/schemas/verity-import" target="_blank" rel="noreferrer">{t("imports.example.schema")}</a>
        </p>
        <pre className="max-h-72 overflow-auto rounded bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100" aria-label={t("imports.example.lines")}>
          {VERITY_EXAMPLE_LINES.map((line) => JSON.stringify(line)).join("\n")}
        </pre>
        <p className="text-slate-700">{t("imports.example.paths")}</p>
        <pre className="overflow-auto rounded bg-slate-100 p-3 font-mono text-xs leading-relaxed text-slate-800" aria-label={t("imports.example.layout")}>{VERITY_EXAMPLE_LAYOUT}</pre>
      </div>
    </details>
  );
}
