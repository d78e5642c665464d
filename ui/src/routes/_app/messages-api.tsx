import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

export const Route = createFileRoute("/_app/messages-api")({
  component: page(() => import("../../features/messages-api/components/MessagesApiPage"), { plan: "useExternalApi" }),
});
