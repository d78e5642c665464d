import { useQuery } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import { api } from "../../../api/client";
import { keys } from "../../../api/keys";
import { IconButton } from "../../../components/ui/button";
import { ChevronDownIcon, ChevronLeftIcon, ChevronUpIcon, DashboardIcon } from "../../../components/ui/icons";
import { Tip } from "../../../components/ui/tooltip";
import { useCompanyPlan, useSessionUser } from "../../auth/hooks";
import { daysUntilDue } from "../../auth/session";
import { connectionsListQuery } from "../../connections/queries";
import { useConnectionsRealtime } from "../../connections/realtime";
import { needsAttention } from "../../connections/status";
import { Logo } from "../../branding/Logo";
import { versionQuery } from "../../branding/queries";
import { hasCshow } from "../page";
import { adminItems, mainItems, managementItems, type MenuContext, type MenuItem } from "../menu";

export const CONNECTION_BADGE_DELAY_MS = 2000;

/** Spec 1 §2.2: any connection needing attention puts a badge on the item, checked 2 s after start, then kept live by the socket. */
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

function useHasHelps(): boolean {
  const q = useQuery({ queryKey: keys.helps, queryFn: () => api.get<unknown[]>("/api/helps/list"), meta: { silent: true }, retry: false, staleTime: 5 * 60_000 });
  return Array.isArray(q.data) && q.data.length > 0;
}

function useUnreadChats(userId: number, enabled: boolean): boolean {
  const q = useQuery({
    queryKey: ["chats", "unread"],
    queryFn: () => api.get<{ records?: { users?: { userId: number; unreads: number }[] }[] }>("/api/chats"),
    enabled,
    meta: { silent: true },
    retry: false,
  });
  return !!q.data?.records?.some((c) => c.users?.some((u) => u.userId === userId && u.unreads > 0));
}

function NavItem({ item, collapsed, active, dot, onNavigate }: { item: MenuItem; collapsed: boolean; active: boolean; dot: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  const link = (
    <Link
      to={item.to}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      data-testid={`menu-${item.to === "/" ? "dashboard" : item.to.slice(1)}`}
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
          aria-label={t(item.badge === "connections" ? "shell.connectionsAttention" : "shell.unreadChats")}
          className={css({ w: "2", h: "2", borderRadius: "full", bg: "status.danger", position: collapsed ? "absolute" : "static", top: "2", right: "2", ml: "auto" })}
        />
      ) : null}
    </Link>
  );
  return collapsed ? <Tip label={t(item.label)}>{link}</Tip> : link;
}

/** The drawer's content: logo, the menu by plan flags and role, the version label. */
export function Sidebar({ collapsed, onToggleCollapsed, onNavigate }: { collapsed: boolean; onToggleCollapsed?: () => void; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useSessionUser()!;
  const plan = useCompanyPlan().data;
  const version = useQuery(versionQuery).data?.version;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [managementOpen, setManagementOpen] = useState(true);
  const hasHelps = useHasHelps();
  const ctx: MenuContext = { user, plan, cshow: hasCshow(), hasHelps, subscriptionExpired: daysUntilDue(user.company?.dueDate) < 0 };
  const connectionsBadge = useConnectionsBadge(adminItems.find((i) => i.badge === "connections")!.visible(ctx));
  const chatsDot = useUnreadChats(user.id, !!plan?.useInternalChat);

  const isActive = (to: string) => (to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`));
  const render = (items: MenuItem[]) =>
    items
      .filter((i) => i.visible(ctx))
      .map((i) => (
        <NavItem
          key={i.to}
          item={i.to === "/financeiro" && ctx.subscriptionExpired ? { ...i, to: "/financeiro-aberto" } : i}
          collapsed={collapsed}
          active={isActive(i.to)}
          dot={(i.badge === "connections" && connectionsBadge) || (i.badge === "chats" && chatsDot)}
          onNavigate={onNavigate}
        />
      ));
  const management = managementItems.filter((i) => i.visible(ctx));
  const admin = render(adminItems);

  const sectionLabel = css({ px: "5", pt: "4", pb: "1", fontSize: "xs", fontWeight: "semibold", color: "fg.muted", textTransform: "uppercase", letterSpacing: "0.04em" });
  return (
    <nav aria-label={t("shell.navigation")} className={css({ display: "flex", flexDirection: "column", h: "full", minH: 0 })}>
      <div className={css({ h: "topbar", display: "flex", alignItems: "center", justifyContent: collapsed ? "center" : "space-between", px: collapsed ? "0" : "4", borderBottomWidth: "1px", borderColor: "border.muted", flexShrink: 0 })}>
        {collapsed ? null : <Logo compact />}
        {onToggleCollapsed ? (
          <IconButton aria-label={collapsed ? t("shell.expandMenu") : t("shell.collapseMenu")} onClick={onToggleCollapsed} data-testid="drawer-collapse" size="sm">
            <ChevronLeftIcon className={cx(collapsed ? css({ transform: "rotate(180deg)" }) : undefined)} />
          </IconButton>
        ) : null}
      </div>
      <div className={css({ flex: "1", overflowY: "auto", overflowX: "hidden", py: "2", display: "flex", flexDirection: "column", gap: "0.5" })}>
        {management.length > 0 ? (
          <>
            <button
              type="button"
              onClick={() => setManagementOpen((o) => !o)}
              aria-expanded={managementOpen}
              data-testid="menu-management"
              className={css({ display: "flex", alignItems: "center", gap: "3", h: "10", flexShrink: 0, px: "3", mx: "2", borderRadius: "md", fontSize: "sm", fontWeight: "medium", color: "fg.default", cursor: "pointer", _hover: { bg: "bg.subtle" } })}
            >
              <DashboardIcon size={20} />
              {collapsed ? null : <span className={css({ flex: "1", textAlign: "left" })}>{t("menu.management")}</span>}
              {collapsed ? null : managementOpen ? <ChevronUpIcon size={16} /> : <ChevronDownIcon size={16} />}
            </button>
            {managementOpen ? <div className={css({ pl: collapsed ? "0" : "3", display: "flex", flexDirection: "column", gap: "0.5" })}>{render(management)}</div> : null}
          </>
        ) : null}
        {render(mainItems)}
        {admin.length > 0 ? (
          <>
            {collapsed ? <hr className={css({ borderColor: "border.muted", my: "2", mx: "3" })} /> : <div className={sectionLabel}>{t("menu.administration")}</div>}
            {admin}
          </>
        ) : null}
      </div>
      <div data-testid="version-label" className={css({ flexShrink: 0, px: "4", py: "3", fontSize: "xs", color: "fg.muted", borderTopWidth: "1px", borderColor: "border.muted", textAlign: collapsed ? "center" : "left" })}>
        {version ? `v.${version}` : "\u00a0"}
      </div>
    </nav>
  );
}
