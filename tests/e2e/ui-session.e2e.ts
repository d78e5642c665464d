/**
 * Web app against a server of its own: the password reset with the code from the server log
 * (no SMTP_URL: the mail is logged), and an access token that expires after 3 s being refreshed unnoticed.
 */
import { existsSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { ADMIN, BINARY, ROOT, startServer, type RunningServer } from "./helpers/server";

test.use({ locale: "en-US" });
test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "multi100-ui-session-"));
  server = await startServer({
    // The compiled binary as CI runs it; from the source tree when it has not been built.
    cmd: existsSync(BINARY) ? [BINARY] : [join(ROOT, "node_modules", ".bin", "bun"), "scripts/start.ts"],
    env: {
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "info",
      ACCESS_TOKEN_TTL_S: "3",
      AUTH_MAX_ATTEMPTS: "100",
    },
    timeoutMs: 60_000,
  });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const resetCodes = () => [...server.output().matchAll(/Your password reset code is (\d{6})/g)].map((m) => m[1]!);

test("the two-step password reset works with the code from the server log", async ({ page }) => {
  await page.goto(`${server.baseURL}/login`);
  await page.getByRole("link", { name: "Recuperar contraseña" }).click();
  await expect(page).toHaveURL(/\/forgetpsw$/);

  // The lazy route may still be settling right after navigation: fill until the value sticks.
  await expect(async () => {
    await page.locator("input[name=email]").fill("nobody@nowhere.test");
    await expect(page.locator("input[name=email]")).toHaveValue("nobody@nowhere.test", { timeout: 500 });
  }).toPass();
  await page.getByTestId("forgot-send").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Email não encontrado" })).toBeVisible();

  const before = resetCodes().length;
  await page.locator("input[name=email]").fill(ADMIN.email);
  await page.getByTestId("forgot-send").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Email enviado com sucesso!" })).toBeVisible();
  await expect(page.getByTestId("reset-form")).toBeVisible();
  await expect.poll(() => resetCodes().length).toBeGreaterThan(before);
  const code = resetCodes().at(-1)!;

  await page.locator("input[name=code]").fill(code);
  await page.locator("input[name=newPassword]").fill("weakpass");
  await page.locator("input[name=confirmPassword]").fill("different");
  await page.getByTestId("reset-submit").click();
  await expect(page.getByText("Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.")).toBeVisible();
  await expect(page.getByText("As senhas não correspondem")).toBeVisible();

  await page.locator("input[name=newPassword]").fill("NewAdmin123!");
  await page.locator("input[name=confirmPassword]").fill("NewAdmin123!");
  await page.getByTestId("reset-submit").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Senha redefinida com sucesso." })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.locator("input[name=email]").fill(ADMIN.email);
  await page.locator("input[name=password]").fill("NewAdmin123!");
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/tickets$/);
});

test("an expired access token is refreshed without the user noticing", async ({ page }) => {
  await page.goto(`${server.baseURL}/login`);
  await page.locator("input[name=email]").fill(ADMIN.email);
  await page.locator("input[name=password]").fill("NewAdmin123!");
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/tickets$/);
  const tokenBefore = await page.evaluate(() => sessionStorage.getItem("token") ?? localStorage.getItem("token"));

  const refreshes: number[] = [];
  page.on("response", (r) => r.url().endsWith("/api/auth/refresh_token") && refreshes.push(r.status()));
  await page.waitForTimeout(4000); // the 3 s access token has expired

  await page.getByTestId("menu-users").click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByTestId("user-row").first()).toBeVisible();
  expect(refreshes.length).toBeGreaterThan(0);
  expect(refreshes.every((s) => s === 200)).toBe(true);
  const tokenAfter = await page.evaluate(() => sessionStorage.getItem("token") ?? localStorage.getItem("token"));
  expect(tokenAfter).not.toBe(tokenBefore);
  await expect(page.getByTestId("toast")).toHaveCount(0);

  // a reload with the expired token stored still opens the page
  await page.waitForTimeout(3500);
  await page.reload();
  await expect(page.getByTestId("user-row").first()).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
});

test("two tabs whose tokens expire together stay logged in across three expiries", async ({ context }) => {
  const first = await context.newPage();
  await first.goto(`${server.baseURL}/login`);
  await first.locator("input[name=email]").fill(ADMIN.email);
  await first.locator("input[name=password]").fill("NewAdmin123!");
  await first.getByText("Remember me").click(); // a remembered session is shared by the browser's tabs
  await first.getByTestId("login-submit").click();
  await expect(first).toHaveURL(/\/tickets$/);
  const second = await context.newPage();
  await second.goto(`${server.baseURL}/users`);
  await expect(second.getByTestId("user-row").first()).toBeVisible();

  // Each refresh answer says whether it rotated the cookie: one presented twice at once gets an access token only.
  const refreshes: Promise<{ status: number; rotated: boolean }>[] = [];
  for (const page of [first, second]) {
    page.on("response", (r) => {
      if (r.url().endsWith("/api/auth/refresh_token"))
        refreshes.push(r.headerValue("set-cookie").then((c) => ({ status: r.status(), rotated: !!c?.includes("jrt=") })));
    });
  }
  for (let round = 0; round < 3; round++) {
    await first.waitForTimeout(3500); // both tabs' 3 s access tokens have expired
    // Both tabs call the API at the same moment, each with its expired token.
    await Promise.all([first.reload(), second.reload()]);
    for (const page of [first, second]) {
      await expect(page).not.toHaveURL(/\/login/);
      await expect(page.getByTestId("menu-users")).toBeVisible();
    }
  }
  await second.getByTestId("menu-users").click();
  await expect(second.getByTestId("user-row").first()).toBeVisible();
  const answers = await Promise.all(refreshes);
  expect(answers.length).toBeGreaterThanOrEqual(3);
  // The tabs took turns: every refresh rotated the cookie, none was a second presentation of the same one.
  expect(answers).toEqual(answers.map(() => ({ status: 200, rotated: true })));
  expect(server.output()).not.toContain("refresh token reused");
});
