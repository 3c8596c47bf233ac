import { expect, test } from "../admin.ts";

// The `operator` fixture other admin specs start from: set up over HTTP, the session cookie in the browser.
test("an operator from the fixture opens the console signed in", async ({ page, operator }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText(operator.email).first()).toBeAttached();
});
