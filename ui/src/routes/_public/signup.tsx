import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";

export const Route = createFileRoute("/_public/signup")({
  validateSearch: (s: Record<string, unknown>): { companyId?: number } =>
    s.companyId !== undefined && Number.isFinite(Number(s.companyId)) ? { companyId: Number(s.companyId) } : {},
  component: lazyRouteComponent(() => import("../../features/auth/components/SignupPage"), "SignupPage"),
});
