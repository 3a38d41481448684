"use client";
// The box editor without server rendering: Konva needs a browser, and next/dynamic with
// ssr:false is only allowed in a client file. The skeleton takes the editor's size (toolbar,
// 70vh canvas, status bar) so that the page does not jump when the canvas arrives.
import dynamic from "next/dynamic";

export function BoxEditorSkeleton() {
  return (
    <div data-testid="box-editor-loading" aria-busy="true" className="overflow-hidden rounded-lg border border-slate-300 bg-white">
      <div className="h-[2.875rem] border-b border-slate-200" />
      <div className="flex h-[70vh] min-h-80 items-center justify-center bg-slate-700">
        <p className="animate-pulse text-sm text-slate-200">Loading the box editor…</p>
      </div>
      <div className="h-7 border-t border-slate-200" />
    </div>
  );
}

export const BoxEditorLazy = dynamic(
  () => import("@/components/editor/box-editor").then((m) => m.BoxEditor),
  { ssr: false, loading: BoxEditorSkeleton },
);
