"use client";
// The Users page's list of placeholder accounts: the people imported labels name (an
// AgentRewardBench annotator, an e-mail in a Verity JSONL file), with what they hold, and the
// two ways an owner says who they are: link to an existing user (their work moves there) or
// make a user of the placeholder.
import { useState } from "react";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { Frame } from "@/components/ui/frame";
import { convertPlaceholderAction, linkPlaceholderAction } from "@/lib/actions/placeholders";
import { formatDateTime } from "@/lib/i18n/format";
import type { Translate } from "@/lib/i18n/translate";

type Placeholder = {
  id: string;
  name: string;
  annotations: number;
  names: { source: string; externalName: string; project: { slug: string; name: string } }[];
  suggestedUserId: string | null;
  /** Members of the placeholder's projects: linking anyone else needs "link anyway". */
  memberIds: string[];
};
type Linked = { id: string; source: string; externalName: string; linkedAt: Date; project: { slug: string; name: string }; user: { id: string; name: string; email: string } };
type Props = { placeholders: Placeholder[]; linked: Linked[]; users: { id: string; email: string; name: string }[] };

const answers = (t: Translate, n: number) => (n === 1 ? t("placeholders.answerOne") : t("placeholders.answerMany", { count: n }));
const nameIn = (t: Translate, n: { source: string; externalName: string; project: { name: string } }) =>
  t("placeholders.nameIn", { name: n.externalName, source: n.source, project: n.project.name });

function Row({ p, users }: { p: Placeholder; users: Props["users"] }) {
  const t = useT();
  const suggested = users.find((u) => u.id === p.suggestedUserId);
  const [chosen, setChosen] = useState(suggested?.id ?? "");
  const members = users.filter((u) => p.memberIds.includes(u.id));
  const others = users.filter((u) => !p.memberIds.includes(u.id));
  const outsider = chosen !== "" && !p.memberIds.includes(chosen);
  const projects = [...new Set(p.names.map((n) => n.project.name))].join(", ");
  const option = (u: Props["users"][number]) => (
    <option key={u.id} value={u.id}>{u.name} ({u.email}){u.id === suggested?.id ? t("placeholders.sameEmail") : ""}</option>
  );
  return (
    <tr>
      <td className="p-3 align-top">
        <div className="font-medium">{p.name}</div>
        <ul className="text-slate-600">
          {p.names.map((n) => (
            <li key={`${n.project.slug}-${n.source}-${n.externalName}`}>
              {nameIn(t, n)}
            </li>
          ))}
        </ul>
        <div className="text-slate-600">{answers(t, p.annotations)}</div>
      </td>
      <td className="space-y-3 p-3 align-top">
        <ActionForm action={linkPlaceholderAction} label={t("placeholders.linkLabel", { name: p.name })} submitLabel={t("placeholders.link")} variant="plain" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="placeholderId" value={p.id} />
          <label className="flex flex-col text-sm font-medium text-slate-700">
            {t("placeholders.existingUser")}
            <select name="userId" value={chosen} onChange={(e) => setChosen(e.target.value)} className="mt-1 max-w-xs rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base font-normal text-slate-900">
              <option value="">{t("placeholders.chooseUser")}</option>
              {members.length > 0 && <optgroup label={t("placeholders.membersOf", { projects })}>{members.map(option)}</optgroup>}
              {others.length > 0 && <optgroup label={t("placeholders.notMembers", { projects })}>{others.map(option)}</optgroup>}
            </select>
          </label>
          {outsider && (
            <label className="flex max-w-sm items-start gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="link-non-member">
              <input type="checkbox" name="confirmNonMember" className="mt-1" required />
              <span>{t("placeholders.linkAnyway", { projects })}</span>
            </label>
          )}
        </ActionForm>
        <ActionForm action={convertPlaceholderAction} label={t("placeholders.makeLabel", { name: p.name })} submitLabel={t("placeholders.make")} variant="plain" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="placeholderId" value={p.id} />
          <Field label={t("placeholders.newEmail")} name="email" type="email" required className="w-56" defaultValue={p.names.find((n) => n.externalName.includes("@") && !suggested)?.externalName} />
          <Field label={t("placeholders.name")} name="name" required maxLength={200} className="w-44" />
        </ActionForm>
      </td>
    </tr>
  );
}

function LinkedList({ linked }: { linked: Linked[] }) {
  const t = useT();
  const locale = useLocale();
  if (linked.length === 0) return null;
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold">{t("placeholders.linkedTitle")}</h3>
      <ul className="divide-y divide-slate-100 text-sm" aria-label={t("placeholders.linkedLabel")}>
        {linked.map((l) => (
          <li key={l.id} className="py-1.5">
            <Frame locale={locale} message="placeholders.linkedIs" values={{ imported: nameIn(t, l), user: <span className="font-medium">{l.user.name}</span>, email: l.user.email }} />
            <span className="text-slate-500">{t("placeholders.since", { when: formatDateTime(locale, l.linkedAt) })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PlaceholderTable({ placeholders, linked, users }: Props) {
  const t = useT();
  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-5" aria-label={t("placeholders.label")}>
      <div>
        <h2 className="font-semibold">{t("placeholders.title")}</h2>
        <p className="text-sm text-slate-600">{t("placeholders.intro")}</p>
      </div>
      {placeholders.length === 0 ? (
        <p className="text-sm text-slate-600">
          {linked.length ? t("placeholders.noneLeft") : t("placeholders.none")}
        </p>
      ) : (
        <table className="w-full text-sm">
          <thead className="bg-slate-100 text-left text-slate-700">
            <tr>
              <th className="w-2/5 p-3">{t("placeholders.placeholder")}</th>
              <th className="p-3">{t("placeholders.who")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {placeholders.map((p) => <Row key={p.id} p={p} users={users} />)}
          </tbody>
        </table>
      )}
      <LinkedList linked={linked} />
    </section>
  );
}
