import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";

export const Route = createFileRoute("/_public/forgetpsw")({
  component: lazyRouteComponent(() => import("../../features/auth/components/ForgotPasswordPage"), "ForgotPasswordPage"),
});
