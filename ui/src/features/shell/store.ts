import { proxy, subscribe } from "valtio";

export type ThemeMode = "light" | "dark";
const THEME_KEY = "theme";
const VOLUME_KEY = "volume";

function systemTheme(): ThemeMode {
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function initialTheme(): ThemeMode {
  const stored = localStorage.getItem(THEME_KEY);
  return stored === "dark" || stored === "light" ? stored : systemTheme();
}

function initialVolume(): number {
  const v = Number(localStorage.getItem(VOLUME_KEY));
  return localStorage.getItem(VOLUME_KEY) !== null && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1;
}

/** Client state of the shell: theme mode, drawer, notification volume. */
export const ui = proxy({
  theme: initialTheme(),
  /** The temporary navigation overlay under 600 px. */
  mobileDrawerOpen: false,
  /** The permanent drawer folded to icons (wide screens). */
  collapsed: false,
  volume: initialVolume(),
});

export function applyTheme(mode: ThemeMode) {
  const root = document.documentElement;
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
}

applyTheme(ui.theme);
subscribe(ui, () => applyTheme(ui.theme));

/** Theme precedence: the user's defaultTheme after login, else the remembered choice, else the system preference. */
export function setTheme(mode: ThemeMode) {
  ui.theme = mode;
  localStorage.setItem(THEME_KEY, mode);
}

export function setVolume(v: number) {
  ui.volume = Math.round(Math.min(1, Math.max(0, v)) * 10) / 10;
  localStorage.setItem(VOLUME_KEY, String(ui.volume));
}

export function setCollapsed(v: boolean) {
  ui.collapsed = v;
}

export function setMobileDrawer(open: boolean) {
  ui.mobileDrawerOpen = open;
}
