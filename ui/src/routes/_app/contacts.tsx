import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

export const Route = createFileRoute("/_app/contacts")({
  component: page(() => import("../../features/contacts/components/ContactsPage")),
});
