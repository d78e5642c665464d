import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button, IconButton } from "../../../components/ui/button";
import { ConfirmationDialog } from "../../../components/ui/confirmation-dialog";
import { EditIcon, PlusIcon, SearchIcon, TrashIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";
import * as Table from "../../../components/ui/table";
import { toast } from "../../../components/ui/toast";
import { Tip } from "../../../components/ui/tooltip";
import { useDebounced } from "../../shell/hooks";
import { fileListsQuery, useDeleteFileList } from "../queries";
import { useFileListsRealtime } from "../realtime";
import type { FileList } from "../types";
import { FileListModal } from "./FileListModal";

/** Search waits 500 ms after the last keystroke, as on the other list pages. */
const SEARCH_DEBOUNCE_MS = 500;

/**
 * /files: the company's file lists (admins; the route shows the no-access view to anyone else), searched by name;
 * the table of name and file count with edit and delete; infinite scroll and live updates.
 */
export default function FilesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const q = useInfiniteQuery(fileListsQuery(debounced));
  useFileListsRealtime();
  const lists = q.data?.pages.flatMap((p) => p.files) ?? [];
  const [editing, setEditing] = useState<{ list?: FileList } | null>(null);
  const [deleting, setDeleting] = useState<FileList | null>(null);
  const remove = useDeleteFileList();

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "3", sm: "6" }, flex: "1", minH: 0 })}>
      <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "3" })}>
        <h1 className={css({ fontSize: "xl", fontWeight: "semibold", flex: "1", minW: "40" })}>
          {t("files.title")}
          {q.data ? (
            <span className={css({ color: "fg.muted", fontWeight: "normal", ml: "2", fontSize: "md" })} data-testid="files-count">
              ({q.data.pages[0]?.count ?? lists.length})
            </span>
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
            data-testid="files-search"
          />
        </div>
        <Button onClick={() => setEditing({})} data-testid="files-add">
          <PlusIcon size={18} />
          {t("files.add")}
        </Button>
      </div>

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
                  <Tip label={t("common.edit")}>
                    <IconButton aria-label={t("common.edit")} size="sm" onClick={() => setEditing({ list })} data-testid="file-list-edit">
                      <EditIcon />
                    </IconButton>
                  </Tip>
                  <Tip label={t("common.delete")}>
                    <IconButton aria-label={t("common.delete")} size="sm" onClick={() => setDeleting(list)} data-testid="file-list-delete">
                      <TrashIcon />
                    </IconButton>
                  </Tip>
                </Table.Cell>
              </Table.Row>
            ))}
            {!q.isPending && lists.length === 0 ? <Table.Empty colSpan={3}>{debounced ? t("files.noMatch") : t("files.empty")}</Table.Empty> : null}
          </Table.Body>
        </Table.Root>
      </Table.InfiniteScroller>

      {editing ? <FileListModal list={editing.list} onClose={() => setEditing(null)} /> : null}
      <ConfirmationDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("files.confirmDelete.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("common.delete")}
        danger
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t("files.deleted"));
          } catch {
            // the mutation cache already showed the error toast
          }
        }}
      >
        {t("files.confirmDelete.text")}
      </ConfirmationDialog>
    </div>
  );
}
