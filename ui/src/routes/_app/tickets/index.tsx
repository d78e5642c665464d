import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../../features/shell/page";

export const Route = createFileRoute("/_app/tickets/")({
  component: page(() => import("../../../features/tickets/components/Welcome")),
});
