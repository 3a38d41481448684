"use server";
// Project-admin actions of the model connections screen: add, change, delete and test a
// connection, each with its audit row (lib/models/connections/audited-connections.ts, shared with
// the v1 API and the CLI). The API key goes from the form straight to the library, which seals
// it; no result, audit row or message of these actions holds it (the audit says only whether it
// changed).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { formFields, type ActionResult } from "@/lib/actions/result";
import { runAction } from "@/lib/actions/run-action";
import { RowIdSchema } from "@/lib/ids/row-id-shape";
import { addConnectionAs, changeConnectionAs, removeConnectionAs, testConnectionAs } from "@/lib/models/connections/audited-connections";
import type { ConnectionTestResult } from "@/lib/models/connections/test-connection";

const ProjectIds = z.object({ projectId: RowIdSchema });
const ConnectionIds = ProjectIds.extend({ connectionId: RowIdSchema });

export async function createModelConnectionAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const fields = formFields(form);
    const { projectId } = ProjectIds.parse(fields);
    const access = await requireRole(projectId, "admin");
    const connection = await addConnectionAs(db(), { userId: access.user.id, projectId }, fields);
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("models.created", { name: connection.name }) };
  });
}

export async function updateModelConnectionAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const fields = formFields(form);
    const { projectId, connectionId } = ConnectionIds.parse(fields);
    const access = await requireRole(projectId, "admin");
    const connection = await changeConnectionAs(db(), { userId: access.user.id, projectId }, connectionId, fields);
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("models.saved", { name: connection.name }) };
  });
}

export async function deleteModelConnectionAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const { projectId, connectionId } = ConnectionIds.parse(formFields(form));
    const access = await requireRole(projectId, "admin");
    const connection = await removeConnectionAs(db(), { userId: access.user.id, projectId }, connectionId);
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("models.deleted", { name: connection.name }) };
  });
}

/** A test that ran (whatever the server answered, or if it did not) carries its outcome. */
export type TestModelConnectionResult = { ok: true; message: string; test: ConnectionTestResult } | (ActionResult & { ok: false });

export async function testModelConnectionAction(input: { projectId: string; connectionId: string }): Promise<TestModelConnectionResult> {
  return runAction(async (t) => {
    const { projectId, connectionId } = ConnectionIds.parse(input);
    const access = await requireRole(projectId, "admin");
    const test = await testConnectionAs(db(), { userId: access.user.id, projectId }, connectionId);
    revalidatePath("/projects", "layout");
    return { ok: true as const, message: t(test.ok ? "models.testAnswered" : "models.testFailed"), test };
  });
}
