import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Avatar } from "../../../components/ui/avatar";
import { Badge } from "../../../components/ui/badge";
import { Button, IconButton } from "../../../components/ui/button";
import { ConfirmationDialog } from "../../../components/ui/confirmation-dialog";
import { EditIcon, PlusIcon, SearchIcon, TrashIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";
import * as Table from "../../../components/ui/table";
import { toast } from "../../../components/ui/toast";
import { Tip } from "../../../components/ui/tooltip";
import { useFeature } from "../../branding/queries";
import { useDebounced } from "../../shell/hooks";
import { useDeleteUser, usersListQuery } from "../queries";
import type { UserRow } from "../types";
import { UserModal } from "./UserModal";

/** Search waits 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

const hideBelowMd = css({ hideBelow: "md" });
const hideBelowSm = css({ hideBelow: "sm" });

/** /users: search, add, table with infinite scroll, edit in the user modal, delete with confirmation. */
export default function UsersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const q = useInfiniteQuery(usersListQuery(debounced));
  const users = q.data?.pages.flatMap((p) => p.users) ?? [];
  const canWrite = useFeature("users");
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const remove = useDeleteUser();

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "3", sm: "6" }, flex: "1", minH: 0 })}>
      <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "3" })}>
        <h1 className={css({ fontSize: "xl", fontWeight: "semibold", flex: "1", minW: "40" })}>
          {t("users.title")}
          {q.data ? (
            <span className={css({ color: "fg.muted", fontWeight: "normal", ml: "2", fontSize: "md" })}>({q.data.pages[0]?.count ?? users.length})</span>
          ) : null}
        </h1>
        <div className={css({ position: "relative", flex: { base: "1 1 100%", sm: "0 1 280px" }, minW: 0 })}>
          <SearchIcon
            size={16}
            className={css({ position: "absolute", left: "3", top: "50%", transform: "translateY(-50%)", color: "fg.muted", pointerEvents: "none" })}
          />
          <Input
            type="search"
            placeholder={t("common.search")}
            aria-label={t("common.search")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className={css({ pl: "9" })}
            data-testid="users-search"
          />
        </div>
        {canWrite ? (
          <Button onClick={() => setEditing({})} data-testid="users-add">
            <PlusIcon size={18} />
            {t("users.add")}
          </Button>
        ) : null}
      </div>

      <Table.InfiniteScroller onEndReached={() => void q.fetchNextPage()} hasMore={q.hasNextPage} loading={q.isFetching} data-testid="users-table-scroller">
        <Table.Root data-testid="users-table">
          <Table.Head>
            <tr>
              <Table.Header className={hideBelowMd}>{t("users.columns.id")}</Table.Header>
              <Table.Header>{t("users.columns.status")}</Table.Header>
              <Table.Header className={hideBelowSm}>{t("users.columns.avatar")}</Table.Header>
              <Table.Header>{t("users.columns.name")}</Table.Header>
              <Table.Header className={hideBelowMd}>{t("users.columns.email")}</Table.Header>
              <Table.Header className={hideBelowSm}>{t("users.columns.profile")}</Table.Header>
              <Table.Header className={hideBelowMd}>{t("users.columns.startWork")}</Table.Header>
              <Table.Header className={hideBelowMd}>{t("users.columns.endWork")}</Table.Header>
              <Table.Header className={css({ textAlign: "right" })}>{t("users.columns.actions")}</Table.Header>
            </tr>
          </Table.Head>
          <Table.Body>
            {users.map((u) => (
              <Table.Row key={u.id} data-testid="user-row" data-user-id={u.id}>
                <Table.Cell className={hideBelowMd}>{u.id}</Table.Cell>
                <Table.Cell>
                  <Badge tone={u.online ? "success" : "neutral"} aria-label={u.online ? t("users.online") : t("users.offline")}>
                    <span aria-hidden className={css({ w: "2", h: "2", borderRadius: "full", bg: u.online ? "status.online" : "status.offline" })} />
                    <span className={hideBelowSm}>{u.online ? t("users.online") : t("users.offline")}</span>
                  </Badge>
                </Table.Cell>
                <Table.Cell className={hideBelowSm}>
                  <Avatar name={u.name} src={u.profileImage} size="sm" />
                </Table.Cell>
                <Table.Cell className={css({ fontWeight: "medium", maxW: "48", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })}>
                  {u.name}
                </Table.Cell>
                <Table.Cell className={hideBelowMd}>{u.email}</Table.Cell>
                <Table.Cell className={hideBelowSm}>{u.profile === "admin" ? t("users.profiles.admin") : t("users.profiles.user")}</Table.Cell>
                <Table.Cell className={hideBelowMd}>{u.startWork ?? ""}</Table.Cell>
                <Table.Cell className={hideBelowMd}>{u.endWork ?? ""}</Table.Cell>
                <Table.Cell className={css({ textAlign: "right", whiteSpace: "nowrap" })}>
                  {canWrite ? (
                    <>
                      <Tip label={t("common.edit")}>
                        <IconButton aria-label={t("common.edit")} size="sm" onClick={() => setEditing({ id: u.id })} data-testid="user-edit">
                          <EditIcon />
                        </IconButton>
                      </Tip>
                      <Tip label={t("common.delete")}>
                        <IconButton aria-label={t("common.delete")} size="sm" onClick={() => setDeleting(u)} data-testid="user-delete">
                          <TrashIcon />
                        </IconButton>
                      </Tip>
                    </>
                  ) : null}
                </Table.Cell>
              </Table.Row>
            ))}
            {!q.isPending && users.length === 0 ? <Table.Empty colSpan={9}>{t("users.empty")}</Table.Empty> : null}
          </Table.Body>
        </Table.Root>
      </Table.InfiniteScroller>

      {editing ? <UserModal open onOpenChange={(o) => !o && setEditing(null)} userId={editing.id} /> : null}
      <ConfirmationDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("users.confirmDelete.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("common.delete")}
        danger
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t("users.deleted"));
          } catch {
            // the mutation cache already showed the error toast
          }
        }}
      >
        {t("users.confirmDelete.text")}
      </ConfirmationDialog>
    </div>
  );
}
