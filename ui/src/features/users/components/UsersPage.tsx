import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Avatar } from "../../../components/ui/avatar";
import { Badge } from "../../../components/ui/badge";
import { DeleteConfirmation } from "../../../components/ui/confirmation-dialog";
import { EditIcon, TrashIcon } from "../../../components/ui/icons";
import { ListPage, ListPageHeader, RowAction } from "../../../components/ui/list-page";
import * as Table from "../../../components/ui/table";
import { useFeature } from "../../branding/queries";
import { useListSearch } from "../../shell/hooks";
import { useDeleteUser, usersListQuery } from "../queries";
import type { UserRow } from "../types";
import { UserModal } from "./UserModal";

const hideBelowMd = css({ hideBelow: "md" });
const hideBelowSm = css({ hideBelow: "sm" });

/** /users: search, add, table with infinite scroll, edit in the user modal, delete with confirmation. */
export default function UsersPage() {
  const { t } = useTranslation();
  const { search, setSearch, debounced } = useListSearch();
  const q = useInfiniteQuery(usersListQuery(debounced));
  const users = q.data?.pages.flatMap((p) => p.users) ?? [];
  const canWrite = useFeature("users");
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const remove = useDeleteUser();

  return (
    <ListPage>
      <ListPageHeader
        title={t("users.title")}
        count={q.data ? (q.data.pages[0]?.count ?? users.length) : undefined}
        search={search}
        onSearch={setSearch}
        searchTestId="users-search"
        addLabel={t("users.add")}
        onAdd={canWrite ? () => setEditing({}) : undefined}
        addTestId="users-add"
      />

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
                      <RowAction label={t("common.edit")} onClick={() => setEditing({ id: u.id })} testId="user-edit">
                        <EditIcon />
                      </RowAction>
                      <RowAction label={t("common.delete")} onClick={() => setDeleting(u)} testId="user-delete">
                        <TrashIcon />
                      </RowAction>
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
      <DeleteConfirmation
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t("users.confirmDelete.title", { name: deleting?.name ?? "" })}
        remove={(u) => remove.mutateAsync(u.id)}
        deletedText={t("users.deleted")}
      >
        {t("users.confirmDelete.text")}
      </DeleteConfirmation>
    </ListPage>
  );
}
