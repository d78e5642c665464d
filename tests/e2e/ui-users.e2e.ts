/**
 * Users page and user modal: validation messages, create with permissions, debounced search,
 * profile image upload, edit, delete confirmation, infinite scroll, and the profile dialog of a plain user.
 */
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, apiLogin, BASE_URL } from "./helpers/server";
import { uid } from "./helpers/users";

test.use({ locale: "en-US" });

// 1x1 PNG
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

async function adminPage(page: Page) {
  await page.goto("/login");
  await page.locator("input[name=email]").fill(ADMIN.email);
  await page.locator("input[name=password]").fill(ADMIN.password);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-users").click();
  await expect(page.getByTestId("users-table")).toBeVisible();
}

test("create, search, edit with a profile image, and delete a user", async ({ page }) => {
  await adminPage(page);
  const tag = uid();
  await page.getByTestId("users-add").click();
  const modal = page.getByTestId("user-modal");
  await expect(modal).toBeVisible();
  // a new user's default working hours
  await expect(modal.locator("input[name=startWork]")).toHaveValue("00:00");
  await expect(modal.locator("input[name=endWork]")).toHaveValue("23:59");

  await page.getByTestId("user-save").click();
  await expect(modal.getByText("Required")).toHaveCount(3);
  await modal.locator("input[name=name]").fill("A");
  await modal.locator("input[name=email]").fill("bad-email");
  await modal.locator("input[name=password]").fill("123");
  await page.getByTestId("user-save").click();
  await expect(modal.getByText("Too Short!")).toHaveCount(2);
  await expect(modal.getByText("Invalid email")).toBeVisible();
  await modal.locator("input[name=name]").fill("x".repeat(51));
  await page.getByTestId("user-save").click();
  await expect(modal.getByText("Too Long!")).toBeVisible();

  await modal.locator("input[name=name]").fill(`Agent ${tag}`);
  await modal.locator("input[name=email]").fill(`agent-${tag}@e2e.local`);
  await modal.locator("input[name=password]").fill("Agent123!");
  await page.getByTestId("tab-permissions").click();
  await modal.getByText("See the dashboard").click();
  await page.getByTestId("user-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "User saved successfully." })).toBeVisible();
  await expect(modal).toHaveCount(0);

  // debounced search (500 ms)
  await page.getByTestId("users-search").fill(tag);
  await expect(page.getByTestId("user-row").filter({ hasNotText: tag })).toHaveCount(0);
  await expect(page.getByTestId("user-row")).toHaveCount(1);
  await expect(page.getByTestId("user-row")).toContainText(`agent-${tag}@e2e.local`);

  // edit: the permission set above is loaded; change the name and upload a picture
  await page.getByTestId("user-edit").click();
  await expect(modal.locator("input[name=name]")).toHaveValue(`Agent ${tag}`);
  await page.getByTestId("tab-permissions").click();
  await expect(modal.getByRole("checkbox", { name: "See the dashboard" })).toBeChecked();
  await page.getByTestId("tab-general").click();
  await modal.locator("input[name=name]").fill(`Renamed ${tag}`);
  await page.getByTestId("profile-image-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await page.getByTestId("user-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "User saved successfully." }).first()).toBeVisible();
  await expect(page.getByTestId("user-row")).toContainText(`Renamed ${tag}`);
  await expect(page.getByTestId("user-row").locator("img")).toHaveCount(1);

  // delete with confirmation
  await page.getByTestId("user-delete").click();
  const confirm = page.getByTestId("confirmation-dialog");
  await expect(confirm).toContainText(`Renamed ${tag}`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "User deleted successfully." })).toBeVisible();
  await expect(page.getByTestId("user-row")).toHaveCount(0);
});

test("the users table loads the next page near its bottom (20 a page)", async ({ page, request }) => {
  const { token } = await apiLogin(request);
  const tag = uid();
  for (let i = 0; i < 25; i++) {
    const res = await request.post(`${BASE_URL}/api/users`, {
      data: { name: `Bulk ${tag} ${String(i).padStart(2, "0")}`, email: `bulk-${tag}-${i}@e2e.local`, password: "Bulk1234!", profile: "user" },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
  await page.setViewportSize({ width: 1280, height: 700 });
  await adminPage(page);
  // Wait for the debounced search's own answer: before it, an empty (loading) table or the unfiltered first page could
  // pass the row checks below, and the scroll would then load the unfiltered list's next page.
  const searched = page.waitForResponse((r) => r.url().includes("/api/users?") && r.url().includes(encodeURIComponent(tag)));
  await page.getByTestId("users-search").fill(`Bulk ${tag}`);
  await searched;
  // only the 25 users of this run, the first 20 of them loaded
  await expect(page.getByTestId("user-row")).toHaveCount(20);
  await expect(page.getByTestId("user-row").filter({ hasNotText: tag })).toHaveCount(0);
  await page.getByTestId("users-table-scroller").evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(page.getByTestId("user-row")).toHaveCount(25);
});

test("a plain user edits their own profile from the avatar menu, without the permissions tab", async ({ page, request }) => {
  const { token } = await apiLogin(request);
  const tag = uid();
  const email = `self-${tag}@e2e.local`;
  const res = await request.post(`${BASE_URL}/api/users`, {
    data: { name: "Self Editor", email, password: "Self1234!", profile: "user" },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBeLessThan(300);
  await page.goto("/login");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill("Self1234!");
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("user-menu").click();
  await page.getByTestId("menu-profile").click();
  const modal = page.getByTestId("user-modal");
  await expect(modal.locator("input[name=name]")).toHaveValue("Self Editor");
  await expect(page.getByTestId("tab-permissions")).toHaveCount(0);
  await expect(modal.getByText("Profile", { exact: true })).toHaveCount(0);
  await modal.locator("input[name=name]").fill("Self Edited");
  await page.getByTestId("user-save").click();
  await expect(page.getByTestId("toast").filter({ hasText: "User saved successfully." })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("topbar")).toContainText("Hello Self Edited");
});
