// One filter of a GET filter form: "any" or one of the options.
import { AnyOption } from "@/components/ui/any-option";

type Props = { name: string; label: string; value: string | undefined; options: [string, string][] };

export function FilterSelect({ name, label, value, options }: Props) {
  return (
    <label className="flex flex-col text-xs font-medium text-slate-600">
      {label}
      {/* Named by the label alone: a wrapping label's name would also take in every option's text
          (a "Review" select listing "Source changed" would answer to "Source"). */}
      <select name={name} aria-label={label} defaultValue={value ?? ""} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-normal text-slate-900">
        <AnyOption />
        {options.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
      </select>
    </label>
  );
}

export const sameOptions = (values: string[]): [string, string][] => values.map((v) => [v, v]);
