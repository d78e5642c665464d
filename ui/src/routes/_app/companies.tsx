import { createFileRoute } from "@tanstack/react-router";
import { comingSoon } from "../../features/shell/page";

export const Route = createFileRoute("/_app/companies")({
  component: comingSoon("menu.companies", { perm: "platform:manage", permRedirect: true }),
});
