import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { clientIp, isHttps } from "../../http/client";
import { parse } from "../../http/validate";
import { email, loginBody, resetBody, signupBody } from "./schema";
import { createAuthService, type Issued } from "./service";

export const REFRESH_COOKIE = "jrt";

export const authRoutes = (ctx: AppContext) => {
  const auth = createAuthService(ctx);

  return new Elysia({ prefix: "/api" })
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
    .post("/auth/login", async ({ body, ip, setRefreshCookie }) => {
      const issued = await auth.login(parse(loginBody, body), ip);
      setRefreshCookie(issued);
      return { token: issued.token, user: issued.user };
    })
    .post("/auth/refresh_token", async ({ cookie, setRefreshCookie }) => {
      try {
        const issued = await auth.refresh(cookie[REFRESH_COOKIE]?.value as string | undefined);
        setRefreshCookie(issued);
        return { token: issued.token, user: issued.user };
      } catch (err) {
        setRefreshCookie(null);
        throw err;
      }
    })
    .delete(
      "/auth/logout",
      async ({ actor, setRefreshCookie }) => {
        await auth.logout(actor);
        setRefreshCookie(null);
        return { message: "Logged out" };
      },
      { auth: true },
    )
    .get("/auth/me", ({ actor }) => auth.me(actor), { auth: true })
    .post("/auth/signup", async ({ body, ip, set }) => {
      const created = await auth.signup(parse(signupBody, body), ip);
      set.status = 201;
      return created;
    })
    .post("/forgetpassword/:email", async ({ params, ip }) => {
      await auth.forgotPassword(parse(email, decodeURIComponent(params.email)), ip);
      return { message: "Email sent" };
    })
    .post("/resetpasswords", async ({ body, ip }) => {
      await auth.resetPassword(parse(resetBody, body), ip);
      return { message: "Password reset" };
    });
};
