/**
 * Web app: login, signup, roles, theme/language persistence, 'accessed elsewhere'.
 * Runs against the shared server of playwright.config.ts (dist/multi100, admin of helpers/server.ts).
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import pkg from "../../package.json" with { type: "json" };
import { ADMIN, apiLogin, BASE_URL } from "./helpers/server";
import { uid } from "./helpers/users";

test.use({ locale: "en-US" });

async function uiLogin(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(password);
  await page.getByTestId("login-submit").click();
}

async function createUser(request: APIRequestContext, body: Record<string, unknown>) {
  const { token } = await apiLogin(request);
  const res = await request.post(`${BASE_URL}/api/users`, { data: body, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

test("the first admin logs in and lands on /tickets", async ({ page }) => {
  await uiLogin(page, ADMIN.email.toUpperCase(), ADMIN.password); // the email is lowercased
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId("app-drawer")).toBeVisible();
  await expect(page.getByTestId("version-label")).toHaveText(`v.${pkg.version}`);
});

test("a wrong password shows the translated error", async ({ page }) => {
  await uiLogin(page, ADMIN.email, "WrongPass1!");
  await expect(page.getByTestId("toast").filter({ hasText: "Authentication error. Please try again." })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("a weak password opens the 'insecure password' dialog that can log in anyway", async ({ page }) => {
  await uiLogin(page, ADMIN.email, "abc");
  await expect(page.getByTestId("strength-meter")).toHaveAttribute("data-score", "1");
  const dialog = page.getByTestId("insecure-password-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Log in anyway" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Authentication error" })).toBeVisible();
});

test("a private route remembers where the visitor came from", async ({ page }) => {
  await page.goto("/users");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fusers/);
  await page.locator("input[name=email]").fill(ADMIN.email);
  await page.locator("input[name=password]").fill(ADMIN.password);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByTestId("users-table")).toBeVisible();
  // a public-only route sends an authenticated visitor to /, which is the inbox while there is no dashboard
  await page.goto("/login");
  await expect(page).toHaveURL(`${BASE_URL}/tickets`);
});

async function setSignup(request: APIRequestContext, value: "enabled" | "disabled") {
  const { token } = await apiLogin(request);
  const res = await request.put(`${BASE_URL}/api/settings/userCreation`, {
    data: { key: "userCreation", value },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

test("the signup link shows only while signup is enabled", async ({ page, request }) => {
  await setSignup(request, "disabled");
  await page.goto("/login");
  await expect(page.getByTestId("login-form")).toBeVisible();
  await expect(page.getByRole("link", { name: "Recuperar contraseña" })).toBeVisible();
  await expect(page.getByTestId("signup-link")).toHaveCount(0);
});

test("signup creates a company whose admin logs in", async ({ page, request }) => {
  await setSignup(request, "enabled");
  test.info().annotations.push({ type: "cleanup", description: "signup is disabled again at the end" });
  try {
    await signupFlow(page);
  } finally {
    await setSignup(request, "disabled");
  }
});

async function signupFlow(page: Page) {
  await page.goto("/login");
  await page.getByTestId("signup-link").click();
  await expect(page).toHaveURL(/\/signup$/);
  const email = `owner-${uid()}@signup.test`;
  await page.getByTestId("signup-submit").click();
  await expect(page.getByText("Required").first()).toBeVisible();
  await page.locator("input[name=name]").fill("O");
  await page.locator("input[name=email]").fill("not-an-email");
  await page.getByTestId("signup-submit").click();
  await expect(page.getByText("Too Short!")).toBeVisible();
  await expect(page.getByText("Invalid email")).toBeVisible();
  await page.locator("input[name=name]").fill("Owner Person");
  await page.locator("input[name=companyName]").fill(`Company ${uid()}`);
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill("Owner123!");
  await page.locator("input[name=phone]").fill("5511999999999");
  await page.getByRole("combobox", { name: "Plan" }).click();
  await page.getByRole("option").first().click();
  await page.getByTestId("signup-submit").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Company created!" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await uiLogin(page, email, "Owner123!");
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId("menu-users")).toBeVisible();
}

test("a plain user sees no admin items and gets the no-access view on /users", async ({ page, request }) => {
  const email = `agent-${uid()}@e2e.local`;
  await createUser(request, { name: "Plain Agent", email, password: "Agent123!", profile: "user" });
  await uiLogin(page, email, "Agent123!");
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId("menu-tickets")).toBeVisible();
  for (const item of ["users", "queues", "settings", "connections", "companies", "dashboard", "financeiro"]) {
    await expect(page.getByTestId(`menu-${item}`)).toHaveCount(0);
  }
  await page.goto("/users");
  await expect(page.getByTestId("no-access")).toBeVisible();
  await expect(page.getByTestId("users-table")).toHaveCount(0);
});

test("theme and language persist across a reload", async ({ page, request }) => {
  const email = `prefs-${uid()}@e2e.local`;
  await createUser(request, { name: "Prefs User", email, password: "Prefs123!", profile: "user" });
  await uiLogin(page, email, "Prefs123!");
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  // The URL changes before the login page unmounts, and the login page has a theme toggle of its own that saves nothing.
  await expect(page.getByTestId("user-menu")).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().includes("/api/users/") && r.request().method() === "PUT");
  await page.getByTestId("theme-toggle").click();
  expect((await saved).status()).toBeLessThan(300);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

  await page.getByTestId("user-menu").click();
  await page.getByTestId("language-pt").click();
  await expect(page.getByTestId("menu-tickets")).toHaveText("Atendimentos");

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByTestId("menu-tickets")).toHaveText("Atendimentos");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
});

test("a second login in another browser logs the first out with the spec's message", async ({ page, browser, request }) => {
  const email = `twice-${uid()}@e2e.local`;
  await createUser(request, { name: "Twice User", email, password: "Twice123!", profile: "user" });
  await uiLogin(page, email, "Twice123!");
  await expect(page).toHaveURL(/\/tickets$/);
  // wait until the socket is open (the presence ping marks the user online)
  await page.waitForTimeout(1000);

  const other = await browser.newContext({ locale: "en-US" });
  const page2 = await other.newPage();
  await uiLogin(page2, email, "Twice123!");
  await expect(page2).toHaveURL(/\/tickets$/);

  await expect(page.getByText("Sua conta foi acessada em outro computador.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/, { timeout: 10_000 });
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  await other.close();
});
