"use client";
// A form bound to a server action that returns an ActionResult: shows the pending state,
// the error (with what was wrong) or the success message, and a one-time secret if any.
// A refused submission keeps what was typed (React resets a form after its action, so the
// action is dispatched from onSubmit instead, and the form is reset only on success).
import { startTransition, useActionState, useRef, type FormEvent, type ReactNode } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import type { ActionResult } from "@/lib/actions/result";

type Props = {
  action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
  children: ReactNode;
  submitLabel: string;
  className?: string;
  label: string;
  variant?: "primary" | "danger" | "plain";
};

const BUTTON_STYLES = {
  primary: "bg-blue-700 text-white hover:bg-blue-800",
  danger: "border border-red-300 text-red-700 hover:bg-red-50",
  plain: "border border-slate-300 text-slate-800 hover:bg-slate-50",
};

export function ActionForm({ action, children, submitLabel, className, label, variant = "primary" }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const t = useT();
  const [result, formAction, pending] = useActionState(async (previous: ActionResult | null, data: FormData) => {
    const next = await action(previous, data);
    if (next.ok) form.current?.reset();
    return next;
  }, null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    startTransition(() => formAction(data));
  };
  return (
    <form ref={form} action={formAction} onSubmit={submit} aria-label={label} className={className}>
      {children}
      <button type="submit" disabled={pending}
        className={`whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-60 ${BUTTON_STYLES[variant]}`}>
        {pending ? t("common.working") : submitLabel}
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
