import { useEffect } from "react";
import { useLiveBranding } from "./live";
import { useBranding } from "./queries";

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function readableOn(hex: string): string {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex.trim());
  if (!m) return "#ffffff";
  let h = m[1]!;
  if (h.length === 3)
    h = h
      .split("")
      .map((c) => c + c)
      .join("");
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 ? "#ffffff" : "#06121c";
}

/**
 * Whitelabel: the public settings' colours replace the accent tokens, appName the document title,
 * appLogoFavicon the icon. An unlayered <style> wins over Panda's layered token rules. Changes arrive live.
 */
export function Branding() {
  useLiveBranding();
  const light = useBranding("primaryColorLight");
  const dark = useBranding("primaryColorDark");
  const appName = useBranding("appName");
  const favicon = useBranding("appLogoFavicon");

  useEffect(() => {
    let el = document.getElementById("branding-vars") as HTMLStyleElement | null;
    if (!el) {
      el = document.createElement("style");
      el.id = "branding-vars";
      document.head.appendChild(el);
    }
    const safe = (c: string, d: string) => (/^#[0-9a-f]{3,8}$/i.test(c) ? c : d);
    const l = safe(light, "#0000FF");
    const d = safe(dark, "#39ACE7");
    el.textContent =
      `:root{--colors-accent-default:${l};--colors-accent-text:${l};--colors-accent-fg:${readableOn(l)};--colors-accent-emphasized:color-mix(in srgb, ${l} 82%, black)}` +
      `[data-theme=dark]{--colors-accent-default:${d};--colors-accent-text:${d};--colors-accent-fg:${readableOn(d)};--colors-accent-emphasized:color-mix(in srgb, ${d} 82%, white)}`;
  }, [light, dark]);

  useEffect(() => {
    document.title = appName;
  }, [appName]);

  // The page's own icon is remembered on the link, so clearing the setting brings it back.
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>("link[rel=icon]");
    if (!link) {
      link = document.createElement("link");
      link.rel = "icon";
      document.head.appendChild(link);
    }
    link.dataset.defaultHref ??= link.getAttribute("href") ?? "";
    link.dataset.defaultType ??= link.getAttribute("type") ?? "";
    // The uploaded icon's type is the server's to say: a stale `type` would make the browser skip it.
    const href = favicon || link.dataset.defaultHref;
    const type = favicon ? "" : link.dataset.defaultType;
    if (href) link.setAttribute("href", href);
    else link.removeAttribute("href");
    if (type) link.setAttribute("type", type);
    else link.removeAttribute("type");
  }, [favicon]);

  return null;
}
