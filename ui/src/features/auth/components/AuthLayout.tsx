import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { css } from "../../../../styled-system/css";
import { IconButton } from "../../../components/ui/button";
import { MoonIcon, SunIcon } from "../../../components/ui/icons";
import { Logo } from "../../branding/Logo";
import { setTheme, ui } from "../../shell/store";
import { LanguageSelect } from "../../shell/components/LanguageSelect";

/** The public screens' frame: logo, a card, and the theme and language controls. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { theme } = useSnapshot(ui);
  return (
    <div
      className={css({
        minH: "100dvh",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        px: "4",
        pt: "16",
        pb: "8",
        bg: "bg.canvas",
      })}
    >
      <div className={css({ position: "fixed", top: "3", right: "3", display: "flex", gap: "1", alignItems: "center" })}>
        <LanguageSelect />
        <IconButton
          aria-label={theme === "dark" ? t("shell.lightMode") : t("shell.darkMode")}
          data-testid="theme-toggle"
          onClick={() => setTheme(theme === "dark" ? "light" : "dark")}
        >
          {theme === "dark" ? <SunIcon /> : <MoonIcon />}
        </IconButton>
      </div>
      <main
        className={css({
          width: "full",
          maxW: "420px",
          bg: "bg.default",
          borderRadius: "xl",
          boxShadow: "md",
          borderWidth: "1px",
          borderColor: "border.muted",
          p: { base: "5", sm: "8" },
          display: "flex",
          flexDirection: "column",
          gap: "5",
        })}
      >
        <div className={css({ display: "flex", justifyContent: "center" })}>
          <Logo />
        </div>
        <h1 className={css({ fontSize: "xl", fontWeight: "semibold", textAlign: "center" })}>{title}</h1>
        {children}
      </main>
    </div>
  );
}
