import Link from "next/link";

export default function NotFound() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <p className="text-sm font-medium text-slate-500">404</p>
      <h1 className="text-2xl font-semibold">Not found</h1>
      <p className="max-w-md text-slate-600">This page does not exist, or it belongs to a project you are not a member of.</p>
      <Link href="/projects" className="text-blue-700 hover:underline">Back to your projects</Link>
    </main>
  );
}
