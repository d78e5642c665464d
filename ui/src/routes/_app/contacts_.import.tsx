import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

export const Route = createFileRoute("/_app/contacts_/import")({
  /** importId: an import already started (the phone's contacts) whose progress the page shows. */
  validateSearch: (s: Record<string, unknown>): { importId?: number } =>
    typeof s.importId === "number" && Number.isInteger(s.importId) && s.importId > 0 ? { importId: s.importId } : {},
  component: page(() => import("../../features/contacts-import/components/ImportPage"), { perm: "contacts:manage" }),
});
