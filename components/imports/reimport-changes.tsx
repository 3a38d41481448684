"use client";
// What a re-import did to reviewed work, in the import report: verdicts revised (each a new
// revision, overrides carried over), machine verdicts whose value changed under a reviewer's
// override (the override stays in force until a reviewer confirms or withdraws it), and
// verified items whose inputs changed at the source (reopened, or kept as verified).
import Link from "next/link";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import type { FormatReport, VerdictChange } from "@/lib/imports/write/report";
import type { InputChange } from "@/lib/domain/verified-inputs";

const where = (r: { file: string; line: number | null }) => `${r.file}${r.line ? `:${r.line}` : ""}`;

function itemHref(slug: string | undefined, owner: { itemType: "sample" | "trajectory"; itemId: string } | undefined) {
  if (!slug || !owner) return null;
  return `/projects/${slug}/${owner.itemType === "sample" ? "samples" : "trajectories"}/${owner.itemId}`;
}

function valueText(t: Translate, locale: Locale, value: VerdictChange["from"]) {
  if (value === null) return t("imports.report.nothing");
  if (typeof value === "boolean") return value ? t("imports.report.verdictTrue") : t("imports.report.verdictFalse");
  return formatNumber(locale, value, { maximumFractionDigits: 6 });
}

export function inputChangeText(t: Translate, change: InputChange): string {
  if (change.field === "step_action") return t("sourceChange.field.step_action", { step: change.step + 1 });
  if (change.field === "step_screenshot") return t("sourceChange.field.step_screenshot", { step: change.step + 1 });
  return t(`sourceChange.field.${change.field}`);
}

function ItemLink({ href, text }: { href: string | null; text: string }) {
  return href ? <Link href={href} className="font-medium text-blue-800 hover:underline">{text}</Link> : <span className="font-medium">{text}</span>;
}

export function ReimportChanges({ report, slug }: { report: FormatReport; slug?: string }) {
  const t = useT();
  const locale = useLocale();
  const revised = report.revised;
  const verdictChanges = report.verdictChanges ?? [];
  const sourceChanges = report.sourceChanges ?? [];
  const reopened = sourceChanges.filter((c) => c.action === "reopened").length;
  return (
    <>
      {revised && revised.verdicts + revised.predictions > 0 && (
        <p className="text-sm text-slate-700">{t("imports.report.revised", { verdicts: revised.verdicts, predictions: revised.predictions })}</p>
      )}
      {verdictChanges.length > 0 && (
        <details open className="rounded-md border border-amber-300 bg-white">
          <summary className="cursor-pointer p-3 text-sm font-medium text-amber-900">{t("imports.report.verdictChanges", { count: report.verdictChangeCount ?? verdictChanges.length })}</summary>
          <ul className="max-h-64 divide-y divide-slate-100 overflow-auto text-sm">
            {verdictChanges.map((v, i) => (
              <li key={i} className="px-3 py-1.5">
                <span className="font-mono text-xs text-slate-600">{where(v)}</span>{" "}
                <ItemLink href={itemHref(slug, v.owner)} text={v.item} />{" "}
                <span>{t("imports.report.verdictChange", { judge: v.judge, metric: v.metric, from: valueText(t, locale, v.from), to: valueText(t, locale, v.to), override: valueText(t, locale, v.override) })}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {sourceChanges.length > 0 && (
        <details open className="rounded-md border border-amber-300 bg-white">
          <summary className="cursor-pointer p-3 text-sm font-medium text-amber-900">
            {reopened > 0
              ? t("imports.report.sourceChangesReopened", { count: report.sourceChangeCount ?? sourceChanges.length })
              : t("imports.report.sourceChangesKept", { count: report.sourceChangeCount ?? sourceChanges.length })}
          </summary>
          <ul className="max-h-64 divide-y divide-slate-100 overflow-auto text-sm">
            {sourceChanges.map((c, i) => (
              <li key={i} className="px-3 py-1.5">
                <span className="font-mono text-xs text-slate-600">{where(c)}</span>{" "}
                <ItemLink href={itemHref(slug, { itemType: c.itemType, itemId: c.itemId })} text={c.item} />{" "}
                <span className="text-slate-700">{c.fields.map((f) => inputChangeText(t, f)).join(", ")}</span>{" "}
                <span className="text-slate-500">({c.action === "reopened" ? t("imports.report.actionReopened") : t("imports.report.actionKept")})</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
