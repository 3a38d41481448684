"use client";

import { useT } from "@/components/i18n/i18n-provider";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useT();
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold">{t("error.title")}</h1>
      <p className="max-w-md text-slate-600">{t("error.body")}</p>
      {error.digest && <p className="font-mono text-xs text-slate-500">{t("error.reference", { digest: error.digest })}</p>}
      <button type="button" onClick={reset} className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50">{t("error.retry")}</button>
    </main>
  );
}
