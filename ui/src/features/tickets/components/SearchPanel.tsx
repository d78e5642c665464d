import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { css } from "../../../../styled-system/css";
import { Checkbox } from "../../../components/ui/checkbox";
import { MultiCombobox } from "../../../components/ui/combobox";
import { SearchIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";
import { useCan } from "../../auth/hooks";
import { tagsQuery } from "../../contacts/queries";
import { connectionsQuery } from "../../users/queries";
import { useSearchParams } from "../hooks/useInboxParams";
import { usersPickerQuery } from "../queries";
import { inbox } from "../store";
import type { TicketStatus } from "../types";
import { TicketsList } from "./TicketsList";

const STATUSES: TicketStatus[] = ["open", "pending", "closed", "group"];
const ids = (v: string[]) => v.map(Number);
const strs = (v: readonly number[]) => v.map(String);

/**
 * The search view: text (500 ms debounce), message content (slower), tags, connections, status and,
 * for admins, user.
 */
export function SearchPanel() {
  const { t } = useTranslation();
  const snap = useSnapshot(inbox);
  const params = useSearchParams();
  const canFilterUser = useCan("tickets-manager:filterByUser");
  const tags = useQuery(tagsQuery(0));
  const connections = useQuery(connectionsQuery);
  const users = useQuery({ ...usersPickerQuery, enabled: canFilterUser });
  const s = inbox.search;
  return (
    <div className={css({ display: "flex", flexDirection: "column", flex: "1", minH: 0 })}>
      <div className={css({ display: "flex", flexDirection: "column", gap: "2", p: "2", borderBottomWidth: "1px", borderColor: "border.muted" })}>
        <div className={css({ position: "relative" })}>
          <SearchIcon
            size={16}
            className={css({ position: "absolute", left: "3", top: "50%", transform: "translateY(-50%)", color: "fg.muted", pointerEvents: "none" })}
          />
          <Input
            type="search"
            autoFocus
            placeholder={t("tickets.search.placeholder")}
            aria-label={t("tickets.search.placeholder")}
            value={snap.search.term}
            onChange={(e) => (s.term = e.target.value)}
            className={css({ pl: "9", h: "9" })}
            data-testid="search-input"
          />
        </div>
        <Checkbox label={t("tickets.search.onMessages")} checked={snap.search.onMessages} onCheckedChange={(v) => (s.onMessages = v)} name="searchOnMessages" />
        <div className={css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" }, gap: "2" })}>
          <MultiCombobox
            aria-label={t("tickets.search.tags")}
            placeholder={t("tickets.search.tags")}
            options={(tags.data ?? []).map((x) => ({ value: String(x.id), label: x.name, color: x.color }))}
            value={strs(snap.search.tags)}
            onChange={(v) => (s.tags = ids(v))}
            emptyText={t("tickets.search.none")}
          />
          <MultiCombobox
            aria-label={t("tickets.search.connections")}
            placeholder={t("tickets.search.connections")}
            options={(connections.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={strs(snap.search.whatsapps)}
            onChange={(v) => (s.whatsapps = ids(v))}
            emptyText={t("tickets.search.none")}
          />
          <MultiCombobox
            aria-label={t("tickets.search.status")}
            placeholder={t("tickets.search.status")}
            options={STATUSES.map((x) => ({ value: x, label: t(`tickets.status.${x}`) }))}
            value={[...snap.search.statuses]}
            onChange={(v) => (s.statuses = v as TicketStatus[])}
            emptyText={t("tickets.search.none")}
          />
          {canFilterUser ? (
            <MultiCombobox
              aria-label={t("tickets.search.users")}
              placeholder={t("tickets.search.users")}
              options={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
              value={strs(snap.search.users)}
              onChange={(v) => (s.users = ids(v))}
              emptyText={t("tickets.search.none")}
            />
          ) : null}
        </div>
      </div>
      <TicketsList params={params} emptyText={t("tickets.empty.search")} testId="list-search" />
    </div>
  );
}
