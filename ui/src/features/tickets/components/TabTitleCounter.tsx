import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useBranding } from "../../branding/queries";
import { titlePrefix } from "../format";
import { useListParams } from "../hooks/useInboxParams";
import { ticketsListQuery } from "../queries";

/** The browser tab title counts the tickets with unread messages in the open, pending and group lists. */
export function TabTitleCounter({ withGroups }: { withGroups: boolean }) {
  const appName = useBranding("appName");
  const open = useInfiniteQuery(ticketsListQuery(useListParams("open")));
  const pending = useInfiniteQuery(ticketsListQuery(useListParams("pending")));
  const group = useInfiniteQuery({ ...ticketsListQuery(useListParams("group")), enabled: withGroups });
  const unread = new Set<number>();
  for (const q of [open, pending, group]) for (const p of q.data?.pages ?? []) for (const t of p.tickets) if (t.unreadMessages > 0) unread.add(t.id);
  const prefix = titlePrefix(unread.size);

  useEffect(() => {
    document.title = prefix ? `${prefix} ${appName}` : appName;
  }, [prefix, appName]);
  useEffect(
    () => () => {
      document.title = appName;
    },
    [appName],
  );
  return null;
}
