import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import { MOMENTS_CAP } from "../../../../../src/modules/moments/limits";
import { ApiError } from "../../../api/client";
import { errorMessage } from "../../../api/errors";
import { Avatar } from "../../../components/ui/avatar";
import { Badge } from "../../../components/ui/badge";
import { AlertIcon, InfoIcon } from "../../../components/ui/icons";
import { PageSpinner } from "../../shell/page";
import { useSessionUser } from "../../auth/hooks";
import { isAdmin } from "../../auth/permissions";
import { groupMoments, mayOpen, momentName } from "../format";
import { momentsQuery } from "../queries";
import { useMomentsRealtime } from "../realtime";
import type { Moment } from "../types";
import { MomentTicket } from "./MomentTicket";

const page = css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "3", sm: "6" }, flex: "1", minH: 0, overflowY: "auto" });
const board = css({ display: "flex", flexDirection: { base: "column", md: "row" }, alignItems: { md: "flex-start" }, gap: "4" });
const cards = css({ flex: "1", display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 18rem), 1fr))", gap: "4", minW: 0 });
const panel = css({
  display: "flex",
  flexDirection: "column",
  bg: "bg.default",
  borderWidth: "1px",
  borderColor: "border.muted",
  borderRadius: "lg",
  boxShadow: "sm",
  minW: 0,
});
const pendingPanel = css({ w: { md: "80" }, flexShrink: 0, borderTopWidth: "4px", borderTopColor: "fg.warning" });
const head = css({ display: "flex", alignItems: "center", gap: "2", px: "3", py: "2.5", borderBottomWidth: "1px", borderColor: "border.muted" });
const headTitle = css({ flex: "1", fontWeight: "semibold", fontSize: "sm", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });
const list = css({ display: "flex", flexDirection: "column", p: "1", maxH: "26rem", overflowY: "auto" });
const notice = css({ display: "flex", alignItems: "center", gap: "2", fontSize: "sm", px: "3", py: "2", borderRadius: "md" });
const empty = css({ fontSize: "sm", color: "fg.muted", px: "3", py: "4", textAlign: "center" });
const dot = css({ w: "2.5", h: "2.5", borderRadius: "full", flexShrink: 0, bg: "fg.subtle", "&[data-online=true]": { bg: "fg.success" } });

/**
 * /moments, the pending panel: a card per user holding open tickets (online users first), each listing them, and the
 * pending column for tickets without a user. It reads GET /api/usersMoments again after the company's ticket and
 * message events. Admins open any ticket from it, other users their own.
 */
export default function MomentsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const q = useQuery(momentsQuery());
  useMomentsRealtime();
  const moments = q.data ?? [];
  const { cards: userCards, pending } = groupMoments(moments);
  const viewer = { id: user?.id ?? 0, admin: isAdmin(user) };
  const lines = (tickets: Moment[]) =>
    tickets.length ? tickets.map((m) => <MomentTicket key={m.id} moment={m} open={mayOpen(m, viewer)} />) : <p className={empty}>{t("moments.empty")}</p>;

  return (
    <div className={page} data-testid="moments-page">
      <h1 className={css({ fontSize: "xl", fontWeight: "semibold" })}>{t("moments.title")}</h1>
      {q.error ? (
        <p className={cx(notice, css({ bg: "bg.error", color: "fg.error" }))} role="alert" data-testid="moments-error">
          <AlertIcon size={16} />
          {/* A server failure is the users-load message; any other refusal says what it was. */}
          {q.error instanceof ApiError && q.error.status >= 500 ? t("moments.loadError") : errorMessage(q.error)}
        </p>
      ) : null}
      {moments.length >= MOMENTS_CAP ? (
        <p className={cx(notice, css({ bg: "bg.info", color: "fg.info" }))} data-testid="moments-capped">
          <InfoIcon size={16} />
          {t("moments.capped", { count: MOMENTS_CAP })}
        </p>
      ) : null}
      {q.isPending ? (
        <PageSpinner />
      ) : q.data ? (
        <div className={board}>
          <Column className={pendingPanel} testId="moments-pending" title={t("moments.pending")} count={pending.length}>
            {lines(pending)}
          </Column>
          <div className={cards}>
            {userCards.map(({ user: u, tickets }) => (
              <Column
                key={u.id}
                testId="moments-user-card"
                userId={u.id}
                icon={<Avatar name={u.name || "?"} size="sm" />}
                title={momentName(u.name)}
                online={u.online}
                count={tickets.length}
              >
                {lines(tickets)}
              </Column>
            ))}
            {userCards.length === 0 ? <p className={empty}>{t("moments.noUsers")}</p> : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

function Column(props: {
  testId: string;
  title: string;
  count: number;
  children: ReactNode;
  className?: string;
  userId?: number;
  icon?: ReactNode;
  online?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className={cx(panel, props.className)} data-testid={props.testId} data-user-id={props.userId}>
      <header className={head}>
        {props.icon}
        <h2 className={headTitle} title={props.title}>
          {props.title}
        </h2>
        {props.online !== undefined ? (
          <span className={dot} data-online={props.online} role="img" aria-label={t(props.online ? "users.online" : "users.offline")} />
        ) : null}
        <Badge data-testid="moments-count">{props.count}</Badge>
      </header>
      <div className={list}>{props.children}</div>
    </section>
  );
}
