/**
 * The contact-facing web-chat page, /widget/<widgetKey>: a name form, then the conversation (history, live updates
 * over the visitor socket, text and one attachment per message). Plain DOM, no framework: the bundle must stay tiny.
 * The visitor token is kept by widget.js in the site's own storage, or by this page when opened on its own
 * (visitor-store.ts), so a reload or another page of the site keeps the conversation.
 */
import { type Api, ApiError, type ChatMessage, createApi, openSocket, type WidgetConfig } from "./api";
import { pickLocale, type Strings } from "./i18n";
import { markedText } from "./marks";
import { connectSitePage, type SitePage, visitorStore, type VisitorStore } from "./visitor-store";

type Pending = { clientId: string; body: string; file?: File; state: "sending" | "failed"; createdAt: string };

const widgetKey = decodeURIComponent(location.pathname.split("/")[2] ?? "");
const { lang, t } = pickLocale(navigator.languages?.length ? navigator.languages : [navigator.language]);
const inFrame = window.parent !== window;
const app = document.getElementById("app")!;
document.documentElement.lang = lang;

// -------------------------------------------------------------------------------------------------------------
// Tiny DOM helper

type Child = Node | string | null | undefined | false;
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, unknown> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v as EventListener);
    else if (k === "className") el.className = String(v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

const ICON_SEND = "M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z";
const ICON_CLIP = "M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9V15.5a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10z";
const ICON_CLOSE = "M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7 2.9 18.3 9.2 12 2.9 5.7 4.3 4.3l6.3 6.3 6.3-6.3z";
function icon(d: string): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const p = document.createElementNS(ns, "path");
  p.setAttribute("d", d);
  svg.append(p);
  return svg;
}

function errorText(err: unknown, s: Strings): string {
  if (!(err instanceof ApiError)) return s.error;
  switch (err.code) {
    case "ERR_RATE_LIMITED":
      return s.tooMany;
    case "ERR_MEDIA_TOO_LARGE":
      return s.tooLarge;
    case "ERR_MEDIA_TYPE_NOT_ALLOWED":
      return s.badType;
    case "ERR_VALIDATION":
      return s.invalid;
    case "ERR_NOT_FOUND":
      return s.unavailable;
    default:
      return s.error;
  }
}

const randomId = () =>
  (crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`).replace(/[^A-Za-z0-9_-]/g, "");

/** The site's page around the chat (widget.js), once it answered; the visitor token's store. */
let site: SitePage | undefined;
let store: VisitorStore;

// -------------------------------------------------------------------------------------------------------------
// Shell

let headerStatus: HTMLElement;
function shell(config: WidgetConfig | undefined, body: Node): void {
  if (config) document.documentElement.style.setProperty("--accent", config.color);
  document.title = config?.title || t.title;
  headerStatus = h("span", { className: "status", "aria-live": "polite" });
  const close = site
    ? h(
        "button",
        { className: "icon-btn", type: "button", title: t.close, "aria-label": t.close, onclick: () => site?.post({ type: "multi100:close" }) },
        icon(ICON_CLOSE),
      )
    : null;
  app.replaceChildren(
    h("header", { className: "header" }, h("div", { className: "title" }, h("strong", {}, config?.title || t.title), headerStatus), close),
    body,
  );
}

// -------------------------------------------------------------------------------------------------------------
// Name form

function showForm(api: Api, config: WidgetConfig): void {
  const error = h("p", { className: "error", role: "alert" });
  const name = h("input", { name: "name", required: true, maxlength: 80, autocomplete: "name", placeholder: t.name, "aria-label": t.name });
  const email = h("input", { name: "email", type: "email", maxlength: 254, autocomplete: "email", placeholder: t.email, "aria-label": t.email });
  const phone = h("input", { name: "phone", type: "tel", maxlength: 40, autocomplete: "tel", placeholder: t.phone, "aria-label": t.phone });
  const submit = h("button", { className: "primary", type: "submit" }, t.start);
  const form = h(
    "form",
    {
      className: "form",
      "data-testid": "webchat-form",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        if (!name.value.trim()) return name.focus();
        submit.disabled = true;
        error.textContent = "";
        try {
          const r = await api.startSession({ name: name.value.trim(), email: email.value.trim() || undefined, phone: phone.value.trim() || undefined });
          store.save(r.visitorToken);
          startChat(api, config, r.visitorToken);
        } catch (err) {
          error.textContent = errorText(err, t);
          submit.disabled = false;
        }
      },
    },
    h("p", { className: "intro" }, config.greeting || t.intro),
    name,
    email,
    phone,
    error,
    submit,
  );
  shell(config, form);
  name.focus();
}

// -------------------------------------------------------------------------------------------------------------
// Conversation

function startChat(api: Api, config: WidgetConfig, token: string): void {
  const messages = new Map<number, ChatMessage>();
  const pending = new Map<string, Pending>();
  const readSent = new Set<number>();
  let hasMore = false;
  // Without widget.js around it the page is always showing.
  let shown = site ? site.open : true;
  let stopped = false;
  let wasDown = false;

  const list = h("div", { className: "list", role: "log", "aria-live": "polite", "data-testid": "webchat-messages" });
  const error = h("p", { className: "error", role: "alert" });
  const text = h("textarea", { rows: 1, maxlength: 4096, placeholder: t.placeholder, "aria-label": t.placeholder, "data-testid": "webchat-input" });
  const file = h("input", {
    type: "file",
    hidden: true,
    "data-testid": "webchat-file",
    accept: "image/*,audio/*,video/*,application/pdf,.doc,.docx,.xls,.xlsx,.txt,.csv,.zip",
  });
  const attach = h("button", { className: "icon-btn", type: "button", title: t.attach, "aria-label": t.attach, onclick: () => file.click() }, icon(ICON_CLIP));
  const send = h("button", { className: "icon-btn send", type: "submit", title: t.send, "aria-label": t.send }, icon(ICON_SEND));
  const composer = h(
    "form",
    {
      className: "composer",
      onsubmit: (e: Event) => {
        e.preventDefault();
        const body = text.value.trim();
        if (!body) return;
        text.value = "";
        void post({ clientId: randomId(), body, state: "sending", createdAt: new Date().toISOString() });
      },
    },
    attach,
    file,
    text,
    send,
  );
  text.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      composer.requestSubmit();
    }
  });
  file.addEventListener("change", () => {
    const f = file.files?.[0];
    file.value = "";
    if (f) void post({ clientId: randomId(), body: text.value.trim(), file: f, state: "sending", createdAt: new Date().toISOString() });
    text.value = "";
  });
  shell(config, h("div", { className: "chat" }, list, error, composer));

  const socket = openSocket(token, {
    message(m) {
      add(m);
      if (!m.fromMe) socket.ack(m.id, 2);
      render();
    },
    ack(a) {
      const m = messages.get(a.id);
      if (m && a.ack > m.ack) messages.set(a.id, { ...m, ack: a.ack });
    },
    // A change to a message not loaded yet (an older page) arrives with that page from the history.
    reaction(r) {
      change(r.id, { reactions: r.emoji ? [r.emoji] : [] });
    },
    edit(e) {
      change(e.id, { body: e.body, isEdited: true });
    },
    remove(d) {
      change(d.id, { isDeleted: true, body: "", mediaUrl: null, mediaName: null, mediaType: null, reactions: [] });
    },
    online(up) {
      headerStatus.textContent = up ? "" : t.offline;
      // Back online: fetch what arrived while the socket was down.
      if (up && wasDown) void refresh();
      wasDown = !up;
    },
    unauthorized: restart,
  });

  function restart() {
    stopped = true;
    socket.stop();
    store.save(undefined);
    showForm(api, config);
  }

  function change(id: number, patch: Partial<ChatMessage>) {
    const m = messages.get(id);
    if (!m) return;
    messages.set(id, { ...m, ...patch });
    render();
  }

  function add(m: ChatMessage) {
    messages.set(m.id, m);
    if (m.clientId) pending.delete(m.clientId);
  }

  async function refresh() {
    try {
      const r = await api.history(token);
      error.textContent = "";
      if (!messages.size) hasMore = r.hasMore;
      for (const m of r.messages) add(m);
      render(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return restart();
      error.textContent = errorText(err, t);
    }
  }

  async function older() {
    const first = Math.min(...messages.keys());
    const before = list.scrollHeight;
    try {
      const r = await api.history(token, Number.isFinite(first) ? first : undefined);
      hasMore = r.hasMore;
      for (const m of r.messages) add(m);
      render();
      list.scrollTop = list.scrollHeight - before;
    } catch (err) {
      error.textContent = errorText(err, t);
    }
  }

  async function post(p: Pending) {
    pending.set(p.clientId, p);
    error.textContent = "";
    render(true);
    try {
      const r = await api.post(token, { body: p.body, clientId: p.clientId, file: p.file });
      add(r.message);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return restart();
      const still = pending.get(p.clientId);
      if (still) still.state = "failed";
      error.textContent = errorText(err, t);
    }
    render(true);
  }

  function markRead() {
    if (!shown || document.visibilityState !== "visible") return;
    for (const m of messages.values()) {
      if (!m.fromMe && m.ack < 3 && !readSent.has(m.id)) {
        readSent.add(m.id);
        socket.ack(m.id, 3);
      }
    }
  }

  function render(stick = false) {
    if (stopped) return;
    const atBottom = stick || list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    const items: Node[] = [];
    if (hasMore) items.push(h("button", { className: "older", type: "button", onclick: () => void older() }, t.older));
    const sorted = [...messages.values()].sort((a, b) => a.id - b.id);
    if (!sorted.length && !pending.size) items.push(h("p", { className: "empty" }, t.empty));
    for (const m of sorted) items.push(message(m));
    for (const p of pending.values()) {
      const b = bubble(true, p.body, p.createdAt, p.file ? h("span", { className: "file" }, p.file.name) : null, p.state);
      if (p.state === "failed")
        b.addEventListener("click", () => {
          p.state = "sending";
          void post(p);
        });
      items.push(b);
    }
    list.replaceChildren(...items);
    if (atBottom) list.scrollTop = list.scrollHeight;
    markRead();
  }

  document.addEventListener("visibilitychange", markRead);
  site?.onVisible((open) => {
    if (stopped) return;
    shown = open;
    markRead();
    if (shown) text.focus();
  });
  render();
  void refresh();
  text.focus();
}

function media(m: ChatMessage): Node | null {
  if (!m.mediaUrl || m.isDeleted) return null;
  const name = m.mediaName || t.file;
  switch (m.mediaType) {
    case "image":
      return h("a", { href: m.mediaUrl, target: "_blank", rel: "noopener" }, h("img", { src: m.mediaUrl, alt: name, loading: "lazy" }));
    case "audio":
      return h("audio", { src: m.mediaUrl, controls: true, preload: "none" });
    case "video":
      return h("video", { src: m.mediaUrl, controls: true, preload: "metadata" });
    default:
      return h("a", { className: "file", href: m.mediaUrl, target: "_blank", rel: "noopener", download: name }, name);
  }
}

/** A stored message: its text (or the deleted notice), the edited mark, the agents' reactions under it. */
function message(m: ChatMessage): HTMLElement {
  const b = m.isDeleted
    ? bubble(m.fromMe, "", m.createdAt, h("p", { className: "body deleted", "data-testid": "webchat-deleted" }, t.deleted))
    : bubble(m.fromMe, m.body, m.createdAt, media(m), undefined, m.isEdited);
  b.dataset.id = String(m.id);
  if (m.reactions?.length && !m.isDeleted) {
    b.classList.add("reacted");
    b.append(h("span", { className: "reactions", "data-testid": "webchat-reactions", title: t.reactions }, m.reactions.join("")));
  }
  return b;
}

function bubble(mine: boolean, body: string, createdAt: string, extra: Node | null, state?: Pending["state"], edited?: boolean): HTMLElement {
  const time = new Date(createdAt);
  const hhmm = Number.isNaN(time.getTime()) ? "" : time.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
  return h(
    "div",
    { className: `msg ${mine ? "mine" : "theirs"}${state ? ` ${state}` : ""}`, "data-testid": "webchat-message" },
    extra,
    body ? h("p", { className: "body" }, ...markedText(body)) : null,
    h(
      "span",
      { className: "meta" },
      edited ? h("span", { className: "edited", "data-testid": "webchat-edited" }, `${t.edited} · `) : null,
      state === "failed" ? t.failed : state === "sending" ? "…" : hhmm,
    ),
  );
}

function showUnavailable(): void {
  shell(undefined, h("p", { className: "unavailable" }, t.unavailable));
}

// -------------------------------------------------------------------------------------------------------------
// Boot

async function boot() {
  // The site's page answers at once; the unavailable notice needs it too (its close button).
  const sitePage = inFrame ? connectSitePage() : Promise.resolve(undefined);
  const api = createApi(widgetKey);
  const config = /^[A-Za-z0-9]{16,64}$/.test(widgetKey) ? await api.config().catch(() => undefined) : undefined;
  site = await sitePage;
  if (!config) return showUnavailable();
  store = visitorStore(widgetKey, site);
  const token = store.token;
  if (token) startChat(api, config, token);
  else showForm(api, config);
}

void boot();
