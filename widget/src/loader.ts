/**
 * /widget.js: put `<script src="https://<server>/widget.js" data-key="<widgetKey>" async></script>` on any site.
 * It adds a floating button that opens /widget/<widgetKey> (the chat page, served from our origin) in an iframe.
 * Options: data-color="#2563eb" (button colour), data-position="left" (default right), data-label (button title).
 * The iframe is created on the first click, so the host page loads nothing else until a visitor wants to chat.
 *
 * The visitor token is kept here, in the site's own localStorage (this script runs first-party on the site's page):
 * the frame, a third-party frame, has no storage of its own in current browsers. It is handed to the frame by
 * postMessage to our origin only, and taken back from the frame's window and our origin only (protocol.ts).
 */
import { type FrameMessage, isVisitorToken, type PageMessage, tokenKey } from "./protocol";

(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const key = script?.dataset.key;
  if (!script || !key || !/^[A-Za-z0-9]{16,64}$/.test(key)) return void console.warn("[multi100] widget.js: data-key is missing or invalid");
  const origin = new URL(script.src, location.href).origin;
  const color = /^#[0-9a-fA-F]{3,8}$/.test(script.dataset.color ?? "") ? script.dataset.color! : "#2563eb";
  const side = script.dataset.position === "left" ? "left" : "right";
  const label = script.dataset.label || "Chat";
  const id = `multi100-chat-${key}`;
  if (document.getElementById(id)) return;

  const CHAT =
    '<svg viewBox="0 0 24 24" width="28" height="28" fill="#fff" aria-hidden="true"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>';
  const CLOSE =
    '<svg viewBox="0 0 24 24" width="26" height="26" fill="#fff" aria-hidden="true"><path d="M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7 2.9 18.3 9.2 12 2.9 5.7 4.3 4.3l6.3 6.3 6.3-6.3z"/></svg>';

  const root = document.createElement("div");
  root.id = id;
  const button = document.createElement("button");
  button.type = "button";
  button.title = label;
  button.setAttribute("aria-label", label);
  button.setAttribute("aria-expanded", "false");
  button.innerHTML = CHAT;
  Object.assign(button.style, {
    position: "fixed",
    bottom: "20px",
    [side]: "20px",
    width: "60px",
    height: "60px",
    borderRadius: "50%",
    border: "0",
    padding: "0",
    background: color,
    boxShadow: "0 4px 14px rgba(0,0,0,.25)",
    cursor: "pointer",
    zIndex: "2147483000",
    display: "grid",
    placeItems: "center",
  });
  root.append(button);

  let frame: HTMLIFrameElement | undefined;
  let open = false;
  const small = () => window.matchMedia("(max-width: 480px)").matches;
  const place = () => {
    if (!frame) return;
    const full = small();
    Object.assign(frame.style, {
      position: "fixed",
      bottom: full ? "0" : "92px",
      [side]: full ? "0" : "20px",
      width: full ? "100%" : "370px",
      height: full ? "100%" : "min(600px, calc(100vh - 112px))",
      border: "0",
      borderRadius: full ? "0" : "14px",
      boxShadow: "0 8px 30px rgba(0,0,0,.25)",
      background: "#fff",
      zIndex: "2147483001",
      display: open ? "block" : "none",
    });
  };
  const post = (m: PageMessage) => frame?.contentWindow?.postMessage(m, origin);
  const tell = () => post({ type: "multi100:visible", open });
  const storageKey = tokenKey(key);
  const storedToken = (): string | null => {
    try {
      const token = JSON.parse(localStorage.getItem(storageKey) ?? "null")?.token;
      return isVisitorToken(token) ? token : null;
    } catch {
      return null;
    }
  };
  const keepToken = (token: string | null) => {
    try {
      if (token) localStorage.setItem(storageKey, JSON.stringify({ token }));
      else localStorage.removeItem(storageKey);
    } catch {
      /* the site's storage is off too: the conversation lasts as long as the page */
    }
  };
  const toggle = (next: boolean) => {
    open = next;
    if (open && !frame) {
      frame = document.createElement("iframe");
      frame.src = `${origin}/widget/${encodeURIComponent(key)}`;
      frame.title = label;
      frame.allow = "clipboard-write";
      root.append(frame);
    }
    place();
    button.innerHTML = open ? CLOSE : CHAT;
    button.setAttribute("aria-expanded", String(open));
    // On small screens the chat covers the page; its own close button brings the page back.
    button.style.display = open && small() ? "none" : "grid";
    tell();
  };
  button.addEventListener("click", () => toggle(!open));
  window.addEventListener("resize", () => {
    place();
    button.style.display = open && small() ? "none" : "grid";
  });
  window.addEventListener("message", (e: MessageEvent<FrameMessage>) => {
    const m = e.data;
    if (e.origin !== origin || !frame || e.source !== frame.contentWindow || typeof m !== "object" || !m) return;
    if (m.type === "multi100:close") toggle(false);
    else if (m.type === "multi100:ready") {
      post({ type: "multi100:visitor", token: storedToken() });
      tell();
    } else if (m.type === "multi100:token" && (m.token === null || isVisitorToken(m.token))) keepToken(m.token);
  });
  const mount = () => document.body.append(root);
  if (document.body) mount();
  else document.addEventListener("DOMContentLoaded", mount);
})();
