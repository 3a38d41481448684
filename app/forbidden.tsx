import Link from "next/link";

export default function Forbidden() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <p className="text-sm font-medium text-slate-500">403</p>
      <h1 className="text-2xl font-semibold">Not allowed</h1>
      <p className="max-w-md text-slate-600">Your role in this project does not give access to this screen. A project admin can change your role.</p>
      <Link href="/projects" className="text-blue-700 hover:underline">Back to your projects</Link>
    </main>
  );
}
