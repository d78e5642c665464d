import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { Toaster } from "../components/ui/toast";
import { Branding } from "../features/branding/Branding";
import { NotFound } from "../features/shell/NotFound";

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFound,
});

function Root() {
  return (
    <>
      <Branding />
      <Outlet />
      <Toaster />
    </>
  );
}
