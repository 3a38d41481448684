"use client";

import { useT } from "@/components/i18n/i18n-provider";
import { ActionForm } from "@/components/ui/action-form";
import { endSessionsAction, resetPasswordAction, setUserDisabledAction } from "@/lib/actions/users";

type Props = { user: { id: string; email: string; disabled: boolean }; isSelf: boolean };

export function UserRowActions({ user, isSelf }: Props) {
  const t = useT();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <ActionForm action={resetPasswordAction} label={t("users.resetPasswordOf", { email: user.email })} submitLabel={t("users.resetPassword")} variant="plain" className="flex flex-wrap items-center justify-end gap-2">
        <input type="hidden" name="email" value={user.email} />
      </ActionForm>
      {!isSelf && (
        <ActionForm action={endSessionsAction} label={t("users.endSessionsOf", { email: user.email })} submitLabel={t("shell.signOutEverywhere")} variant="plain" className="flex flex-wrap items-center justify-end gap-2">
          <input type="hidden" name="userId" value={user.id} />
        </ActionForm>
      )}
      {!isSelf && (
        <ActionForm action={setUserDisabledAction} label={t(user.disabled ? "users.enableNamed" : "users.disableNamed", { email: user.email })}
          submitLabel={user.disabled ? t("users.enable") : t("users.disable")} variant={user.disabled ? "plain" : "danger"} className="flex flex-wrap items-center justify-end gap-2">
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="disabled" value={user.disabled ? "false" : "true"} />
        </ActionForm>
      )}
    </div>
  );
}
