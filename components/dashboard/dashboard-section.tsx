import type { ReactNode } from "react";

// One card: a heading, a line saying what is counted, and the figure or a sentence saying
// why there is none yet.
export function DashboardSection({ title, note, isEmpty, empty, children, wide = false }: {
  title: string;
  note: string;
  isEmpty: boolean;
  empty: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className={`rounded-lg border border-slate-200 bg-white p-4 ${wide ? "lg:col-span-2" : ""}`}>
      <h2 className="font-semibold">{title}</h2>
      <p className="mb-3 text-xs text-slate-500">{note}</p>
      {isEmpty ? <p className="py-6 text-center text-sm text-slate-600">{empty}</p> : children}
    </section>
  );
}
