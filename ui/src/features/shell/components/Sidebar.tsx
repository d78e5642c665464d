import { useQuery } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import { IconButton } from "../../../components/ui/button";
import { ChevronDownIcon, ChevronLeftIcon } from "../../../components/ui/icons";
import { Tip } from "../../../components/ui/tooltip";
import { useCompanyPlan, useSessionUser } from "../../auth/hooks";
import { connectionsListQuery } from "../../connections/queries";
import { useConnectionsRealtime } from "../../connections/realtime";
import { needsAttention } from "../../connections/status";
import { Logo } from "../../branding/Logo";
import { versionQuery } from "../../branding/queries";
import { adminItems, isVisible, mainItems, managementItems, type MenuContext, type MenuItem } from "../menu";

export const CONNECTION_BADGE_DELAY_MS = 2000;
/** The management group folded or not, remembered in this browser. */
const MANAGEMENT_KEY = "menu.management";

/** Any connection needing attention puts a badge on the item, checked 2 s after start, then kept live by the socket. */
function useConnectionsBadge(enabled: boolean): boolean {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setArmed(true), CONNECTION_BADGE_DELAY_MS);
    return () => clearTimeout(id);
  }, []);
  useConnectionsRealtime(enabled);
  const q = useQuery({ ...connectionsListQuery, enabled: enabled && armed, meta: { silent: true }, retry: false });
  return needsAttention(q.data);
}

function NavItem({ item, collapsed, active, dot, onNavigate }: { item: MenuItem; collapsed: boolean; active: boolean; dot: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  const link = (
    <Link
      to={item.to}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      data-testid={`menu-${item.to.slice(1)}`}
      className={css({
        display: "flex",
        alignItems: "center",
        gap: "3",
        h: "10",
        flexShrink: 0,
        px: "3",
        mx: "2",
        borderRadius: "md",
        fontSize: "sm",
        fontWeight: "medium",
        color: "fg.default",
        textDecoration: "none",
        position: "relative",
        whiteSpace: "nowrap",
        overflow: "hidden",
        _hover: { bg: "bg.subtle" },
        "&[aria-current=page]": { bg: "accent.subtle", color: "accent.text" },
        "& svg": { flexShrink: 0 },
      })}
    >
      <Icon size={20} />
      {collapsed ? null : <span className={css({ overflow: "hidden", textOverflow: "ellipsis" })}>{t(item.label)}</span>}
      {dot ? (
        <span
          data-testid={`menu-badge-${item.badge}`}
          role="img"
          aria-label={t("shell.connectionsAttention")}
          className={css({
            w: "2",
            h: "2",
            borderRadius: "full",
            bg: "status.danger",
            position: collapsed ? "absolute" : "static",
            top: "2",
            right: "2",
            ml: "auto",
          })}
        />
      ) : null}
    </Link>
  );
  return collapsed ? <Tip label={t(item.label)}>{link}</Tip> : link;
}

/** The drawer's content: logo, the menu (what the server has, by plan flags and role), the version label. */
export function Sidebar({ collapsed, onToggleCollapsed, onNavigate }: { collapsed: boolean; onToggleCollapsed?: () => void; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useSessionUser()!;
  const plan = useCompanyPlan().data;
  const server = useQuery(versionQuery).data;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const ctx: MenuContext = { user, plan, features: server?.features ?? [] };
  const connectionsBadge = useConnectionsBadge(isVisible(adminItems.find((i) => i.badge === "connections")!, ctx));

  const isActive = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  const render = (items: MenuItem[]) =>
    items
      .filter((i) => isVisible(i, ctx))
      .map((i) => (
        <NavItem
          key={i.to}
          item={i}
          collapsed={collapsed}
          active={isActive(i.to)}
          dot={i.badge === "connections" && connectionsBadge}
          onNavigate={onNavigate}
        />
      ));
  const admin = render(adminItems);
  const management = render(managementItems);
  const [managementOpen, setManagementOpen] = useState(() => localStorage.getItem(MANAGEMENT_KEY) !== "closed");
  const toggleManagement = () => {
    localStorage.setItem(MANAGEMENT_KEY, managementOpen ? "closed" : "open");
    setManagementOpen(!managementOpen);
  };

  const sectionLabel = css({
    px: "5",
    pt: "4",
    pb: "1",
    fontSize: "xs",
    fontWeight: "semibold",
    color: "fg.muted",
    textTransform: "uppercase",
    letterSpacing: "0.04em",
  });
  return (
    <nav aria-label={t("shell.navigation")} className={css({ display: "flex", flexDirection: "column", h: "full", minH: 0 })}>
      <div
        className={css({
          h: "topbar",
          display: "flex",
          alignItems: "center",
          justifyContent: collapsed ? "center" : "space-between",
          px: collapsed ? "0" : "4",
          borderBottomWidth: "1px",
          borderColor: "border.muted",
          flexShrink: 0,
        })}
      >
        {collapsed ? null : <Logo compact />}
        {onToggleCollapsed ? (
          <IconButton
            aria-label={collapsed ? t("shell.expandMenu") : t("shell.collapseMenu")}
            onClick={onToggleCollapsed}
            data-testid="drawer-collapse"
            size="sm"
          >
            <ChevronLeftIcon className={cx(collapsed ? css({ transform: "rotate(180deg)" }) : undefined)} />
          </IconButton>
        ) : null}
      </div>
      <div className={css({ flex: "1", overflowY: "auto", overflowX: "hidden", py: "2", display: "flex", flexDirection: "column", gap: "0.5" })}>
        {management.length > 0 ? (
          <>
            {collapsed ? null : (
              <button
                type="button"
                className={cx(
                  sectionLabel,
                  css({ display: "flex", alignItems: "center", justifyContent: "space-between", w: "full", cursor: "pointer", pr: "4" }),
                )}
                onClick={toggleManagement}
                aria-expanded={managementOpen}
                data-testid="management-toggle"
              >
                {t("menu.management")}
                <ChevronDownIcon size={14} className={cx(managementOpen ? undefined : css({ transform: "rotate(-90deg)" }))} />
              </button>
            )}
            {managementOpen || collapsed ? management : null}
            {collapsed ? <hr className={css({ borderColor: "border.muted", my: "2", mx: "3" })} /> : null}
          </>
        ) : null}
        {render(mainItems)}
        {admin.length > 0 ? (
          <>
            {collapsed ? (
              <hr className={css({ borderColor: "border.muted", my: "2", mx: "3" })} />
            ) : (
              <div className={sectionLabel}>{t("menu.administration")}</div>
            )}
            {admin}
          </>
        ) : null}
      </div>
      <div
        data-testid="version-label"
        className={css({
          flexShrink: 0,
          px: "4",
          py: "3",
          fontSize: "xs",
          color: "fg.muted",
          borderTopWidth: "1px",
          borderColor: "border.muted",
          textAlign: collapsed ? "center" : "left",
        })}
      >
        {server ? `v.${server.version}` : "\u00a0"}
      </div>
    </nav>
  );
}
