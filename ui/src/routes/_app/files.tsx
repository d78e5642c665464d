import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

export const Route = createFileRoute("/_app/files")({
  component: page(() => import("../../features/files/components/FilesPage"), { perm: "files:manage" }),
});
