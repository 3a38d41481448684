"use client";
// A form bound to a server action that returns an ActionResult: shows the pending state,
// the error (with what was wrong) or the success message, and a one-time secret if any.
import { useActionState, type ReactNode } from "react";
import type { ActionResult } from "@/lib/actions/result";

type Props = {
  action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
  children: ReactNode;
  submitLabel: string;
  className?: string;
  label: string;
  variant?: "primary" | "danger" | "plain";
  // Keep what was typed and chosen after the action ran. React resets a form after its action
  // (form.reset(), next/dist/compiled/react-dom/cjs/react-dom-client.production.js:10984-10996
  // in Next 16.4.6), which puts a CONTROLLED select back on its first option in the DOM while
  // its state still names the choice: the next submit then sends the first option. Forms whose
  // fields follow one another (the pool form) cancel that reset.
  keepValues?: boolean;
};

const BUTTON_STYLES = {
  primary: "bg-blue-700 text-white hover:bg-blue-800",
  danger: "border border-red-300 text-red-700 hover:bg-red-50",
  plain: "border border-slate-300 text-slate-800 hover:bg-slate-50",
};

export function ActionForm({ action, children, submitLabel, className, label, variant = "primary", keepValues = false }: Props) {
  const [result, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} aria-label={label} className={className} onReset={keepValues ? (e) => e.preventDefault() : undefined}>
      {children}
      <button type="submit" disabled={pending}
        className={`rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-60 ${BUTTON_STYLES[variant]}`}>
        {pending ? "Working…" : submitLabel}
      </button>
      {result && !result.ok && (
        <p role="alert" className="basis-full text-sm text-red-700">{result.error}</p>
      )}
      {result?.ok && (
        <p role="status" className="basis-full text-sm text-emerald-800">
          {result.message}
          {result.secret && <code className="ml-2 rounded bg-slate-100 px-2 py-0.5 font-mono text-slate-900 select-all">{result.secret}</code>}
        </p>
      )}
    </form>
  );
}
