import { useInfiniteQuery } from "@tanstack/react-query";
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Spinner } from "../../../components/ui/spinner";
import { INFINITE_SCROLL_THRESHOLD_PX } from "../../../components/ui/table";
import { flattenMessages } from "../cache";
import { useChannelCapabilities } from "../hooks/useChannelCapabilities";
import { dayKind, dayOf } from "../format";
import { messagesQuery } from "../queries";
import type { Ticket } from "../types";
import { MessageBubble } from "./MessageBubble";

function DaySeparator({ iso }: { iso: string }) {
  const { t } = useTranslation();
  const d = dayKind(iso);
  return (
    <div className={css({ display: "flex", justifyContent: "center", py: "2" })} data-testid="day-separator">
      <span
        className={css({ bg: "bg.default", color: "fg.muted", fontSize: "xs", fontWeight: "medium", px: "3", py: "1", borderRadius: "full", boxShadow: "sm" })}
      >
        {d.kind === "date" ? d.date : t(`tickets.days.${d.kind}`)}
      </span>
    </div>
  );
}

/**
 * The conversation: 20 messages a page, older pages loaded when the top comes within 100 px, the view
 * kept in place while they are added above; it follows new messages while it is at the bottom.
 */
export function MessagesList({ ticket, canSend }: { ticket: Ticket; canSend: boolean }) {
  const q = useInfiniteQuery(messagesQuery(ticket.id));
  const messages = useMemo(() => flattenMessages(q.data), [q.data]);
  const caps = useChannelCapabilities(ticket);
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const metrics = useRef({ height: 0, top: 0, atBottom: true, first: 0, last: 0 });

  const remember = useCallback(() => {
    const el = box.current;
    if (!el) return;
    metrics.current.height = el.scrollHeight;
    metrics.current.top = el.scrollTop;
    metrics.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < INFINITE_SCROLL_THRESHOLD_PX;
  }, []);

  const onScroll = () => {
    remember();
    const el = box.current;
    if (el && el.scrollTop < INFINITE_SCROLL_THRESHOLD_PX && q.hasNextPage && !q.isFetchingNextPage) void q.fetchNextPage();
  };

  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !messages.length) return;
    const m = metrics.current;
    const first = messages[0]!.id;
    const last = messages[messages.length - 1]!;
    if (m.first && first !== m.first && m.last === last.id) el.scrollTop = el.scrollHeight - m.height + m.top;
    else if (!m.last || (last.id !== m.last && (m.atBottom || last.fromMe))) el.scrollTop = el.scrollHeight;
    m.first = first;
    m.last = last.id;
    remember();
  }, [messages, remember]);

  // A first page shorter than the view never scrolls: fetch older pages until it fills.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height is measured again after each new batch of messages renders, so the messages are listed although only the DOM is read.
  useEffect(() => {
    const el = box.current;
    if (el && el.scrollHeight <= el.clientHeight && q.hasNextPage && !q.isFetchingNextPage) void q.fetchNextPage();
  }, [messages, q]);

  // Images and media change the height after they load: stay at the bottom if we were there.
  useEffect(() => {
    const el = box.current;
    const inner = content.current;
    if (!el || !inner || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(() => {
      if (metrics.current.atBottom) el.scrollTop = el.scrollHeight;
      remember();
    });
    ro.observe(inner);
    return () => ro.disconnect();
  }, [remember]);

  return (
    <div
      ref={box}
      onScroll={onScroll}
      className={css({ flex: "1", minH: 0, overflowY: "auto", overflowX: "hidden", bg: "bg.canvas", py: "2" })}
      data-testid="messages-list"
    >
      <div ref={content}>
        {q.isFetchingNextPage || q.isPending ? (
          <div className={css({ display: "flex", justifyContent: "center", py: "3" })}>
            <Spinner size="sm" />
          </div>
        ) : null}
        {messages.map((m, i) => (
          <Fragment key={m.id}>
            {i === 0 || dayOf(messages[i - 1]!.createdAt) !== dayOf(m.createdAt) ? <DaySeparator iso={m.createdAt} /> : null}
            <MessageBubble message={m} canSend={canSend} caps={caps} showSender={ticket.isGroup || m.isPrivate} />
          </Fragment>
        ))}
      </div>
    </div>
  );
}
