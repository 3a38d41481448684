"use client";

import { ActionForm } from "@/components/ui/action-form";
import { endSessionsAction, resetPasswordAction, setUserDisabledAction } from "@/lib/actions/users";

type Props = { user: { id: string; email: string; disabled: boolean }; isSelf: boolean };

export function UserRowActions({ user, isSelf }: Props) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <ActionForm action={resetPasswordAction} label={`Reset password of ${user.email}`} submitLabel="Reset password" variant="plain" className="flex flex-wrap items-center justify-end gap-2">
        <input type="hidden" name="email" value={user.email} />
      </ActionForm>
      {!isSelf && (
        <ActionForm action={endSessionsAction} label={`End the sessions of ${user.email}`} submitLabel="Sign out everywhere" variant="plain" className="flex flex-wrap items-center justify-end gap-2">
          <input type="hidden" name="userId" value={user.id} />
        </ActionForm>
      )}
      {!isSelf && (
        <ActionForm action={setUserDisabledAction} label={`${user.disabled ? "Enable" : "Disable"} ${user.email}`}
          submitLabel={user.disabled ? "Enable" : "Disable"} variant={user.disabled ? "plain" : "danger"} className="flex flex-wrap items-center justify-end gap-2">
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="disabled" value={user.disabled ? "false" : "true"} />
        </ActionForm>
      )}
    </div>
  );
}
