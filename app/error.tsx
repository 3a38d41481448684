"use client";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-slate-600">
        The server could not finish this page. Nothing you saved was lost. If the database is unavailable (restarting, or the
        network to it is down), try again in a moment; the server log says why.
      </p>
      {error.digest && <p className="font-mono text-xs text-slate-500">reference {error.digest}</p>}
      <button type="button" onClick={reset} className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50">Try again</button>
    </main>
  );
}
