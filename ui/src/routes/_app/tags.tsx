import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

export const Route = createFileRoute("/_app/tags")({
  component: page(() => import("../../features/tags/components/TagsPage")),
});
