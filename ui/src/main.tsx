import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ApiError, setUnauthorizedHandler } from "./api/client";
import { toastError } from "./api/errors";
import "./features/shell/store"; // applies the theme mode before the first paint
import { initI18n } from "./i18n";
import { createAppRouter } from "./router";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Every failed call raises the spec's error toast unless the query/mutation says `meta: { silent: true }`. */
const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (err, query) => !query.meta?.silent && toastError(err) }),
  mutationCache: new MutationCache({ onError: (err, _v, _c, mutation) => !mutation.meta?.silent && toastError(err) }),
  defaultOptions: {
    queries: {
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

async function start() {
  await initI18n();
  const router = createAppRouter(queryClient);
  setUnauthorizedHandler(() => {
    queryClient.clear();
    const here = window.location.pathname + window.location.search;
    if (!["/login", "/signup", "/forgetpsw"].includes(window.location.pathname)) {
      void router.navigate({ to: "/login", search: { redirect: here } });
    }
  });
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
