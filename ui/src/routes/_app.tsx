import { createFileRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { ensureSession } from "../features/auth/session";

/** Private routes: an unauthenticated visitor goes to /login, which remembers where they came from. */
export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ location }) => {
    if (!(await ensureSession())) throw redirect({ to: "/login", search: { redirect: location.href } });
  },
  component: lazyRouteComponent(() => import("../features/shell/components/AppShell"), "AppShell"),
});
