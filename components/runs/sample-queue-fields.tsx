// The queue a sample's round goes into, as the "New queue" form asks for one: who works it,
// how many people answer each episode, the lease, and the share of honeypots mixed in.
import { useT } from "@/components/i18n/i18n-provider";
import { Field } from "@/components/ui/field";
import { roleLabel } from "@/lib/i18n/labels";

export type QueueMemberOption = { id: string; name: string; email: string; role: string };

export function SampleQueueFields({ members, defaultHoneypotPercent }: { members: QueueMemberOption[]; defaultHoneypotPercent: number }) {
  const t = useT();
  return (
    <>
      <div className="flex flex-wrap items-end gap-4">
        <Field label={t("sample.overlap")} name="overlap" type="number" min={1} max={10} defaultValue={1} required className="w-52" />
        <Field label={t("sample.lease")} name="leaseMinutes" type="number" min={1} max={1440} defaultValue={15} required className="w-36" />
        <Field label={t("sample.honeypots")} name="honeypotPercent" type="number" min={0} max={90} step={1} defaultValue={defaultHoneypotPercent} required className="w-44" />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">{t("sample.members")}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1">
          {members.map((m) => (
            <label key={m.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="memberIds" value={m.id} />
              {m.name} <span className="text-slate-500">{m.email} · {roleLabel(t, m.role)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
