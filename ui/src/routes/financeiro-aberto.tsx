import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";

/** Where an expired subscription lands. Reachable without a session: login refuses expired companies. */
export const Route = createFileRoute("/financeiro-aberto")({
  validateSearch: (s: Record<string, unknown>): { dueDate?: string } => (typeof s.dueDate === "string" ? { dueDate: s.dueDate } : {}),
  component: lazyRouteComponent(() => import("../features/auth/components/SubscriptionExpiredPage"), "SubscriptionExpiredPage"),
});
