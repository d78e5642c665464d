import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Badge } from "../../../components/ui/badge";
import { Button, IconButton } from "../../../components/ui/button";
import { ConfirmationDialog } from "../../../components/ui/confirmation-dialog";
import { EditIcon, KanbanIcon, PlusIcon, SearchIcon, TrashIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";
import * as Table from "../../../components/ui/table";
import { toast } from "../../../components/ui/toast";
import { Tip } from "../../../components/ui/tooltip";
import { useCan, useCompanyPlan } from "../../auth/hooks";
import { useDebounced } from "../../shell/hooks";
import { ColorChip } from "../../tickets/components/ColorChip";
import { tagsPageQuery, useDeleteTag } from "../queries";
import { useTagsRealtime } from "../realtime";
import type { Tag } from "../types";
import { TagContactsDialog } from "./TagContactsDialog";
import { TagModal } from "./TagModal";

/** Search waits 500 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 500;

const hideBelowMd = css({ hideBelow: "md" });
const countButton = css({
  fontVariantNumeric: "tabular-nums",
  color: "accent.text",
  fontWeight: "medium",
  textDecoration: "underline",
  textUnderlineOffset: "2px",
  cursor: "pointer",
  px: "1",
  borderRadius: "sm",
  _hover: { color: "accent.emphasized" },
  _focusVisible: { outline: "2px solid", outlineColor: "accent.default" },
});

/**
 * /tags: search, add, the table (id, the name as a chip in its colour, the number of contacts carrying it, which opens
 * their list, edit, delete) with infinite scroll, live from company-{id}-tag frames. Any user of the company reads,
 * adds and edits tags (the conversation's contact drawer creates them too); deleting one, which takes it off every
 * contact and ticket, is for admins. Under the plan's useKanban the list holds the kanban lanes too, marked as such.
 */
export default function TagsPage() {
  const { t } = useTranslation();
  const useKanban = !!useCompanyPlan().data?.useKanban;
  const canDelete = useCan("contacts:manage");
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const q = useInfiniteQuery(tagsPageQuery(debounced, useKanban ? "all" : 0));
  useTagsRealtime();
  const tags = q.data?.pages.flatMap((p) => p.tags) ?? [];
  const [editing, setEditing] = useState<{ tag?: Tag } | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [listing, setListing] = useState<Tag | null>(null);
  const remove = useDeleteTag();

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "3", sm: "6" }, flex: "1", minH: 0 })}>
      <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "3" })}>
        <h1 className={css({ fontSize: "xl", fontWeight: "semibold", flex: "1", minW: "40" })}>
          {t("tags.title")}
          {q.data ? (
            <span className={css({ color: "fg.muted", fontWeight: "normal", ml: "2", fontSize: "md" })}>({q.data.pages[0]?.count ?? tags.length})</span>
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
            data-testid="tags-search"
          />
        </div>
        <Button onClick={() => setEditing({})} data-testid="tags-add">
          <PlusIcon size={18} />
          {t("tags.add")}
        </Button>
      </div>

      <Table.InfiniteScroller onEndReached={() => void q.fetchNextPage()} hasMore={q.hasNextPage} loading={q.isFetching} data-testid="tags-table-scroller">
        <Table.Root data-testid="tags-table">
          <Table.Head>
            <tr>
              <Table.Header className={hideBelowMd}>{t("tags.columns.id")}</Table.Header>
              <Table.Header>{t("tags.columns.name")}</Table.Header>
              <Table.Header className={css({ textAlign: "center" })}>{t("tags.columns.contacts")}</Table.Header>
              <Table.Header className={css({ textAlign: "right" })}>{t("tags.columns.actions")}</Table.Header>
            </tr>
          </Table.Head>
          <Table.Body>
            {tags.map((tag) => (
              <Table.Row key={tag.id} data-testid="tag-row" data-tag-id={tag.id}>
                <Table.Cell className={hideBelowMd}>{tag.id}</Table.Cell>
                <Table.Cell className={css({ maxW: { base: "36", sm: "64", md: "96" } })}>
                  <span className={css({ display: "flex", alignItems: "center", gap: "2", minW: 0, flexWrap: "wrap" })}>
                    <ColorChip color={tag.color} size="lg" data-testid="tag-chip">
                      {tag.name}
                    </ColorChip>
                    {tag.kanban === 1 ? (
                      <Badge tone="info" data-testid="tag-lane">
                        <KanbanIcon size={12} />
                        {tag.laneOrder === null ? t("tags.lane") : t("tags.laneAt", { order: tag.laneOrder })}
                      </Badge>
                    ) : null}
                  </span>
                </Table.Cell>
                <Table.Cell className={css({ textAlign: "center" })}>
                  {tag.kanban === 1 ? (
                    <Tip label={t("tags.laneNoContacts")}>
                      <span className={css({ color: "fg.muted" })}>—</span>
                    </Tip>
                  ) : (
                    <Tip label={t("tags.showContacts")}>
                      <button type="button" className={countButton} onClick={() => setListing(tag)} data-testid="tag-contacts">
                        {tag.contactsCount}
                      </button>
                    </Tip>
                  )}
                </Table.Cell>
                <Table.Cell className={css({ textAlign: "right", whiteSpace: "nowrap" })}>
                  <Tip label={t("common.edit")}>
                    <IconButton aria-label={t("common.edit")} size="sm" onClick={() => setEditing({ tag })} data-testid="tag-edit">
                      <EditIcon />
                    </IconButton>
                  </Tip>
                  {canDelete ? (
                    <Tip label={t("common.delete")}>
                      <IconButton aria-label={t("common.delete")} size="sm" onClick={() => setDeleting(tag)} data-testid="tag-delete">
                        <TrashIcon />
                      </IconButton>
                    </Tip>
                  ) : null}
                </Table.Cell>
              </Table.Row>
            ))}
            {!q.isPending && tags.length === 0 ? <Table.Empty colSpan={4}>{debounced ? t("tags.noMatch") : t("tags.empty")}</Table.Empty> : null}
          </Table.Body>
        </Table.Root>
      </Table.InfiniteScroller>

      {editing ? (
        <TagModal open onOpenChange={(o) => !o && setEditing(null)} tag={editing.tag} useKanban={useKanban} usedColors={tags.map((x) => x.color)} />
      ) : null}
      {listing ? <TagContactsDialog tag={listing} onClose={() => setListing(null)} /> : null}
      <ConfirmationDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("tags.confirmDelete.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("common.delete")}
        danger
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t("tags.deleted"));
          } catch {
            // the mutation cache already showed the error in the catalogue's words
          }
        }}
      >
        {deleting?.kanban === 1 ? t("tags.confirmDelete.laneText") : t("tags.confirmDelete.text", { count: deleting?.contactsCount ?? 0 })}
      </ConfirmationDialog>
    </div>
  );
}
