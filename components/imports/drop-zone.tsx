"use client";

import { useState } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import { collectDropped, collectInput, type PickedFile } from "@/components/imports/collect-dropped-files";

export function DropZone({ onFiles, disabled }: { onFiles: (files: PickedFile[]) => void; disabled: boolean }) {
  const [over, setOver] = useState(false);
  const t = useT();
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={async (e) => {
        e.preventDefault();
        setOver(false);
        if (!disabled) onFiles(await collectDropped(e.dataTransfer.items));
      }}
      className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-8 text-center ${over ? "border-blue-500 bg-blue-50" : "border-slate-300 bg-white"}`}
    >
      <p className="font-medium">{t("import.drop")}</p>
      <p className="text-sm text-slate-600">{t("import.dropHint")}</p>
      <div className="flex gap-3 text-sm">
        <label className="cursor-pointer rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50">
          {t("import.chooseFiles")}
          <input type="file" multiple className="sr-only" disabled={disabled} onChange={(e) => e.target.files && onFiles(collectInput(e.target.files))} />
        </label>
        <label className="cursor-pointer rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50">
          {t("import.chooseFolder")}
          <input
            type="file"
            className="sr-only"
            disabled={disabled}
            {...({ webkitdirectory: "" } as Record<string, string>)}
            onChange={(e) => e.target.files && onFiles(collectInput(e.target.files))}
          />
        </label>
      </div>
    </div>
  );
}
