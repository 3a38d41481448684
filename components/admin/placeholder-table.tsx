"use client";
// The Users page's list of placeholder accounts: the people imported labels name (an
// AgentRewardBench annotator, an e-mail in a Verity JSONL file), with what they hold, and the
// two ways an owner says who they are: link to an existing user (their work moves there) or
// make a user of the placeholder.
import { ActionForm } from "@/components/ui/action-form";
import { Field } from "@/components/ui/field";
import { convertPlaceholderAction, linkPlaceholderAction } from "@/lib/actions/placeholders";

type Placeholder = {
  id: string;
  name: string;
  annotations: number;
  names: { source: string; externalName: string; project: { slug: string; name: string } }[];
  suggestedUserId: string | null;
};
type Linked = { id: string; source: string; externalName: string; linkedAt: Date; project: { slug: string; name: string }; user: { id: string; name: string; email: string } };
type Props = { placeholders: Placeholder[]; linked: Linked[]; users: { id: string; email: string; name: string }[] };

const answers = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "answer" : "answers"}`;

function Row({ p, users }: { p: Placeholder; users: Props["users"] }) {
  const suggested = users.find((u) => u.id === p.suggestedUserId);
  return (
    <tr>
      <td className="p-3 align-top">
        <div className="font-medium">{p.name}</div>
        <ul className="text-slate-600">
          {p.names.map((n) => (
            <li key={`${n.project.slug}-${n.source}-${n.externalName}`}>
              “{n.externalName}” in {n.source} labels, project {n.project.name}
            </li>
          ))}
        </ul>
        <div className="text-slate-600">{answers(p.annotations)}</div>
      </td>
      <td className="space-y-3 p-3 align-top">
        <ActionForm action={linkPlaceholderAction} label={`Link ${p.name} to a user`} submitLabel="Link" variant="plain" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="placeholderId" value={p.id} />
          <label className="flex flex-col text-sm font-medium text-slate-700">
            Is this existing user
            <select name="userId" defaultValue={suggested?.id ?? ""} className="mt-1 max-w-xs rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base font-normal text-slate-900">
              <option value="">choose a user…</option>
              {users.map((u) => (
                <option key={u.id} value={u.id}>{u.name} ({u.email}){u.id === suggested?.id ? " — same e-mail" : ""}</option>
              ))}
            </select>
          </label>
        </ActionForm>
        <ActionForm action={convertPlaceholderAction} label={`Make ${p.name} a user`} submitLabel="Make a user" variant="plain" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="placeholderId" value={p.id} />
          <Field label="or a new user: e-mail" name="email" type="email" required className="w-56" defaultValue={p.names.find((n) => n.externalName.includes("@") && !suggested)?.externalName} />
          <Field label="Name" name="name" required maxLength={200} className="w-44" />
        </ActionForm>
      </td>
    </tr>
  );
}

function LinkedList({ linked }: { linked: Linked[] }) {
  if (linked.length === 0) return null;
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold">Imported names that are people now</h3>
      <ul className="divide-y divide-slate-100 text-sm" aria-label="Linked imported annotators">
        {linked.map((l) => (
          <li key={l.id} className="py-1.5">
            “{l.externalName}” in {l.source} labels, project {l.project.name}, is <span className="font-medium">{l.user.name}</span> ({l.user.email})
            <span className="text-slate-500"> · since {l.linkedAt.toISOString().slice(0, 16).replace("T", " ")} UTC</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PlaceholderTable({ placeholders, linked, users }: Props) {
  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-5" aria-label="Placeholder accounts">
      <div>
        <h2 className="font-semibold">Placeholder accounts</h2>
        <p className="text-sm text-slate-600">
          Imported labels are the answers of the people who gave them; until you say who they are, each one has a placeholder that
          cannot sign in. Linking a placeholder to a user moves its answers, and the final answers credited to it, to that user.
        </p>
      </div>
      {placeholders.length === 0 ? (
        <p className="text-sm text-slate-600">
          {linked.length ? "None left: every imported name is linked to a person." : "None: importing labels from another tool (AgentRewardBench annotations, Verity JSONL annotation lines) creates them."}
        </p>
      ) : (
        <table className="w-full text-sm">
          <thead className="bg-slate-100 text-left text-slate-700">
            <tr>
              <th className="w-2/5 p-3">Placeholder</th>
              <th className="p-3">Who it is</th>
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
