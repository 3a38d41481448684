import type { InputHTMLAttributes } from "react";

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string };

export function Field({ label, className, ...input }: Props) {
  return (
    <label className={`flex flex-col text-sm font-medium text-slate-700 ${className ?? ""}`}>
      {label}
      <input {...input} className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-base font-normal text-slate-900" />
    </label>
  );
}
