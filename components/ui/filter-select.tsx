"use client";
// One filter of a GET filter form: "any" or one of the options.
import { useT } from "@/components/i18n/i18n-provider";

type Props = { name: string; label: string; value: string | undefined; options: [string, string][] };

export function FilterSelect({ name, label, value, options }: Props) {
  const t = useT();
  return (
    <label className="flex flex-col text-xs font-medium text-slate-600">
      {label}
      <select name={name} defaultValue={value ?? ""} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-normal text-slate-900">
        <option value="">{t("filter.any")}</option>
        {options.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
      </select>
    </label>
  );
}

export const sameOptions = (values: string[]): [string, string][] => values.map((v) => [v, v]);
