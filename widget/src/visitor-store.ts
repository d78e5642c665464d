/**
 * Where the chat page keeps its visitor token.
 *
 * Embedded by widget.js, the page is a frame of another site than its parent: browsers give such a frame no storage
 * (third-party storage blocked) or storage that other pages of the site do not share, so the token lives in the
 * site's own storage, which widget.js (first-party on the site's page) keeps. It hands the token over by postMessage
 * to this page's origin; the page accepts it only from its parent window and from the parent's own origin (the one
 * the browser names as its ancestor, when it does), and sends a newly issued token back to that origin only. The
 * token never goes into the frame's address.
 *
 * Opened on its own (the preview link) or framed without widget.js, the page keeps the token in its own localStorage
 * where it may.
 */
import { type FrameMessage, isVisitorToken, type PageMessage, tokenKey } from "./protocol";

export interface VisitorStore {
  readonly token: string | undefined;
  save(token: string | undefined): void;
}

/** The site's page around the frame, once it answered: the token it keeps, whether the chat shows, and a way back. */
export interface SitePage {
  readonly token: string | undefined;
  readonly open: boolean;
  post(message: FrameMessage): void;
  onVisible(handler: (open: boolean) => void): void;
}

/** How long the page waits for widget.js to answer before it keeps the token itself. */
const LOADER_WAIT_MS = 2000;

/** The parent's origin as the browser states it (Chromium and Safari name a frame's ancestors; otherwise the referrer). */
function statedParentOrigin(): string | undefined {
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors?.length) return ancestors[0];
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** Asks the parent for the visitor; answers the site's page when widget.js answers in time, else undefined. */
export function connectSitePage(): Promise<SitePage | undefined> {
  const stated = statedParentOrigin();
  return new Promise((resolve) => {
    let origin: string | undefined;
    let gaveUp = false;
    let open = false;
    const listeners: ((open: boolean) => void)[] = [];
    window.addEventListener("message", (e: MessageEvent<PageMessage>) => {
      const m = e.data;
      if (gaveUp || e.source !== window.parent || !m || typeof m !== "object") return;
      if (origin === undefined) {
        // The first answer names the parent's origin; it must be the one the browser states.
        if (m.type !== "multi100:visitor" || (stated && e.origin !== stated)) return;
        origin = e.origin;
        const token = isVisitorToken(m.token) ? m.token : undefined;
        const parentOrigin = origin;
        resolve({
          token,
          get open() {
            return open;
          },
          post: (message) => window.parent.postMessage(message, parentOrigin),
          onVisible: (handler) => void listeners.push(handler),
        });
        return;
      }
      if (e.origin !== origin || m.type !== "multi100:visible") return;
      open = m.open === true;
      for (const l of listeners) l(open);
    });
    // Carries nothing: it may go before the parent's origin is known.
    window.parent.postMessage({ type: "multi100:ready" } satisfies FrameMessage, stated ?? "*");
    setTimeout(() => {
      if (origin !== undefined) return;
      gaveUp = true;
      resolve(undefined);
    }, LOADER_WAIT_MS);
  });
}

/** The token store: with the site's page when widget.js answered, else this page's own localStorage. */
export function visitorStore(widgetKey: string, site: SitePage | undefined): VisitorStore {
  if (site) {
    let token = site.token;
    return {
      get token() {
        return token;
      },
      save(next) {
        token = next;
        site.post({ type: "multi100:token", token: next ?? null });
      },
    };
  }
  const key = tokenKey(widgetKey);
  let token: string | undefined;
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? "null")?.token;
    token = isVisitorToken(stored) ? stored : undefined;
  } catch {
    /* no storage: the conversation lasts as long as the page */
  }
  return {
    get token() {
      return token;
    },
    save(next) {
      token = next;
      try {
        if (next) localStorage.setItem(key, JSON.stringify({ token: next }));
        else localStorage.removeItem(key);
      } catch {
        /* no storage: the conversation lasts as long as the page */
      }
    },
  };
}
