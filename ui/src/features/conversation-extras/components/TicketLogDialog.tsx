import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { errorMessage } from "../../../api/errors";
import * as Dialog from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { ddmmyyyy, hhmm } from "../../tickets/format";
import { ticketLogsQuery } from "../queries";
import { TICKET_LOG_TYPES, type TicketLog } from "../types";

const known = (type: string) => (TICKET_LOG_TYPES as readonly string[]).includes(type);

/** The ticket log timeline: every entry with what happened, who, in which queue and when. */
export function TicketLogDialog({ ticketId, open, onOpenChange }: { ticketId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const logs = useQuery({ ...ticketLogsQuery(ticketId), enabled: open });
  return (
    <Dialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} lazyMount unmountOnExit>
      <Dialog.Frame data-testid="extras-timeline-dialog">
        <Dialog.Title>{t("extras.timeline.title", { id: ticketId })}</Dialog.Title>
        <div className={css({ mt: "4", minW: { sm: "md" }, maxH: "70vh", overflowY: "auto" })}>
          {logs.isPending ? <Spinner /> : null}
          {logs.isError ? <p className={css({ color: "fg.error", fontSize: "sm" })}>{errorMessage(logs.error)}</p> : null}
          {logs.data?.length === 0 ? <p className={css({ color: "fg.muted", fontSize: "sm" })}>{t("extras.timeline.empty")}</p> : null}
          <ol className={css({ display: "flex", flexDirection: "column", borderLeftWidth: "2px", borderColor: "border.default", ml: "2" })}>
            {logs.data?.map((log) => (
              <Entry key={log.id} log={log} />
            ))}
          </ol>
        </div>
      </Dialog.Frame>
    </Dialog.Root>
  );
}

function Entry({ log }: { log: TicketLog }) {
  const { t } = useTranslation();
  const at = new Date(log.createdAt);
  return (
    <li data-testid="extras-timeline-entry" data-type={log.type} className={css({ position: "relative", pl: "5", pb: "4" })}>
      <span
        aria-hidden
        className={css({
          position: "absolute",
          left: "-7px",
          top: "1.5",
          w: "3",
          h: "3",
          borderRadius: "full",
          bg: "accent.default",
          borderWidth: "2px",
          borderColor: "bg.default",
        })}
      />
      <p className={css({ fontSize: "sm", fontWeight: "medium" })}>{known(log.type) ? t(`extras.timeline.types.${log.type}`) : log.type}</p>
      <p className={css({ fontSize: "xs", color: "fg.muted", display: "flex", flexWrap: "wrap", columnGap: "3" })}>
        <time dateTime={log.createdAt}>
          {ddmmyyyy(at)} {hhmm(at)}
        </time>
        {log.user ? <span>{t("extras.timeline.by", { name: log.user.name })}</span> : null}
        {log.queue ? (
          <span className={css({ display: "inline-flex", alignItems: "center", gap: "1" })}>
            <span aria-hidden style={{ background: log.queue.color ?? undefined }} className={css({ w: "2", h: "2", borderRadius: "full", bg: "fg.subtle" })} />
            {t("extras.timeline.queue", { name: log.queue.name })}
          </span>
        ) : null}
      </p>
    </li>
  );
}
