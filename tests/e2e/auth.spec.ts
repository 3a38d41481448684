import { expect, test } from "@playwright/test";
import { readSeed } from "./seed-file";

test.describe("signing in and out", () => {
  test("the owner signs in, sees the demo project, and signs out", async ({ page }) => {
    const { owner } = readSeed().users;
    await page.goto("/projects/demo");
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
    await page.getByLabel("E-mail").fill(owner!.email);
    await page.getByLabel("Password").fill(owner!.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Demo: phone settings and shopping" })).toBeVisible();
    await expect(page.getByText("Grounding samples", { exact: true })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/project-home.png", fullPage: true });

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto("/projects");
    await expect(page).toHaveURL(/\/login/);
  });

  test("a wrong password and an unknown e-mail get the same message and no session", async ({ page }) => {
    const { admin } = readSeed().users;
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(admin!.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toHaveText("Wrong e-mail or password.");
    await page.screenshot({ path: "test-results/screens/login-error.png" });

    await page.getByLabel("E-mail").fill("nobody@e2e.test");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toHaveText("Wrong e-mail or password.");
    await page.goto("/projects");
    await expect(page).toHaveURL(/\/login/);
  });

  // Refused attempts count nothing, so this ends by the lockout at the latest; the progressive
  // waits and the lockout of one address and e-mail only are in security-sign-in.spec.ts.
  test("repeated wrong passwords are slowed down, and the form says how long to wait", async ({ page }) => {
    const { locked } = readSeed().users;
    await page.goto("/login");
    const alert = page.getByRole("form", { name: "Sign in" }).getByRole("alert");
    let answer = "";
    for (let attempt = 0; attempt < 12 && !answer.startsWith("Too many"); attempt++) {
      await page.getByLabel("E-mail").fill(locked!.email);
      await page.getByLabel("Password").fill(`guess-${attempt}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(alert).toHaveText(/Wrong e-mail or password\.|Too many sign-in attempts/);
      answer = (await alert.textContent()) ?? "";
    }
    expect(answer).toMatch(/^Too many sign-in attempts\. Wait (\d+ seconds?|a few minutes) and try again\.$/);
    await page.screenshot({ path: "test-results/screens/login-slowed.png" });
  });

  test("after sign-in a callback to another site is ignored", async ({ page }) => {
    const { reviewer } = readSeed().users;
    await page.goto("/login?callbackUrl=https%3A%2F%2Fevil.example%2Fphish");
    await page.getByLabel("E-mail").fill(reviewer!.email);
    await page.getByLabel("Password").fill(reviewer!.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/projects$/);
  });
});
