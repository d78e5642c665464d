import { Outlet, useParams } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { css } from "../../../../styled-system/css";
import { api } from "../../../api/client";
import { ResizablePanel } from "../../../components/ui/resizable";
import * as Tabs from "../../../components/ui/tabs";
import { useSessionUser } from "../../auth/hooks";
import { updateSessionUser } from "../../auth/store";
import { useIsWide } from "../../shell/hooks";
import { useInboxRealtime } from "../hooks/useInboxRealtime";
import { inbox, PANEL_DEFAULT_PX, PANEL_MAX_PX, PANEL_MIN_PX, setMobileTab } from "../store";
import { InboxDialogs } from "../modals/InboxDialogs";
import { TicketsManager } from "./TicketsManager";

const clampWidth = (w: number | undefined) => Math.min(PANEL_MAX_PX, Math.max(PANEL_MIN_PX, w || PANEL_DEFAULT_PX));

/**
 * /tickets and /tickets/:uuid: on wide screens the resizable tickets panel (saved per user through
 * PUT /api/users/toggleChangeWidht/:id) beside the open ticket; under 600 px two tabs, the ticket and the list.
 */
export default function TicketsLayout() {
  const { t } = useTranslation();
  useInboxRealtime();
  const wide = useIsWide();
  const user = useSessionUser();
  const { ticketId } = useParams({ strict: false }) as { ticketId?: string };
  const { mobileTab } = useSnapshot(inbox);
  const [width, setWidth] = useState(() => clampWidth(user?.defaultTicketsManagerWidth));

  useEffect(() => setMobileTab(ticketId ? "ticket" : "list"), [ticketId]);

  const commit = (w: number) => {
    if (!user || w === user.defaultTicketsManagerWidth) return;
    updateSessionUser({ defaultTicketsManagerWidth: w });
    api.put(`/api/users/toggleChangeWidht/${user.id}`, { defaultTicketsManagerWidth: w }).catch(() => undefined);
  };

  const fill = css({ display: "flex", flex: "1", minH: 0, minW: 0, overflow: "hidden" });
  return (
    <div className={fill} data-testid="tickets-page">
      {wide ? (
        <>
          <ResizablePanel
            width={width}
            min={PANEL_MIN_PX}
            max={PANEL_MAX_PX}
            onResize={setWidth}
            onCommit={commit}
            label={t("tickets.panel.resize")}
            data-testid="tickets-panel"
          >
            <div className={css({ flex: "1", minH: 0, borderRightWidth: "1px", borderColor: "border.muted", display: "flex", flexDirection: "column" })}>
              <TicketsManager />
            </div>
          </ResizablePanel>
          <section className={css({ display: "flex", flexDirection: "column", flex: "1", minW: 0 })}>
            <Outlet />
          </section>
        </>
      ) : (
        <div className={css({ display: "flex", flexDirection: "column", flex: "1", minW: 0 })}>
          <Tabs.Root value={mobileTab} onValueChange={(d) => setMobileTab(d.value as "ticket" | "list")}>
            <Tabs.List className={css({ bg: "bg.default", "& > button": { flex: "1", justifyContent: "center" } })}>
              <Tabs.Trigger value="ticket" data-testid="mobile-tab-ticket">
                {t("tickets.mobile.ticket")}
              </Tabs.Trigger>
              <Tabs.Trigger value="list" data-testid="mobile-tab-list">
                {t("tickets.mobile.list")}
              </Tabs.Trigger>
              <Tabs.Indicator />
            </Tabs.List>
          </Tabs.Root>
          <div
            hidden={mobileTab !== "ticket"}
            className={css({ display: mobileTab === "ticket" ? "flex" : "none", flexDirection: "column", flex: "1", minH: 0 })}
          >
            <Outlet />
          </div>
          <div hidden={mobileTab !== "list"} className={css({ display: mobileTab === "list" ? "flex" : "none", flexDirection: "column", flex: "1", minH: 0 })}>
            <TicketsManager />
          </div>
        </div>
      )}
      <InboxDialogs />
    </div>
  );
}
