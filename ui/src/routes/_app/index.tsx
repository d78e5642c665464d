import { createFileRoute, redirect } from "@tanstack/react-router";

/** "/" is the inbox until the dashboard exists: the landing page after login and of every link home. */
export const Route = createFileRoute("/_app/")({
  beforeLoad: () => {
    throw redirect({ to: "/tickets", replace: true });
  },
});
