import { createFileRoute, notFound } from "@tanstack/react-router";
import { comingSoon, hasCshow } from "../../../features/shell/page";

export const Route = createFileRoute("/_app/contact-lists/")({
  // Exists only while the 'cshow' browser-storage flag is present (spec 1 §2.1).
  beforeLoad: () => {
    if (!hasCshow()) throw notFound();
  },
  component: comingSoon("menu.contactLists", { perm: "settings:manage" }),
});
