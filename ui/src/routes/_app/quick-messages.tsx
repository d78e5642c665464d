import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

export const Route = createFileRoute("/_app/quick-messages")({
  component: page(() => import("../../features/quick-messages/components/QuickMessagesPage")),
});
