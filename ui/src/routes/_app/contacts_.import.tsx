import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

export const Route = createFileRoute("/_app/contacts_/import")({
  component: page(() => import("../../features/contacts-import/components/ImportPage"), { perm: "contacts:manage" }),
});
