/** Users the browser tests create for themselves, so each test runs as a fresh account of company 1. */
import { type APIRequestContext, expect } from "@playwright/test";
import { apiLogin, BASE_URL } from "./server";

/** A short unique suffix for names, emails and numbers a test creates. */
export const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A user of company 1 created by the super admin (email `<prefix>-<profile>-…@e2e.local`); answers their credentials. */
export async function createUser(request: APIRequestContext, prefix: string, profile: "admin" | "user", theme: "light" | "dark" = "light") {
  const { token } = await apiLogin(request);
  const creds = { email: `${prefix}-${profile}-${uid()}@e2e.local`, password: "User1234!" };
  const res = await request.post(`${BASE_URL}/api/users`, {
    data: { name: `${prefix[0]!.toUpperCase()}${prefix.slice(1)} ${profile}`, profile, defaultTheme: theme, ...creds },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return creds;
}
