import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import { DeleteConfirmation } from "../../../components/ui/confirmation-dialog";
import { CheckCircleIcon, EditIcon, EyeIcon, PaperclipIcon, TrashIcon } from "../../../components/ui/icons";
import { ListPage, ListPageHeader, RowAction } from "../../../components/ui/list-page";
import * as Table from "../../../components/ui/table";
import { useSessionUser } from "../../auth/hooks";
import { useListSearch } from "../../shell/hooks";
import { quickMessagesListQuery, useDeleteQuickMessage } from "../queries";
import { useQuickMessagesRealtime } from "../realtime";
import { canDelete, canEdit, type QuickMessage } from "../types";
import { QuickMessageModal } from "./QuickMessageModal";

const hideBelowMd = css({ hideBelow: "md" });
const hideBelowSm = css({ hideBelow: "sm" });
const ellipsis = css({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

/**
 * /quick-messages: the quick messages the user may manage (their own, the company-wide ones, and every one for admins),
 * searched by shortcode or text; add, edit in the dialog (read-only where the owner rules say so), delete with
 * confirmation; infinite scroll and live updates.
 */
export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { search, setSearch, debounced } = useListSearch();
  const q = useInfiniteQuery(quickMessagesListQuery(debounced));
  useQuickMessagesRealtime();
  const records = q.data?.pages.flatMap((p) => p.records) ?? [];
  const [editing, setEditing] = useState<{ quickMessage?: QuickMessage } | null>(null);
  const [deleting, setDeleting] = useState<QuickMessage | null>(null);
  const remove = useDeleteQuickMessage();

  return (
    <ListPage>
      <ListPageHeader
        title={t("quickMessages.title")}
        count={q.data ? (q.data.pages[0]?.count ?? records.length) : undefined}
        search={search}
        onSearch={setSearch}
        searchTestId="quick-messages-search"
        addLabel={t("quickMessages.add")}
        onAdd={() => setEditing({})}
        addTestId="quick-messages-add"
      />

      <Table.InfiniteScroller
        onEndReached={() => void q.fetchNextPage()}
        hasMore={q.hasNextPage}
        loading={q.isFetching}
        data-testid="quick-messages-table-scroller"
      >
        <Table.Root data-testid="quick-messages-table">
          <Table.Head>
            <tr>
              <Table.Header>{t("quickMessages.columns.shortcode")}</Table.Header>
              <Table.Header className={hideBelowMd}>{t("quickMessages.columns.message")}</Table.Header>
              <Table.Header className={hideBelowSm}>{t("quickMessages.columns.attachment")}</Table.Header>
              <Table.Header className={css({ textAlign: "center" })}>{t("quickMessages.columns.general")}</Table.Header>
              <Table.Header className={css({ textAlign: "right" })}>{t("quickMessages.columns.actions")}</Table.Header>
            </tr>
          </Table.Head>
          <Table.Body>
            {records.map((m) => {
              const editable = canEdit(user, m);
              return (
                <Table.Row key={m.id} data-testid="quick-message-row" data-quick-message-id={m.id}>
                  <Table.Cell className={css({ fontWeight: "medium", maxW: { base: "36", sm: "48" } })}>
                    <span className={css({ display: "flex", alignItems: "center", gap: "1.5", minW: 0 })}>
                      <span className={ellipsis} data-testid="quick-message-shortcode">
                        {m.shortcode}
                      </span>
                      {m.isMedia ? (
                        <span
                          className={css({ hideFrom: "sm", color: "fg.muted", flexShrink: 0 })}
                          role="img"
                          aria-label={t("quickMessages.columns.attachment")}
                        >
                          <PaperclipIcon size={14} />
                        </span>
                      ) : null}
                    </span>
                  </Table.Cell>
                  <Table.Cell className={hideBelowMd}>
                    <span className={cx(css({ display: "block", maxW: "80", color: "fg.muted" }), ellipsis)}>{m.message}</span>
                  </Table.Cell>
                  <Table.Cell className={hideBelowSm}>
                    <span
                      className={cx(css({ display: "block", maxW: "48" }), m.mediaName ? undefined : css({ color: "fg.muted" }), ellipsis)}
                      data-testid="quick-message-media"
                    >
                      {m.mediaName ?? t("quickMessages.noAttachment")}
                    </span>
                  </Table.Cell>
                  <Table.Cell className={css({ textAlign: "center" })}>
                    {m.geral ? (
                      <span
                        role="img"
                        aria-label={t("quickMessages.isGeneral")}
                        className={css({ color: "fg.success", display: "inline-flex" })}
                        data-testid="quick-message-general"
                      >
                        <CheckCircleIcon size={18} />
                      </span>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell className={css({ textAlign: "right", whiteSpace: "nowrap" })}>
                    <RowAction
                      label={editable ? t("common.edit") : t("quickMessages.view")}
                      onClick={() => setEditing({ quickMessage: m })}
                      testId="quick-message-edit"
                    >
                      {editable ? <EditIcon /> : <EyeIcon />}
                    </RowAction>
                    {canDelete(user, m) ? (
                      <RowAction label={t("common.delete")} onClick={() => setDeleting(m)} testId="quick-message-delete">
                        <TrashIcon />
                      </RowAction>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              );
            })}
            {!q.isPending && records.length === 0 ? (
              <Table.Empty colSpan={5}>{debounced ? t("quickMessages.noMatch") : t("quickMessages.empty")}</Table.Empty>
            ) : null}
          </Table.Body>
        </Table.Root>
      </Table.InfiniteScroller>

      {editing ? <QuickMessageModal quickMessage={editing.quickMessage} onClose={() => setEditing(null)} /> : null}
      <DeleteConfirmation
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t("quickMessages.confirmDelete.title", { shortcode: deleting?.shortcode ?? "" })}
        remove={(m) => remove.mutateAsync(m.id)}
        deletedText={t("quickMessages.deleted")}
      >
        {t("quickMessages.confirmDelete.text")}
      </DeleteConfirmation>
    </ListPage>
  );
}
