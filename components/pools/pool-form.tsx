"use client";
// Creating or changing a pool. The choices follow one another: the kind decides the profiles
// (frameworks) on offer, the profile the image modes, the kind the templates, the template
// the conventions and targets; filters are the pool's selection. The server validates
// everything again (PoolInputSchema, the same as the CLI) and names what is wrong.
import { useEffect, useRef, useState } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import { conventionLabel, imageModeLabel, kindLabel, profileLabel, templateLabel } from "@/components/pools/pool-labels";
import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { PoolFilterFields } from "@/components/pools/pool-filter-fields";
import { createPoolAction, updatePoolAction } from "@/lib/actions/pools";
import { type ConventionId } from "@/lib/exports/conventions/coordinate-conventions";
import { GROUNDING_TEMPLATES, NAVIGATION_TEMPLATES, TEMPLATES, type TemplateId } from "@/lib/exports/conventions/prompt-templates";
import {
  GROUNDING_KINDS,
  IMAGE_MODES_BY_PROFILE,
  KINDS_WITH_IMAGES,
  NAVIGATION_KINDS,
  POOL_KINDS,
  PROFILES_BY_KIND,
  type PoolKind,
  type PoolSettings,
  type ProfileId,
} from "@/lib/pools/pool-definition";

type Initial = { name: string; kind: PoolKind; profile: string; targetType: string; targetUri: string; imageMode: string; settings: PoolSettings };

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

const pick = <T extends string>(value: string, allowed: readonly T[]): T => (allowed.includes(value as T) ? (value as T) : allowed[0]!);

function PoolFields({ initial, poolRoots, runs, isEdit }: { initial: Initial; poolRoots: string[]; runs: Props["runs"]; isEdit: boolean }) {
  const t = useT();
  const [kind, setKind] = useState<PoolKind>(initial.kind);
  const [profile, setProfile] = useState<string>(initial.profile);
  const [imageMode, setImageMode] = useState<string>(initial.imageMode);
  const [template, setTemplate] = useState<string>(initial.settings.template ?? "");
  const [convention, setConvention] = useState<string>(initial.settings.convention ?? "");
  const [targetType, setTargetType] = useState(initial.targetType);
  // A new pool's directory follows its name under the first pool root until it is typed in.
  const [targetUri, setTargetUri] = useState(initial.targetUri);
  const [isTargetTyped, setTargetTyped] = useState(isEdit || initial.targetUri !== "");
  const suggestTarget = (name: string) => {
    if (!isTargetTyped && targetType === "local" && poolRoots[0]) setTargetUri(name ? `${poolRoots[0]}/${name}` : "");
  };
  const profiles: readonly ProfileId[] = PROFILES_BY_KIND[kind];
  const chosenProfile = pick(profile, profiles);
  const hasImages = KINDS_WITH_IMAGES.includes(kind);
  const modes = IMAGE_MODES_BY_PROFILE[chosenProfile].filter((m) => m !== "absolute" || targetType === "local");
  const chosenMode = pick(imageMode, modes);
  const grounding = GROUNDING_KINDS.includes(kind);
  const templates: readonly TemplateId[] = grounding ? GROUNDING_TEMPLATES : NAVIGATION_TEMPLATES;
  const chosenTemplate = pick(template, templates);
  const conventions = TEMPLATES[chosenTemplate].conventions;
  const chosenConvention = pick<ConventionId>(convention, conventions);
  const targets = TEMPLATES[chosenTemplate].targets ?? [];
  const example = targetType === "s3" ? "s3://training-data/pools/grounding" : `${poolRoots[0] ?? "/srv/pools"}/grounding`;
  return (
    <>
      <div className="flex flex-wrap items-end gap-4">
        <Field label={t("pools.form.name")} name="name" required maxLength={63} defaultValue={initial.name} onChange={(e) => suggestTarget(e.target.value)} placeholder="grounding-main" pattern="[a-z0-9][a-z0-9._\-]*" title={t("pools.form.nameRule")} className="w-56" />
        <Select label={t("pools.form.kind")} name="kind" value={kind} disabled={isEdit} onChange={isEdit ? undefined : (v) => setKind(v as PoolKind)} options={POOL_KINDS.map((k) => [k, kindLabel(t, k)])} />
        <Select label={t("pools.form.profile")} name="profile" value={chosenProfile} onChange={setProfile} options={profiles.map((p) => [p, profileLabel(t, p)])} />
        {hasImages && <Select label={t("pools.form.images")} name="imageMode" value={chosenMode} onChange={setImageMode} options={modes.map((m) => [m, imageModeLabel(t, m)])} />}
      </div>
      {hasImages && (
        <div className="flex flex-wrap items-end gap-4">
          <Select label={t("pools.form.template")} name="settings.template" value={chosenTemplate} onChange={setTemplate} options={templates.map((id) => [id, templateLabel(t, id)])} />
          <Select label={t("pools.coordinates")} name="settings.convention" value={chosenConvention} onChange={setConvention} options={conventions.map((c) => [c, conventionLabel(t, c)])} />
          {grounding && targets.length > 0 && <Select label={t("pools.form.answer")} name="settings.target" value={initial.settings.target && targets.includes(initial.settings.target) ? initial.settings.target : targets[0]!} options={targets.map((target) => [target, target === "point" ? t("pools.form.point") : t("pools.form.box")])} />}
          {NAVIGATION_KINDS.includes(kind) && TEMPLATES[chosenTemplate].thoughtsInHistory && (
            <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
              <input type="checkbox" name="settings.historyThoughts" value="omit" defaultChecked={initial.settings.historyThoughts === "omit"} /> {t("pools.form.historyThoughtsOmit")}
            </label>
          )}
          {chosenProfile === "ms-swift" && kind === "grounding" && (
            <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
              <input type="checkbox" name="settings.swiftObjects" defaultChecked={initial.settings.swiftObjects === true} /> {t("pools.form.swiftObjectsBefore")}<code className="font-mono">objects</code>{t("pools.form.swiftObjectsAfter")}
            </label>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-end gap-4">
        <Select label={t("pools.form.target")} name="targetType" value={targetType} onChange={(type) => { setTargetType(type); if (!isTargetTyped) setTargetUri(""); }} options={[["local", t("pools.form.local")], ["s3", t("pools.form.s3")]]} />
        <Field label={targetType === "s3" ? t("pools.form.bucket") : t("pools.form.directory")} name="targetUri" required maxLength={1000} value={targetUri}
          onChange={(e) => { setTargetUri(e.target.value); setTargetTyped(true); }} placeholder={example} className="min-w-96 flex-1" />
        {chosenProfile === "verl" && <Field label={t("pools.form.dataSource")} name="settings.dataSource" defaultValue={initial.settings.dataSource ?? ""} placeholder={`verity_${kind}`} maxLength={100} className="w-56" />}
        {kind === "evaluation" && (
          <Select label={t("pools.form.run")} name="settings.runId" value={initial.settings.runId ?? ""} options={[["", t("pools.form.everyRun")], ...runs.map((r): [string, string] => [r.id, r.name])]} />
        )}
      </div>
      {kind !== "evaluation" && <PoolFilterFields key={kind} kind={kind} filters={initial.settings.filters} />}
      {targetType === "local" && poolRoots.length > 0 && (
        <p className="text-xs text-slate-600">{t("pools.form.rootsBefore")}{poolRoots.map((r, i) => <span key={r}>{i > 0 && t("pools.form.rootsOr")}<code className="font-mono">{r}</code></span>)}{t("pools.form.rootsAfter")}</p>
      )}
    </>
  );
}

// ActionForm resets the form after a successful submit (form.reset()): the DOM goes back to
// each field's default, but a controlled select would then show its first option while its
// state kept the old choice, and the next submit would send that first option. So the fields
// are drawn afresh from `initial` whenever their form is reset.
function PoolFieldsFreshAfterReset(props: Parameters<typeof PoolFields>[0]) {
  const [generation, setGeneration] = useState(0);
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const form = marker.current?.closest("form");
    if (!form) return;
    const onReset = () => setGeneration((g) => g + 1);
    form.addEventListener("reset", onReset);
    return () => form.removeEventListener("reset", onReset);
  }, []);
  return (
    <>
      <span ref={marker} hidden />
      <PoolFields key={generation} {...props} />
    </>
  );
}

export function NewPoolForm({ projectId, poolRoots, runs }: Props) {
  const t = useT();
  // A new pool leaves out the discard tier, as a visible filter the admin can untick (issue 36
  // item 6: default grounding pools included discard-tier rows with nothing on the row saying so).
  const initial: Initial = { name: "", kind: "grounding", profile: "ms-swift", targetType: "local", targetUri: "", imageMode: "copy", settings: { filters: { tier: ["gold", "rewrite", "unscored"] } } };
  return (
    <ActionForm action={createPoolAction} label={t("pools.new")} submitLabel={t("pools.form.create")} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <input type="hidden" name="projectId" value={projectId} />
      <PoolFieldsFreshAfterReset initial={initial} poolRoots={poolRoots} runs={runs} isEdit={false} />
    </ActionForm>
  );
}

export function EditPoolForm({ projectId, poolId, initial, poolRoots, runs }: Props & { poolId: string; initial: Initial }) {
  const t = useT();
  return (
    <ActionForm action={updatePoolAction} label={t("pools.form.edit", { name: initial.name })} submitLabel={t("pools.form.save")} className="space-y-4">
      <input type="hidden" name="projectId" value={projectId} />
      <input type="hidden" name="poolId" value={poolId} />
      <PoolFieldsFreshAfterReset initial={initial} poolRoots={poolRoots} runs={runs} isEdit />
    </ActionForm>
  );
}
