import { createFileRoute } from "@tanstack/react-router";
import { page } from "../../features/shell/page";

export const Route = createFileRoute("/_app/users")({
  component: page(() => import("../../features/users/components/UsersPage"), { perm: "users:manage" }),
});
