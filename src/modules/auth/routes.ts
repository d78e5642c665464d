import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { clientIp, isHttps } from "../../http/client";
import { answers, doc, messageAnswer } from "../../http/schemas";
import { sessionUserAnswer } from "../users/schema";
import { emailParams, loginBody, resetBody, signupBody } from "./schema";
import { createAuthService, type Issued } from "./service";

export const REFRESH_COOKIE = "jrt";

const sessionAnswer = z.object({ token: z.string(), user: sessionUserAnswer });

export const authRoutes = (ctx: AppContext) => {
  const auth = createAuthService(ctx);

  return new Elysia({ prefix: "/api", tags: ["Auth"] })
    .use(authPlugin(ctx))
    .derive(({ request, server, cookie }) => ({
      ip: clientIp(ctx.config, request, server),
      /** Writes (or clears) the refresh cookie with the attributes of ARCHITECTURE.md, Auth. */
      setRefreshCookie(issued: Issued | null) {
        if (issued && !issued.refreshToken) return; // an access-only renewal keeps the cookie the browser has
        cookie[REFRESH_COOKIE]!.set({
          value: issued?.refreshToken ?? "",
          httpOnly: true,
          sameSite: "strict",
          path: "/api/auth",
          secure: isHttps(ctx.config, request),
          maxAge: issued ? ctx.tokens.refreshTtlS : 0,
        });
      },
    }))
    .post(
      "/auth/login",
      async ({ body, ip, setRefreshCookie }) => {
        const issued = await auth.login(body, ip);
        setRefreshCookie(issued);
        return { token: issued.token, user: issued.user };
      },
      {
        body: loginBody,
        response: answers({ 200: sessionAnswer }),
        detail: doc("Log in: an access token, the session user and the refresh cookie", {
          errors: { 401: "ERR_INVALID_CREDENTIALS", 402: "ERR_SUBSCRIPTION_EXPIRED", 403: "ERR_COMPANY_INACTIVE", 429: "ERR_RATE_LIMITED" },
        }),
      },
    )
    .post(
      "/auth/refresh_token",
      async ({ cookie, setRefreshCookie }) => {
        try {
          const issued = await auth.refresh(cookie[REFRESH_COOKIE]?.value as string | undefined);
          setRefreshCookie(issued);
          return { token: issued.token, user: issued.user };
        } catch (err) {
          setRefreshCookie(null);
          throw err;
        }
      },
      {
        response: answers({ 200: sessionAnswer }),
        detail: doc("Renew the access token with the refresh cookie (rotated, single use)", {
          errors: { 401: "ERR_UNAUTHORIZED", 403: "ERR_SESSION_EXPIRED" },
        }),
      },
    )
    .delete(
      "/auth/logout",
      async ({ actor, setRefreshCookie }) => {
        await auth.logout(actor);
        setRefreshCookie(null);
        return { message: "Logged out" };
      },
      { auth: true, response: answers({ 200: messageAnswer }), detail: doc("Log out: every token and refresh cookie of the user stops working") },
    )
    .get("/auth/me", ({ actor }) => auth.me(actor), { auth: true, response: answers({ 200: sessionUserAnswer }), detail: doc("The session user") })
    .post(
      "/auth/signup",
      async ({ body, ip, set }) => {
        const created = await auth.signup(body, ip);
        set.status = 201;
        return created;
      },
      {
        body: signupBody,
        response: answers({
          201: z.object({
            company: z.object({ id: z.number(), name: z.string(), dueDate: z.string().nullable() }),
            user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
          }),
        }),
        detail: doc("Sign up: a new company on a public plan and its admin", {
          errors: { 403: "ERR_USER_CREATION_DISABLED", 409: "ERR_EMAIL_ALREADY_EXISTS", 429: "ERR_RATE_LIMITED" },
        }),
      },
    )
    .post(
      "/forgetpassword/:email",
      async ({ params, ip }) => {
        await auth.forgotPassword(params.email, ip);
        return { message: "Email sent" };
      },
      {
        params: emailParams,
        response: answers({ 200: messageAnswer }),
        detail: doc("Mail a password-reset code", { errors: { 404: "ERR_EMAIL_NOT_FOUND", 429: "ERR_RATE_LIMITED" } }),
      },
    )
    .post(
      "/resetpasswords",
      async ({ body, ip }) => {
        await auth.resetPassword(body, ip);
        return { message: "Password reset" };
      },
      {
        body: resetBody,
        response: answers({ 200: messageAnswer }),
        detail: doc("Set a new password with the mailed code", { errors: { 400: "ERR_INVALID_RESET_CODE", 429: "ERR_RATE_LIMITED" } }),
      },
    );
};
