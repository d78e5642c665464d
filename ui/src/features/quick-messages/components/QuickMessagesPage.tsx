import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import { Button, IconButton } from "../../../components/ui/button";
import { ConfirmationDialog } from "../../../components/ui/confirmation-dialog";
import { CheckCircleIcon, EditIcon, EyeIcon, PaperclipIcon, PlusIcon, SearchIcon, TrashIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";
import * as Table from "../../../components/ui/table";
import { toast } from "../../../components/ui/toast";
import { Tip } from "../../../components/ui/tooltip";
import { useSessionUser } from "../../auth/hooks";
import { useDebounced } from "../../shell/hooks";
import { quickMessagesListQuery, useDeleteQuickMessage } from "../queries";
import { useQuickMessagesRealtime } from "../realtime";
import { canDelete, canEdit, type QuickMessage } from "../types";
import { QuickMessageModal } from "./QuickMessageModal";

/** Search waits 500 ms after the last keystroke, as on the other list pages. */
const SEARCH_DEBOUNCE_MS = 500;
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
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const q = useInfiniteQuery(quickMessagesListQuery(debounced));
  useQuickMessagesRealtime();
  const records = q.data?.pages.flatMap((p) => p.records) ?? [];
  const [editing, setEditing] = useState<{ quickMessage?: QuickMessage } | null>(null);
  const [deleting, setDeleting] = useState<QuickMessage | null>(null);
  const remove = useDeleteQuickMessage();

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "3", sm: "6" }, flex: "1", minH: 0 })}>
      <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "3" })}>
        <h1 className={css({ fontSize: "xl", fontWeight: "semibold", flex: "1", minW: "40" })}>
          {t("quickMessages.title")}
          {q.data ? (
            <span className={css({ color: "fg.muted", fontWeight: "normal", ml: "2", fontSize: "md" })}>({q.data.pages[0]?.count ?? records.length})</span>
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
            data-testid="quick-messages-search"
          />
        </div>
        <Button onClick={() => setEditing({})} data-testid="quick-messages-add">
          <PlusIcon size={18} />
          {t("quickMessages.add")}
        </Button>
      </div>

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
                    <Tip label={editable ? t("common.edit") : t("quickMessages.view")}>
                      <IconButton
                        aria-label={editable ? t("common.edit") : t("quickMessages.view")}
                        size="sm"
                        onClick={() => setEditing({ quickMessage: m })}
                        data-testid="quick-message-edit"
                      >
                        {editable ? <EditIcon /> : <EyeIcon />}
                      </IconButton>
                    </Tip>
                    {canDelete(user, m) ? (
                      <Tip label={t("common.delete")}>
                        <IconButton aria-label={t("common.delete")} size="sm" onClick={() => setDeleting(m)} data-testid="quick-message-delete">
                          <TrashIcon />
                        </IconButton>
                      </Tip>
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
      <ConfirmationDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("quickMessages.confirmDelete.title", { shortcode: deleting?.shortcode ?? "" })}
        confirmLabel={t("common.delete")}
        danger
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t("quickMessages.deleted"));
          } catch {
            // the mutation cache already showed the error toast
          }
        }}
      >
        {t("quickMessages.confirmDelete.text")}
      </ConfirmationDialog>
    </div>
  );
}
