import { forbidden } from "next/navigation";
import { CreateUserForm } from "@/components/admin/create-user-form";
import { PlaceholderTable } from "@/components/admin/placeholder-table";
import { UserTable } from "@/components/admin/user-table";
import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { getT, titled } from "@/lib/i18n/server";
import { listUsers } from "@/lib/users/users";
import { listLinkedAnnotators, listPlaceholders } from "@/lib/users/placeholders";

export const generateMetadata = titled("shell.users");

export default async function UsersPage() {
  const user = await requireUser();
  if (!user.isOwner) forbidden();
  const { t } = await getT();
  const [users, placeholders, linked] = await Promise.all([listUsers(db()), listPlaceholders(db()), listLinkedAnnotators(db())]);
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">{t("shell.users")}</h1>
        <p className="text-sm text-slate-600">
          {t("users.intro")}
        </p>
      </div>
      <CreateUserForm />
      <UserTable users={users} currentUserId={user.id} />
      <PlaceholderTable placeholders={placeholders} linked={linked} users={users.map((u) => ({ id: u.id, email: u.email, name: u.name }))} />
    </div>
  );
}
