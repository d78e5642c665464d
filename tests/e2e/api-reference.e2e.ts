/**
 * The API reference page is served by the binary with everything it needs: opened with every request outside
 * 127.0.0.1/localhost aborted, it loads without a console error (its script runs under the page's CSP) and lists
 * the integrators' send endpoint with its example.
 */
import { expect, test } from "@playwright/test";
import { screenshotPath } from "./helpers/server";

test("the reference page works offline and shows POST /api/messages/send with its example", async ({ page }) => {
  const outside: string[] = [];
  await page.route(
    (url) => !["127.0.0.1", "localhost"].includes(url.hostname),
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));

  const res = await page.goto("/api/reference");
  expect(res?.status()).toBe(200);
  const send = page.locator("details.op", { has: page.locator(".path", { hasText: /^\/api\/messages\/send$/ }) });
  await expect(send).toHaveCount(1);
  await expect(send.locator(".method")).toHaveText("POST");
  await send.locator("summary").click();
  await expect(send.getByText("Example request")).toBeVisible();
  await expect(send.locator("pre", { hasText: '"number": "5511999999999"' })).toBeVisible();
  await expect(send.getByText(/connectionToken/)).toBeVisible();

  // The filter narrows the list to the matching operations.
  await page.getByLabel("Filter").fill("messages/send");
  await expect(page.locator("details.op:visible")).toHaveCount(1);
  await page.getByLabel("Filter").fill("");
  await page.screenshot({ path: screenshotPath("api-reference"), fullPage: false });

  expect(outside).toEqual([]);
  expect(errors).toEqual([]);
});
