import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

export const Route = createFileRoute("/_app/settings")({
  component: page(() => import("../../features/settings/components/SettingsPage"), { perm: "settings:manage" }),
});
