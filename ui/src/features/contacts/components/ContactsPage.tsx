import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Avatar } from "../../../components/ui/avatar";
import { Badge } from "../../../components/ui/badge";
import { MultiCombobox } from "../../../components/ui/combobox";
import { DeleteConfirmation } from "../../../components/ui/confirmation-dialog";
import { BanIcon, ChatIcon, CheckCircleIcon, EditIcon, TrashIcon } from "../../../components/ui/icons";
import { ListPage, ListPageHeader, RowAction } from "../../../components/ui/list-page";
import * as Table from "../../../components/ui/table";
import { toast } from "../../../components/ui/toast";
import { useCan } from "../../auth/hooks";
import { ContactsImportExport } from "../../contacts-import/components/ContactsImportExport";
import { useListSearch } from "../../shell/hooks";
import { closeDialog, openDialog } from "../../tickets/dialogs";
import { InboxDialogs } from "../../tickets/modals/InboxDialogs";
import { applyContactFrame, contactsPageQuery, useContactsRealtime, useDeleteContact } from "../list";
import { type ContactRow, tagsQuery, useBlockContact } from "../queries";
import { ContactModal } from "./ContactModal";

const hideBelowMd = css({ hideBelow: "md" });
const hideBelowSm = css({ hideBelow: "sm" });
const clip = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;
const ellipsis = css(clip);
const searchWidth = css({ flex: { base: "1 1 100%", sm: "0 1 260px" } });

/**
 * /contacts: search, tag filter, add, the table (avatar, name, number as the server shows it to this user, email,
 * connection, active, and the actions: start a ticket, edit, block or unblock, delete for those allowed) with infinite
 * scroll, live from company-{id}-contact frames. Every user of the company reads, adds and edits contacts (the inbox
 * does too); deleting needs contacts-page:deleteContact.
 */
export default function ContactsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const canDelete = useCan("contacts-page:deleteContact");
  const { search, setSearch, debounced } = useListSearch();
  const [tagFilter, setTagFilter] = useState<string[]>([]);
  const tagIds = useMemo(() => tagFilter.map(Number).sort((a, b) => a - b), [tagFilter]);
  const q = useInfiniteQuery(contactsPageQuery(debounced, tagIds));
  const allTags = useQuery(tagsQuery(0));
  useContactsRealtime();
  const contacts = q.data?.pages.flatMap((p) => p.contacts) ?? [];
  const [editing, setEditing] = useState<{ contact?: ContactRow } | null>(null);
  const [deleting, setDeleting] = useState<ContactRow | null>(null);
  const block = useBlockContact();
  const remove = useDeleteContact();
  // The new-ticket dialog opens over this page; it must not follow the user to the inbox.
  useEffect(() => closeDialog, []);
  const filtered = !!debounced || tagIds.length > 0;

  const toggleBlock = async (contact: ContactRow) => {
    try {
      const c = await block.mutateAsync({ id: contact.id, active: !contact.active });
      applyContactFrame(qc, { action: "update", contact: c });
      toast.success(t(c.active ? "tickets.contact.unblocked" : "tickets.contact.blocked"));
    } catch {
      // the mutation cache showed the error
    }
  };

  return (
    <ListPage>
      <ListPageHeader
        title={t("contacts.title")}
        count={q.data ? (q.data.pages[0]?.count ?? contacts.length) : undefined}
        countTestId="contacts-count"
        search={search}
        onSearch={setSearch}
        searchTestId="contacts-search"
        searchPlaceholder={t("contacts.search")}
        searchClassName={searchWidth}
        addLabel={t("contacts.add")}
        onAdd={() => setEditing({})}
        addTestId="contacts-add"
      >
        <div className={css({ flex: { base: "1 1 100%", sm: "0 1 240px" }, minW: 0 })} data-testid="contacts-tag-filter">
          <MultiCombobox
            aria-label={t("contacts.filterTags")}
            placeholder={t("contacts.filterTags")}
            options={(allTags.data ?? []).map((x) => ({ value: String(x.id), label: x.name, color: x.color }))}
            value={tagFilter}
            onChange={setTagFilter}
            emptyText={t("tickets.search.none")}
          />
        </div>
        <ContactsImportExport searchParam={debounced} tagIds={tagIds} />
      </ListPageHeader>

      <Table.InfiniteScroller onEndReached={() => void q.fetchNextPage()} hasMore={q.hasNextPage} loading={q.isFetching} data-testid="contacts-table-scroller">
        <Table.Root data-testid="contacts-table">
          <Table.Head>
            <tr>
              <Table.Header className={css({ w: "12" })}>
                <span className={css({ srOnly: true })}>{t("contacts.columns.avatar")}</span>
              </Table.Header>
              <Table.Header>{t("contacts.columns.name")}</Table.Header>
              <Table.Header className={hideBelowSm}>{t("contacts.columns.number")}</Table.Header>
              <Table.Header className={hideBelowMd}>{t("contacts.columns.email")}</Table.Header>
              <Table.Header className={hideBelowMd}>{t("contacts.columns.connection")}</Table.Header>
              <Table.Header className={hideBelowSm}>{t("contacts.columns.active")}</Table.Header>
              <Table.Header className={css({ textAlign: "right" })}>{t("contacts.columns.actions")}</Table.Header>
            </tr>
          </Table.Head>
          <Table.Body>
            {contacts.map((contact) => (
              <Table.Row key={contact.id} data-testid="contact-row" data-contact-id={contact.id} data-active={contact.active}>
                <Table.Cell>
                  <Avatar name={contact.name || "?"} src={contact.urlPicture} size="sm" />
                </Table.Cell>
                <Table.Cell className={css({ maxW: { base: "32", sm: "56", md: "72" } })}>
                  <div className={css({ ...clip, fontWeight: "medium" })} data-testid="contact-name-cell">
                    {contact.name}
                  </div>
                  <div className={css({ ...clip, color: "fg.muted", fontSize: "xs", hideFrom: "sm" })}>{contact.number}</div>
                </Table.Cell>
                <Table.Cell className={hideBelowSm}>
                  <span className={css({ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" })} data-testid="contact-number-cell">
                    {contact.number}
                  </span>
                </Table.Cell>
                <Table.Cell className={css({ maxW: "56", hideBelow: "md" })}>
                  <div className={ellipsis}>{contact.email}</div>
                </Table.Cell>
                <Table.Cell className={css({ maxW: "44", hideBelow: "md" })}>
                  <div className={ellipsis}>{contact.whatsapp?.name ?? ""}</div>
                </Table.Cell>
                <Table.Cell className={hideBelowSm}>
                  <Badge tone={contact.active ? "success" : "neutral"} data-testid="contact-active">
                    {contact.active ? t("contacts.active") : t("contacts.blocked")}
                  </Badge>
                </Table.Cell>
                <Table.Cell className={css({ textAlign: "right", whiteSpace: "nowrap" })}>
                  {contact.active ? (
                    <RowAction label={t("contacts.startTicket")} onClick={() => openDialog({ kind: "newTicket", contact })} testId="contact-start-ticket">
                      <ChatIcon />
                    </RowAction>
                  ) : null}
                  <RowAction label={t("common.edit")} onClick={() => setEditing({ contact })} testId="contact-edit">
                    <EditIcon />
                  </RowAction>
                  <RowAction
                    label={contact.active ? t("tickets.contact.block") : t("tickets.contact.unblock")}
                    onClick={() => void toggleBlock(contact)}
                    testId="contact-block"
                  >
                    {contact.active ? <BanIcon /> : <CheckCircleIcon />}
                  </RowAction>
                  {canDelete ? (
                    <RowAction label={t("common.delete")} onClick={() => setDeleting(contact)} testId="contact-delete">
                      <TrashIcon />
                    </RowAction>
                  ) : null}
                </Table.Cell>
              </Table.Row>
            ))}
            {!q.isPending && contacts.length === 0 ? <Table.Empty colSpan={7}>{filtered ? t("contacts.noMatch") : t("contacts.empty")}</Table.Empty> : null}
          </Table.Body>
        </Table.Root>
      </Table.InfiniteScroller>

      {editing ? <ContactModal contact={editing.contact} onClose={() => setEditing(null)} /> : null}
      <InboxDialogs />
      <DeleteConfirmation
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t("contacts.confirmDelete.title", { name: deleting?.name ?? "" })}
        remove={(contact) => remove.mutateAsync(contact.id)}
        deletedText={t("contacts.deleted")}
      >
        {t("contacts.confirmDelete.text")}
      </DeleteConfirmation>
    </ListPage>
  );
}
