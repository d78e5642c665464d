import { createFileRoute, redirect } from "@tanstack/react-router";

/** The lanes are managed on the board itself ("+" adds one) and listed with the tags on /tags: /TagsKanban is the board. */
export const Route = createFileRoute("/_app/TagsKanban")({
  beforeLoad: () => {
    throw redirect({ to: "/Kanban", replace: true });
  },
});
