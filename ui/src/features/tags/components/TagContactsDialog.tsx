import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Avatar } from "../../../components/ui/avatar";
import * as Dialog from "../../../components/ui/dialog";
import * as Table from "../../../components/ui/table";
import { ColorChip } from "../../tickets/components/ColorChip";
import { tagContactsQuery } from "../queries";
import type { Tag } from "../types";

const ellipsis = css({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

/** The contacts carrying a tag, 20 at a time as the list scrolls; numbers come masked when the company's LGPD rule says so. */
export function TagContactsDialog({ tag, onClose }: { tag: Tag; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useInfiniteQuery(tagContactsQuery(tag.id));
  const contacts = q.data?.pages.flatMap((p) => p.contacts) ?? [];
  const count = q.data?.pages[0]?.count;

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} lazyMount unmountOnExit>
      <Dialog.Frame data-testid="tag-contacts-dialog">
        <Dialog.Title>
          <span className={css({ display: "flex", alignItems: "center", gap: "2", flexWrap: "wrap", pr: "8" })}>
            {t("tags.contacts.title")}
            <ColorChip color={tag.color} size="lg">
              {tag.name}
            </ColorChip>
            {count !== undefined ? <span className={css({ color: "fg.muted", fontWeight: "normal", fontSize: "md" })}>({count})</span> : null}
          </span>
        </Dialog.Title>
        <Table.InfiniteScroller
          onEndReached={() => void q.fetchNextPage()}
          hasMore={q.hasNextPage}
          loading={q.isFetching}
          className={css({ maxH: "60vh" })}
          data-testid="tag-contacts-scroller"
        >
          <Table.Root>
            <Table.Head>
              <tr>
                <Table.Header>{t("tags.contacts.name")}</Table.Header>
                <Table.Header>{t("tags.contacts.number")}</Table.Header>
              </tr>
            </Table.Head>
            <Table.Body>
              {contacts.map((c) => (
                <Table.Row key={c.id} data-testid="tag-contact-row">
                  <Table.Cell className={css({ maxW: { base: "36", sm: "64" } })}>
                    <span className={css({ display: "flex", alignItems: "center", gap: "2", minW: 0 })}>
                      <Avatar name={c.name} src={c.urlPicture} size="sm" />
                      <span className={ellipsis}>{c.name}</span>
                    </span>
                  </Table.Cell>
                  <Table.Cell className={css({ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" })}>{c.number}</Table.Cell>
                </Table.Row>
              ))}
              {!q.isPending && contacts.length === 0 ? <Table.Empty colSpan={2}>{t("tags.contacts.empty")}</Table.Empty> : null}
            </Table.Body>
          </Table.Root>
        </Table.InfiniteScroller>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
