import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Badge } from "../../../components/ui/badge";
import { DeleteConfirmation } from "../../../components/ui/confirmation-dialog";
import { EditIcon, KanbanIcon, TrashIcon } from "../../../components/ui/icons";
import { ListPage, ListPageHeader, RowAction } from "../../../components/ui/list-page";
import * as Table from "../../../components/ui/table";
import { Tip } from "../../../components/ui/tooltip";
import { useCan, useCompanyPlan } from "../../auth/hooks";
import { useListSearch } from "../../shell/hooks";
import { ColorChip } from "../../tickets/components/ColorChip";
import { tagsPageQuery, useDeleteTag } from "../queries";
import { useTagsRealtime } from "../realtime";
import type { Tag } from "../types";
import { TagContactsDialog } from "./TagContactsDialog";
import { TagModal } from "./TagModal";

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
  const { search, setSearch, debounced } = useListSearch();
  const q = useInfiniteQuery(tagsPageQuery(debounced, useKanban ? "all" : 0));
  useTagsRealtime();
  const tags = q.data?.pages.flatMap((p) => p.tags) ?? [];
  const [editing, setEditing] = useState<{ tag?: Tag } | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [listing, setListing] = useState<Tag | null>(null);
  const remove = useDeleteTag();

  return (
    <ListPage>
      <ListPageHeader
        title={t("tags.title")}
        count={q.data ? (q.data.pages[0]?.count ?? tags.length) : undefined}
        search={search}
        onSearch={setSearch}
        searchTestId="tags-search"
        addLabel={t("tags.add")}
        onAdd={() => setEditing({})}
        addTestId="tags-add"
      />

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
                  <RowAction label={t("common.edit")} onClick={() => setEditing({ tag })} testId="tag-edit">
                    <EditIcon />
                  </RowAction>
                  {canDelete ? (
                    <RowAction label={t("common.delete")} onClick={() => setDeleting(tag)} testId="tag-delete">
                      <TrashIcon />
                    </RowAction>
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
      <DeleteConfirmation
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t("tags.confirmDelete.title", { name: deleting?.name ?? "" })}
        remove={(tag) => remove.mutateAsync(tag.id)}
        deletedText={t("tags.deleted")}
      >
        {deleting?.kanban === 1 ? t("tags.confirmDelete.laneText") : t("tags.confirmDelete.text", { count: deleting?.contactsCount ?? 0 })}
      </DeleteConfirmation>
    </ListPage>
  );
}
