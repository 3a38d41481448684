// Signs each role in once through the real form and keeps the session for the specs.
import { expect, test as setup } from "@playwright/test";
import { readSeed, storageStatePath, type E2eRole } from "./seed-file";

const roles: E2eRole[] = ["owner", "admin", "reviewer", "annotator", "outsider"];

for (const role of roles) {
  setup(`sign in as ${role}`, async ({ page }) => {
    const user = readSeed().users[role]!;
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Projects" })).toBeVisible();
    await page.context().storageState({ path: storageStatePath(role) });
  });
}
