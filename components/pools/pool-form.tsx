"use client";
// Creating or changing a pool. The choices follow the kind (its formats, whether it has
// images, its settings); the server validates everything again and names what is wrong.
import { useState } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { createPoolAction, updatePoolAction } from "@/lib/actions/pools";
import { FORMAT_LABELS, FORMATS_BY_KIND, KIND_LABELS, KINDS_WITH_IMAGES, POOL_KINDS, type PoolFormat, type PoolKind } from "@/lib/pools/pool-definition";

type Initial = { name: string; kind: PoolKind; format: string; targetType: string; targetUri: string; imageMode: string; settings: { dataSource?: string; runId?: string } };

type Props = { projectId: string; poolRoots: string[]; runs: { id: string; name: string }[] };

const SELECT = "mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base font-normal text-slate-900 disabled:bg-slate-100";

function Select({ label, name, value, onChange, options, disabled }: { label: string; name: string; value: string; onChange?: (v: string) => void; options: [string, string][]; disabled?: boolean }) {
  return (
    <label className="flex flex-col text-sm font-medium text-slate-700">
      {label}
      {/* Controlled where other fields follow the choice, otherwise left to the browser. */}
      <select name={disabled ? undefined : name} {...(onChange ? { value, onChange: (e) => onChange(e.target.value) } : { defaultValue: value })} disabled={disabled} className={SELECT}>
        {options.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
      </select>
      {disabled && <input type="hidden" name={name} value={value} />}
    </label>
  );
}

function PoolFields({ initial, poolRoots, runs, isEdit }: { initial: Initial; poolRoots: string[]; runs: Props["runs"]; isEdit: boolean }) {
  const [kind, setKind] = useState<PoolKind>(initial.kind);
  const formats: readonly PoolFormat[] = FORMATS_BY_KIND[kind];
  const [format, setFormat] = useState<string>(initial.format);
  const [targetType, setTargetType] = useState(initial.targetType);
  const chosenFormat = formats.includes(format as PoolFormat) ? format : formats[0]!;
  const example = targetType === "s3" ? "s3://training-data/pools/grounding" : `${poolRoots[0] ?? "/srv/pools"}/grounding`;
  return (
    <>
      <div className="flex flex-wrap items-end gap-4">
        <Field label="Name" name="name" required maxLength={63} defaultValue={initial.name} placeholder="grounding-main" pattern="[a-z0-9][a-z0-9._\-]*" title="lowercase letters, digits, '.', '_' and '-'" className="w-56" />
        <Select label="Kind" name="kind" value={kind} disabled={isEdit} onChange={isEdit ? undefined : (v) => setKind(v as PoolKind)} options={POOL_KINDS.map((k) => [k, KIND_LABELS[k]])} />
        <Select label="Format" name="format" value={chosenFormat} onChange={setFormat} options={formats.map((f) => [f, FORMAT_LABELS[f]])} />
        {KINDS_WITH_IMAGES.includes(kind) && (
          <Select label="Images" name="imageMode" value={initial.imageMode} options={[["copy", "copy into each snapshot"], ["reference", "reference the media store"]]} />
        )}
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <Select label="Target" name="targetType" value={targetType} onChange={setTargetType} options={[["local", "local directory"], ["s3", "S3 bucket and prefix"]]} />
        <Field label={targetType === "s3" ? "Bucket and prefix" : "Directory (absolute path)"} name="targetUri" required maxLength={1000} defaultValue={initial.targetUri} placeholder={example} className="min-w-96 flex-1" />
        {chosenFormat === "verl_parquet" && <Field label="verl data_source" name="settings.dataSource" defaultValue={initial.settings.dataSource ?? ""} placeholder="verity_grounding" maxLength={100} className="w-56" />}
        {kind === "evaluation" && (
          <Select label="Run" name="settings.runId" value={initial.settings.runId ?? ""} options={[["", "every run"], ...runs.map((r): [string, string] => [r.id, r.name])]} />
        )}
      </div>
      {targetType === "local" && poolRoots.length > 0 && (
        <p className="text-xs text-slate-600">Local directories must be inside {poolRoots.map((r, i) => <span key={r}>{i > 0 && " or "}<code className="font-mono">{r}</code></span>)}; the operator adds more with VERITY_POOL_ROOTS.</p>
      )}
    </>
  );
}

export function NewPoolForm({ projectId, poolRoots, runs }: Props) {
  const initial: Initial = { name: "", kind: "grounding", format: "swift_jsonl", targetType: "local", targetUri: "", imageMode: "copy", settings: {} };
  return (
    <ActionForm action={createPoolAction} label="New pool" submitLabel="Create pool" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <input type="hidden" name="projectId" value={projectId} />
      <PoolFields initial={initial} poolRoots={poolRoots} runs={runs} isEdit={false} />
    </ActionForm>
  );
}

export function EditPoolForm({ projectId, poolId, initial, poolRoots, runs }: Props & { poolId: string; initial: Initial }) {
  return (
    <ActionForm action={updatePoolAction} label={`Edit ${initial.name}`} submitLabel="Save pool" className="space-y-4">
      <input type="hidden" name="projectId" value={projectId} />
      <input type="hidden" name="poolId" value={poolId} />
      <PoolFields initial={initial} poolRoots={poolRoots} runs={runs} isEdit />
    </ActionForm>
  );
}
