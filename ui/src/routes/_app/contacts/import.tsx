import { createFileRoute } from "@tanstack/react-router";
import { comingSoon } from "../../../features/shell/page";

export const Route = createFileRoute("/_app/contacts/import")({
  component: comingSoon("menu.contactsImport", { perm: "contacts:manage" }),
});
