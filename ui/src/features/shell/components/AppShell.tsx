import { Portal } from "@ark-ui/react/portal";
import { Outlet } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { css } from "../../../../styled-system/css";
import * as Drawer from "../../../components/ui/drawer";
import { useIsWide } from "../hooks";
import { useRealtime } from "../../../realtime/useRealtime";
import { useTicketNotifications } from "../../conversation-extras/notifications/useTicketNotifications";
import { setCollapsed, setMobileDrawer, ui } from "../store";
import { Sidebar } from "./Sidebar";
import { TopBar } from "./TopBar";

/** Drawer 240 px, permanent at 600 px and wider (collapsible), a temporary overlay below. */
export function AppShell() {
  const { t } = useTranslation();
  const wide = useIsWide();
  const { collapsed, mobileDrawerOpen } = useSnapshot(ui);
  useRealtime();
  useTicketNotifications();

  return (
    <div className={css({ display: "flex", h: "100dvh", bg: "bg.canvas", overflow: "hidden" })}>
      {wide ? (
        <aside
          data-testid="app-drawer"
          data-collapsed={collapsed || undefined}
          className={css({
            w: collapsed ? "drawerCollapsed" : "drawer",
            flexShrink: 0,
            bg: "bg.default",
            borderRightWidth: "1px",
            borderColor: "border.muted",
            transition: "width 0.2s",
            overflow: "hidden",
          })}
        >
          <Sidebar collapsed={collapsed} onToggleCollapsed={() => setCollapsed(!collapsed)} />
        </aside>
      ) : (
        <Drawer.Root open={mobileDrawerOpen} onOpenChange={(d) => setMobileDrawer(d.open)} placement="left" lazyMount unmountOnExit>
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content data-testid="app-drawer-overlay" aria-label={t("shell.navigation")} className={css({ w: "drawer" })}>
                <Sidebar collapsed={false} onNavigate={() => setMobileDrawer(false)} />
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
      <div className={css({ flex: "1", minW: 0, display: "flex", flexDirection: "column" })}>
        <TopBar wide={wide} onMenu={() => setMobileDrawer(true)} />
        <main data-testid="app-main" className={css({ flex: "1", minH: 0, overflow: "auto", display: "flex", flexDirection: "column" })}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
