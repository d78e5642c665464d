import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { DeleteConfirmation } from "../../../components/ui/confirmation-dialog";
import { EditIcon, TrashIcon } from "../../../components/ui/icons";
import { ListPage, ListPageHeader, RowAction } from "../../../components/ui/list-page";
import * as Table from "../../../components/ui/table";
import { useListSearch } from "../../shell/hooks";
import { fileListsQuery, useDeleteFileList } from "../queries";
import { useFileListsRealtime } from "../realtime";
import type { FileList } from "../types";
import { FileListModal } from "./FileListModal";

/**
 * /files: the company's file lists (admins; the route shows the no-access view to anyone else), searched by name;
 * the table of name and file count with edit and delete; infinite scroll and live updates.
 */
export default function FilesPage() {
  const { t } = useTranslation();
  const { search, setSearch, debounced } = useListSearch();
  const q = useInfiniteQuery(fileListsQuery(debounced));
  useFileListsRealtime();
  const lists = q.data?.pages.flatMap((p) => p.files) ?? [];
  const [editing, setEditing] = useState<{ list?: FileList } | null>(null);
  const [deleting, setDeleting] = useState<FileList | null>(null);
  const remove = useDeleteFileList();

  return (
    <ListPage>
      <ListPageHeader
        title={t("files.title")}
        count={q.data ? (q.data.pages[0]?.count ?? lists.length) : undefined}
        countTestId="files-count"
        search={search}
        onSearch={setSearch}
        searchTestId="files-search"
        addLabel={t("files.add")}
        onAdd={() => setEditing({})}
        addTestId="files-add"
      />

      <Table.InfiniteScroller onEndReached={() => void q.fetchNextPage()} hasMore={q.hasNextPage} loading={q.isFetching} data-testid="files-table-scroller">
        <Table.Root data-testid="files-table">
          <Table.Head>
            <tr>
              <Table.Header>{t("files.columns.name")}</Table.Header>
              <Table.Header className={css({ textAlign: "center" })}>{t("files.columns.files")}</Table.Header>
              <Table.Header className={css({ textAlign: "right" })}>{t("files.columns.actions")}</Table.Header>
            </tr>
          </Table.Head>
          <Table.Body>
            {lists.map((list) => (
              <Table.Row key={list.id} data-testid="file-list-row" data-file-list-id={list.id}>
                <Table.Cell className={css({ fontWeight: "medium", maxW: { base: "40", sm: "md" } })}>
                  <span className={css({ display: "block", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })} data-testid="file-list-name">
                    {list.name}
                  </span>
                </Table.Cell>
                <Table.Cell className={css({ textAlign: "center", color: "fg.muted" })} data-testid="file-list-count">
                  {t("files.fileCount", { count: list.options.length })}
                </Table.Cell>
                <Table.Cell className={css({ textAlign: "right", whiteSpace: "nowrap" })}>
                  <RowAction label={t("common.edit")} onClick={() => setEditing({ list })} testId="file-list-edit">
                    <EditIcon />
                  </RowAction>
                  <RowAction label={t("common.delete")} onClick={() => setDeleting(list)} testId="file-list-delete">
                    <TrashIcon />
                  </RowAction>
                </Table.Cell>
              </Table.Row>
            ))}
            {!q.isPending && lists.length === 0 ? <Table.Empty colSpan={3}>{debounced ? t("files.noMatch") : t("files.empty")}</Table.Empty> : null}
          </Table.Body>
        </Table.Root>
      </Table.InfiniteScroller>

      {editing ? <FileListModal list={editing.list} onClose={() => setEditing(null)} /> : null}
      <DeleteConfirmation
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t("files.confirmDelete.title", { name: deleting?.name ?? "" })}
        remove={(list) => remove.mutateAsync(list.id)}
        deletedText={t("files.deleted")}
      >
        {t("files.confirmDelete.text")}
      </DeleteConfirmation>
    </ListPage>
  );
}
