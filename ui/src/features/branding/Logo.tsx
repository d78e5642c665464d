import { useSnapshot } from "valtio";
import { css, cx } from "../../../styled-system/css";
import { ui } from "../shell/store";
import { useBranding } from "./queries";

/** The whitelabel logo for the current theme, or the app name when no logo is set. */
export function Logo({ className, compact }: { className?: string; compact?: boolean }) {
  const { theme } = useSnapshot(ui);
  const light = useBranding("appLogoLight");
  const dark = useBranding("appLogoDark");
  const appName = useBranding("appName");
  const src = theme === "dark" ? dark || light : light || dark;
  if (src) return <img src={src} alt={appName} className={cx(css({ maxH: compact ? "8" : "16", maxW: "full", objectFit: "contain" }), className)} />;
  return (
    <span className={cx(css({ fontWeight: "bold", fontSize: compact ? "lg" : "2xl", color: "accent.text", letterSpacing: "-0.01em" }), className)}>
      {appName}
    </span>
  );
}
