import type { Metadata } from "next";
import Link from "next/link";
import { HoneypotAccuracyList } from "@/components/queues/honeypot-accuracy-list";
import { HoneypotTable } from "@/components/queues/honeypot-table";
import { db } from "@/lib/db";
import { projectPageAccess } from "@/lib/projects/page-access";
import { honeypotAccuracy } from "@/lib/queues/honeypot-accuracy";
import { listHoneypots } from "@/lib/queues/honeypots";

type Props = { params: Promise<{ slug: string }> };

export const metadata: Metadata = { title: "Honeypots" };

export default async function HoneypotsPage({ params }: Props) {
  const { slug } = await params;
  const { project } = await projectPageAccess(slug, "admin");
  const [rows, accuracy] = await Promise.all([listHoneypots(db(), project.id), honeypotAccuracy(db(), project.id)]);
  return (
    <div className="space-y-4">
      <Link href={`/projects/${slug}/queues`} className="text-sm text-blue-700 hover:underline">← Queues of {project.name}</Link>
      <h1 className="text-2xl font-semibold">Honeypots of {project.name}</h1>
      <p className="max-w-3xl text-sm text-slate-600">
        Items with a known answer, mixed into new queues at each queue&apos;s honeypot rate. Annotators cannot tell them apart; each one&apos;s answers are graded against the known answer.
      </p>
      <section aria-label="Accuracy" className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <h2 className="mb-1 font-semibold">Accuracy per annotator</h2>
        <HoneypotAccuracyList accuracy={accuracy} label="Honeypot accuracy per annotator" />
      </section>
      <HoneypotTable projectId={project.id} slug={slug} rows={rows} />
    </div>
  );
}
