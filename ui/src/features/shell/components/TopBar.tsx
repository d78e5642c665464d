import { Portal } from "@ark-ui/react/portal";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { css } from "../../../../styled-system/css";
import { api } from "../../../api/client";
import { Avatar } from "../../../components/ui/avatar";
import { IconButton } from "../../../components/ui/button";
import * as I from "../../../components/ui/icons";
import * as Menu from "../../../components/ui/menu";
import * as Popover from "../../../components/ui/popover";
import { Tip } from "../../../components/ui/tooltip";
import { changeLanguage, isLanguage, LANGUAGES } from "../../../i18n";
import { useSessionUser } from "../../auth/hooks";
import { logout } from "../../auth/session";
import { updateSessionUser } from "../../auth/store";
import { setTheme, setVolume, ui } from "../store";
import { NotificationsBell } from "./NotificationsBell";

const UserModal = lazy(() => import("../../users/components/UserModal").then((m) => ({ default: m.UserModal })));

function VolumeControl() {
  const { t } = useTranslation();
  const { volume } = useSnapshot(ui);
  return (
    <Popover.Root positioning={{ placement: "bottom-end" }}>
      <Tip label={t("shell.volume")}>
        <Popover.Trigger asChild>
          <IconButton aria-label={t("shell.volume")} data-testid="volume-button">
            {volume === 0 ? <I.VolumeOffIcon /> : <I.VolumeIcon />}
          </IconButton>
        </Popover.Trigger>
      </Tip>
      <Portal>
        <Popover.Positioner>
          <Popover.Content>
            <label className={css({ display: "flex", alignItems: "center", gap: "3", fontSize: "sm" })}>
              <I.VolumeOffIcon size={16} />
              <input
                type="range"
                min={0}
                max={1}
                step={0.1}
                value={volume}
                onChange={(e) => setVolume(Number(e.target.value))}
                aria-label={t("shell.volume")}
                data-testid="volume-slider"
                className={css({ flex: "1", accentColor: "accent.default" })}
              />
              <I.VolumeIcon size={16} />
            </label>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** The light/dark toggle: remembered locally and saved as the user's defaultTheme. */
function ThemeToggle() {
  const { t } = useTranslation();
  const { theme } = useSnapshot(ui);
  const user = useSessionUser();
  const save = useMutation({
    mutationFn: (mode: "light" | "dark") => api.put(`/api/users/${user!.id}`, { defaultTheme: mode }),
  });
  const next = theme === "dark" ? "light" : "dark";
  return (
    <Tip label={theme === "dark" ? t("shell.lightMode") : t("shell.darkMode")}>
      <IconButton
        aria-label={theme === "dark" ? t("shell.lightMode") : t("shell.darkMode")}
        data-testid="theme-toggle"
        onClick={() => {
          setTheme(next);
          if (user) {
            updateSessionUser({ defaultTheme: next });
            save.mutate(next);
          }
        }}
      >
        {theme === "dark" ? <I.SunIcon /> : <I.MoonIcon />}
      </IconButton>
    </Tip>
  );
}

function UserMenu() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser()!;
  const navigate = useNavigate();
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <Menu.Frame
        positioning={{ placement: "bottom-end" }}
        trigger={
          <button
            type="button"
            aria-label={t("shell.accountMenu")}
            data-testid="user-menu"
            className={css({ borderRadius: "full", cursor: "pointer", ml: "1", _focusVisible: { outline: "2px solid", outlineColor: "accent.default" } })}
          >
            <Avatar name={user.name} src={user.profileImage} size="sm" />
          </button>
        }
      >
        <Menu.ItemGroup>
          <Menu.ItemGroupLabel>{user.name}</Menu.ItemGroupLabel>
          <Menu.Item value="profile" onClick={() => setProfileOpen(true)} data-testid="menu-profile">
            <I.UserIcon />
            {t("shell.profile")}
          </Menu.Item>
        </Menu.ItemGroup>
        <Menu.Separator />
        <Menu.RadioItemGroup value={i18n.language} onValueChange={(d) => isLanguage(d.value) && void changeLanguage(d.value)}>
          <Menu.ItemGroupLabel>{t("shell.language")}</Menu.ItemGroupLabel>
          {LANGUAGES.map((l) => (
            <Menu.RadioItem key={l} value={l} data-testid={`language-${l}`}>
              <I.GlobeIcon />
              <Menu.ItemText>{t(`languages.${l}`)}</Menu.ItemText>
              <Menu.ItemIndicator>
                <I.CheckIcon />
              </Menu.ItemIndicator>
            </Menu.RadioItem>
          ))}
        </Menu.RadioItemGroup>
        <Menu.Separator />
        <Menu.Item
          value="logout"
          data-testid="menu-logout"
          onClick={async () => {
            await logout();
            void navigate({ to: "/login" });
          }}
        >
          <I.LogOutIcon />
          {t("shell.logout")}
        </Menu.Item>
      </Menu.Frame>
      {profileOpen ? (
        <Suspense fallback={null}>
          <UserModal open={profileOpen} onOpenChange={setProfileOpen} userId={user.id} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The top bar: menu toggle, greeting, volume, reload, theme, notifications, avatar menu. */
export function TopBar({ onMenu, wide }: { onMenu: () => void; wide: boolean }) {
  const { t } = useTranslation();
  const user = useSessionUser()!;
  return (
    <header
      data-testid="topbar"
      className={css({
        h: "topbar",
        flexShrink: 0,
        display: "flex",
        alignItems: "center",
        gap: "1",
        px: { base: "1", sm: "3" },
        bg: "bg.default",
        borderBottomWidth: "1px",
        borderColor: "border.muted",
        minW: 0,
      })}
    >
      {wide ? null : (
        <IconButton aria-label={t("shell.openMenu")} onClick={onMenu} data-testid="drawer-toggle">
          <I.MenuIcon />
        </IconButton>
      )}
      <p
        className={css({
          flex: "1",
          minW: 0,
          overflow: "hidden",
          textOverflow: "ellipsis",
          whiteSpace: "nowrap",
          fontSize: "sm",
          color: "fg.muted",
          px: "2",
          hideBelow: "sm",
        })}
      >
        {t("shell.greeting", { name: user.name, company: user.company?.name ?? "" })}
      </p>
      <span className={css({ flex: "1", hideFrom: "sm" })} />
      <VolumeControl />
      <Tip label={t("shell.reload")}>
        <IconButton aria-label={t("shell.reload")} onClick={() => window.location.reload()} data-testid="reload-button">
          <I.RefreshIcon />
        </IconButton>
      </Tip>
      <ThemeToggle />
      <NotificationsBell />
      <UserMenu />
    </header>
  );
}
