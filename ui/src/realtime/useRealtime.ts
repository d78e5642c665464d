import { useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { keys } from "../api/keys";
import { toast } from "../components/ui/toast";
import { i18n } from "../i18n";
import { markSessionEnded, session, updateSessionUser } from "../features/auth/store";
import { applyUserPreferences } from "../features/auth/session";
import type { SessionUser } from "../features/auth/types";
import type { UserRow, UsersPage } from "../features/users/types";
import { connectSocket, disconnectSocket, onSocketEvent } from "./socket";

/** After 'accessed elsewhere' the page reloads 1 s later, with local storage cleared. */
export const ACCESSED_ELSEWHERE_RELOAD_MS = 1000;

/** company-{id}-user: create/update replace or add the row in every users list; delete removes it. */
export function applyUserEvent(qc: QueryClient, data: { action: string; user?: UserRow; userId?: number }) {
  const id = data.user?.id ?? data.userId;
  if (id === undefined) return;
  qc.setQueriesData<InfiniteData<UsersPage>>({ queryKey: [...keys.users.all, "list"] }, (old) => {
    if (!old) return old;
    if (data.action === "delete") {
      return { ...old, pages: old.pages.map((p) => ({ ...p, users: p.users.filter((u) => u.id !== id) })) };
    }
    if (!data.user) return old;
    const exists = old.pages.some((p) => p.users.some((u) => u.id === id));
    if (exists) return { ...old, pages: old.pages.map((p) => ({ ...p, users: p.users.map((u) => (u.id === id ? { ...u, ...data.user } : u)) })) };
    if (data.action === "create" && old.pages[0]) {
      const [first, ...rest] = old.pages;
      return { ...old, pages: [{ ...first, users: [data.user, ...first.users] }, ...rest] };
    }
    return old;
  });
  if (data.action === "delete") qc.removeQueries({ queryKey: keys.users.detail(id) });
  else if (data.user) qc.setQueryData(keys.users.detail(id), (old: UserRow | undefined) => (old ? { ...old, ...data.user } : old));
}

/** Opens the one socket of the session and routes its events into the query caches. */
export function useRealtime() {
  const qc = useQueryClient();
  const companyId = session.user?.companyId;
  const userId = session.user?.id;

  useEffect(() => {
    if (!companyId || !userId) return;
    const offs = [
      onSocketEvent(`company-${companyId}-auth`, (data: { action?: string; user?: { id?: number }; userId?: number }) => {
        const target = data?.user?.id ?? data?.userId;
        if (target !== undefined && target !== userId) return;
        const elsewhere = data?.action === "login";
        if (elsewhere) toast.error(i18n.t("auth.accessedElsewhere"));
        disconnectSocket();
        setTimeout(() => {
          localStorage.clear();
          sessionStorage.clear();
          // The toast lasts a second: the login page after the reload says it again until the next login.
          if (elsewhere) markSessionEnded("accessedElsewhere");
          window.location.reload();
        }, ACCESSED_ELSEWHERE_RELOAD_MS);
      }),
      onSocketEvent(`company-${companyId}-user`, (data) => {
        applyUserEvent(qc, data);
        if (data?.action === "update" && data.user?.id === userId) {
          const { id: _id, ...patch } = data.user as Partial<SessionUser>;
          updateSessionUser(patch);
          if (patch.defaultTheme) applyUserPreferences(session.user!);
        }
      }),
      onSocketEvent(`company-${companyId}-settings`, () => {
        void qc.invalidateQueries({ queryKey: keys.settings });
      }),
    ];
    connectSocket();
    return () => {
      for (const off of offs) off();
      disconnectSocket();
    };
  }, [qc, companyId, userId]);
}
