import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { ensureSession } from "../features/auth/session";

/** Public-only routes: an authenticated visitor is sent to the inbox. */
export const Route = createFileRoute("/_public")({
  beforeLoad: async () => {
    if (await ensureSession()) throw redirect({ to: "/tickets" });
  },
  component: Outlet,
});
