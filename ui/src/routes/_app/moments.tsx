import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

export const Route = createFileRoute("/_app/moments")({
  component: page(() => import("../../features/moments/components/MomentsPage"), { perm: "realtime:view" }),
});
