import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { stripMarks } from "../../../../../src/channels/marks";
import { onSocketEvent } from "../../../realtime/socket";
import { session } from "../../auth/store";
import { ui } from "../../shell/store";
import { useCompanySetting } from "../../tickets/hooks/useCompanySetting";
import { inbox } from "../../tickets/store";
import type { Message, Ticket } from "../../tickets/types";
import { shouldNotify } from "./rules";
import { playChime } from "./sound";

/**
 * Desktop notifications and the chime for new messages, mounted once in the app shell. Which messages
 * count is decided by rules.ts; the sound plays at the top bar's volume; a browser without the Notification API
 * only logs that it has none. Clicking a notification brings the window forward and opens the conversation.
 */
export function useTicketNotifications() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showPending = useRef(false);
  showPending.current = useCompanySetting("showNotificationPending") === "enabled";
  const companyId = session.user?.companyId;

  useEffect(() => {
    if (!companyId) return;
    const supported = typeof window.Notification === "function";
    if (!supported) console.info("desktop notifications are not supported by this browser");
    else if (Notification.permission === "default") void Notification.requestPermission().catch(() => undefined);

    return onSocketEvent(`company-${companyId}-appMessage`, (d: { action: string; message?: Message; ticket?: Ticket }) => {
      const user = session.user;
      if (d.action !== "create" || !d.message || !d.ticket || !user) return;
      const ctx = { user, showPending: showPending.current, openTicketId: inbox.openTicketId, pageVisible: document.visibilityState === "visible" };
      if (!shouldNotify(d.message, d.ticket, ctx)) return;
      playChime(ui.volume);
      if (!supported) return console.info("new message on ticket", d.ticket.id);
      if (Notification.permission !== "granted") return;
      const ticket = d.ticket;
      // A notification shows text only: the message's marks go.
      const body =
        stripMarks(d.message.body) ||
        (d.message.mediaType ? t(`extras.notifications.media.${d.message.mediaType}`, { defaultValue: t("extras.notifications.media.application") }) : "");
      const n = new Notification(t("extras.notifications.title", { name: ticket.contact.name }), {
        body,
        icon: ticket.contact.urlPicture ?? undefined,
        tag: `ticket-${ticket.id}`,
      });
      n.onclick = () => {
        window.focus();
        void navigate({ to: "/tickets/$ticketId", params: { ticketId: ticket.uuid } });
        n.close();
      };
    });
  }, [companyId, navigate, t]);
}
