/**
 * Conversation extras end to end, in Chromium with fake camera and microphone: voice notes (a short
 * one discarded, a refused microphone), camera photo, contact card, forwarding, PDF export, video-call link, ticket
 * timeline and desktop notifications. The other side of every conversation is a web-chat visitor (its public API),
 * so what "arrives" is read where the contact reads it.
 */
import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { BASE_URL, loginViaApi, screenshotPath } from "./helpers/server";
import { uid } from "./helpers/users";

test.use({
  locale: "en-US",
  // The config's launch options plus Chromium's fake devices (a test pattern camera, a beeping microphone) and
  // auto-accepted permission prompts.
  launchOptions: [
    async ({ launchOptions }, use) =>
      use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          "--use-fake-device-for-media-stream",
          "--use-fake-ui-for-media-stream",
          "--autoplay-policy=no-user-gesture-required",
        ],
      }),
    { scope: "worker" },
  ],
});

interface Api {
  token: string;
  companyId: number;
  userId: number;
  call(method: "GET" | "POST" | "PUT" | "DELETE", path: string, data?: unknown): Promise<{ status: number; body: any }>;
}

/** Logs the page in (the app restores the session from the refresh cookie) and answers an API caller with that session's token. */
async function session(page: Page, request: APIRequestContext): Promise<Api> {
  const { token, user } = await loginViaApi(page);
  return {
    token,
    companyId: user.companyId,
    userId: user.id,
    async call(method, path, data) {
      const res = await request.fetch(`${BASE_URL}${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
      return { status: res.status(), body: await res.json().catch(() => undefined) };
    },
  };
}

/** A web-chat visitor of `widgetKey` (the public visitor API). */
async function visitor(request: APIRequestContext, widgetKey: string, name: string, phone?: string) {
  const res = await request.post(`${BASE_URL}/api/webchat/${widgetKey}/sessions`, { data: { name, ...(phone ? { phone } : {}) } });
  expect(res.status()).toBe(200);
  const { visitorToken, contact } = await res.json();
  const headers = { authorization: `Bearer ${visitorToken}` };
  return {
    contactId: contact.id as number,
    name,
    async say(body: string) {
      const r = await request.post(`${BASE_URL}/api/webchat/${widgetKey}/messages`, { headers, data: { body } });
      expect(r.status()).toBe(200);
      return (await r.json()).message;
    },
    async sendFile(name: string, mimeType: string, buffer: Buffer) {
      const r = await request.post(`${BASE_URL}/api/webchat/${widgetKey}/messages`, { headers, multipart: { file: { name, mimeType, buffer } } });
      expect(r.status()).toBe(200);
    },
    /** The visitor's conversation, oldest first (fromMe = written by the visitor). */
    async messages(): Promise<any[]> {
      const r = await request.get(`${BASE_URL}/api/webchat/${widgetKey}/messages`, { headers });
      expect(r.status()).toBe(200);
      return (await r.json()).messages;
    },
  };
}

type Visitor = Awaited<ReturnType<typeof visitor>>;

async function webchatConnection(api: Api): Promise<string> {
  const created = await api.call("POST", "/api/whatsapp", { name: `Site ${uid()}`, channel: "webchat" });
  expect(created.status).toBe(201);
  return created.body.widgetKey;
}

/** The visitor's ticket, accepted by the admin (open, assigned). */
async function acceptedTicket(api: Api, v: Visitor): Promise<any> {
  let ticket: any;
  await expect
    .poll(async () => {
      const list = await api.call("GET", "/api/tickets?status=pending&showAll=true");
      ticket = list.body?.tickets?.find((t: any) => t.contactId === v.contactId || t.contact?.id === v.contactId);
      return !!ticket;
    })
    .toBe(true);
  const accepted = await api.call("PUT", `/api/tickets/${ticket.id}`, { status: "open", userId: api.userId });
  expect(accepted.status).toBe(200);
  return accepted.body;
}

/** A visitor who wrote, a ticket accepted by the admin, and the conversation open in the browser. */
async function conversation(page: Page, request: APIRequestContext, opts: { phone?: string } = {}) {
  const api = await session(page, request);
  const widgetKey = await webchatConnection(api);
  const v = await visitor(request, widgetKey, `Visitor ${uid()}`, opts.phone);
  await v.say(`Hello from ${v.name}`);
  const ticket = await acceptedTicket(api, v);
  await page.goto(`/tickets/${ticket.uuid}`);
  await expect(page.getByTestId("conversation").getByText(`Hello from ${v.name}`)).toBeVisible();
  return { api, widgetKey, v, ticket };
}

/** Waits until the visitor's conversation has a message from us matching `pick`. */
async function arrives(v: Visitor, pick: (m: any) => boolean, timeout = 10_000): Promise<any> {
  let found: any;
  await expect
    .poll(
      async () => {
        found = (await v.messages()).find((m) => !m.fromMe && pick(m));
        return !!found;
      },
      { timeout },
    )
    .toBe(true);
  return found;
}

test.describe("voice notes", () => {
  test("a recording arrives at the visitor as playable Ogg/Opus; a too-short one is discarded", async ({ page, request }) => {
    test.setTimeout(60_000);
    const { v } = await conversation(page, request);

    // Too short: stopped at once, under 10000 bytes, nothing is sent.
    await page.getByTestId("extras-audio-record").click();
    await expect(page.getByTestId("extras-audio-timer")).toBeVisible();
    await page.getByTestId("extras-audio-send").click();
    await expect(page.getByTestId("toast").filter({ hasText: "too short" })).toBeVisible();
    await expect(page.getByTestId("extras-audio-record")).toBeVisible();

    // About three seconds: the timer runs (mm:ss), then sending, then it reaches the visitor.
    await page.getByTestId("extras-audio-record").click();
    await expect(page.getByTestId("extras-audio-timer")).toHaveText(/^00:0[2-9]$/, { timeout: 5000 });
    await page.screenshot({ path: screenshotPath("extras-audio-recording") });
    await page.getByTestId("extras-audio-send").click();
    const audio = await arrives(v, (m) => m.mediaType === "audio");
    expect((await v.messages()).filter((m) => !m.fromMe && m.mediaType === "audio")).toHaveLength(1);
    expect(audio.mediaName).toMatch(/\.ogg$/);

    // The bytes are Ogg with an Opus stream, served as audio/ogg, and a browser decodes about three seconds of it.
    const media = await request.get(new URL(audio.mediaUrl, BASE_URL).href);
    expect(media.status()).toBe(200);
    expect(media.headers()["content-type"]).toMatch(/^audio\/ogg/);
    const bytes = await media.body();
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("OggS");
    expect(bytes.subarray(0, 64).toString("latin1")).toContain("OpusHead");
    const decoded = await page.evaluate(async (url) => {
      const buf = await (await fetch(url)).arrayBuffer();
      const audioBuffer = await new AudioContext().decodeAudioData(buf);
      const el = new Audio(url);
      await new Promise((ok, fail) => {
        el.onloadedmetadata = ok;
        el.onerror = () => fail(new Error("the audio element refused it"));
      });
      return { seconds: audioBuffer.duration, canPlay: el.canPlayType("audio/ogg; codecs=opus") };
    }, audio.mediaUrl);
    expect(decoded.seconds).toBeGreaterThan(1.5);
    expect(decoded.seconds).toBeLessThan(10);
    expect(decoded.canPlay).toBe("probably");
  });

  test("a refused microphone shows its error and records nothing", async ({ page, request }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    await conversation(page, request);
    await page.getByTestId("extras-audio-record").click();
    await expect(page.getByTestId("toast").filter({ hasText: "Could not use the microphone" })).toBeVisible();
    await expect(page.getByTestId("extras-audio-timer")).toHaveCount(0);
  });
});

test("a camera photo with its caption arrives as an image", async ({ page, request }) => {
  const { v } = await conversation(page, request);
  await page.getByTestId("extras-input-menu").click();
  await page.getByTestId("extras-open-camera").click();
  const dialog = page.getByTestId("extras-camera-dialog");
  await expect(dialog.getByTestId("extras-camera-capture")).toBeEnabled();
  await expect.poll(() => dialog.getByTestId("extras-camera-video").evaluate((el: HTMLVideoElement) => el.videoWidth)).toBeGreaterThan(0);
  await dialog.getByTestId("extras-camera-capture").click();
  await expect(dialog.getByTestId("extras-camera-preview")).toBeVisible();
  const caption = `Photo ${uid()}`;
  await dialog.getByTestId("extras-camera-caption").fill(caption);
  await page.screenshot({ path: screenshotPath("extras-camera") });
  await dialog.getByTestId("extras-camera-send").click();
  await expect(dialog).toBeHidden();
  const photo = await arrives(v, (m) => m.mediaType === "image");
  expect(photo.body).toBe(caption);
  const media = await request.get(new URL(photo.mediaUrl, BASE_URL).href);
  expect(media.headers()["content-type"]).toBe("image/jpeg");
  const bytes = await media.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect(bytes.length).toBeGreaterThan(2000);
});

test("a contact card arrives and renders with a start-conversation action", async ({ page, request }) => {
  const { api, widgetKey, v, ticket } = await conversation(page, request);
  // The card's contact: another visitor who gave a phone number.
  const tag = uid();
  const other = await visitor(request, widgetKey, `Card ${tag}`, "5511987650000");
  await page.getByTestId("extras-input-menu").click();
  await page.getByTestId("extras-open-contact").click();
  const dialog = page.getByTestId("extras-contact-dialog");
  await dialog.getByTestId("contact-search").fill(`Card ${tag}`);
  await page
    .getByTestId("contact-option")
    .filter({ hasText: `Card ${tag}` })
    .click();
  await dialog.getByTestId("extras-contact-send").click();
  await expect(dialog).toBeHidden();

  const card = await arrives(v, (m) => m.mediaType === "contactMessage");
  expect(card.body).toBe(other.name);
  const stored = (await api.call("GET", `/api/messages/${ticket.id}`)).body.messages.find((m: any) => m.mediaType === "contactMessage");
  expect(stored.vCard).toContain("waid=5511987650000");

  const rendered = page.getByTestId("message-contact").filter({ hasText: other.name });
  await expect(rendered).toBeVisible();
  await expect(rendered).toContainText("5511987650000");
  await page.screenshot({ path: screenshotPath("extras-contact-card") });
  await rendered.getByTestId("extras-contact-card-start").click();
  // The new-ticket flow opens with that contact chosen.
  const modal = page.getByTestId("new-ticket-modal");
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId("contact-search")).toHaveValue(other.name);
});

test("three selected messages are forwarded in order, about 900 ms apart", async ({ page, request }) => {
  test.setTimeout(60_000);
  const { widgetKey, v } = await conversation(page, request);
  const texts = [`first ${uid()}`, `second ${uid()}`, `third ${uid()}`];
  for (const text of texts) await v.say(text);
  for (const text of texts) await expect(page.getByTestId("conversation").getByText(text)).toBeVisible();
  // A visitor who has not written yet: the forward opens a ticket of the agent's for them.
  const target = await visitor(request, widgetKey, `Target ${uid()}`);

  await page.getByTestId("header-menu").click();
  await page.getByTestId("extras-start-forward").click();
  // At least one message is required.
  await page.getByTestId("extras-forward-open").click();
  await expect(page.getByTestId("toast").filter({ hasText: "at least one message" })).toBeVisible();
  const ids = await page.evaluate(
    (bodies) =>
      bodies.map((b) =>
        [...document.querySelectorAll("[data-testid^=extras-forward-check-]")]
          .find((el) => el.closest("[data-message-id]")?.textContent?.includes(b))
          ?.getAttribute("data-testid"),
      ),
    texts,
  );
  for (const id of ids) await page.getByTestId(id!).check();
  await expect(page.getByTestId("extras-forward-bar")).toContainText("3");
  await page.getByTestId("extras-forward-open").click();
  const dialog = page.getByTestId("extras-forward-dialog");
  await dialog.getByTestId("contact-search").fill(target.name);
  await page.getByTestId("contact-option").filter({ hasText: target.name }).click();
  await page.screenshot({ path: screenshotPath("extras-forward") });
  await dialog.getByTestId("extras-forward-send").click();

  let got: any[] = [];
  await expect
    .poll(
      async () => {
        got = (await target.messages()).filter((m) => !m.fromMe && texts.some((t) => m.body.includes(t)));
        return got.length;
      },
      { timeout: 15_000 },
    )
    .toBe(3);
  for (const [i, m] of got.entries()) expect(m.body).toContain(texts[i]);
  const gaps = got.slice(1).map((m, i) => Date.parse(m.createdAt) - Date.parse(got[i].createdAt));
  for (const gap of gaps) {
    expect(gap).toBeGreaterThanOrEqual(700);
    expect(gap).toBeLessThan(3000);
  }
});

/** A 1x1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test("the exported PDF names the contact, links the media and carries the last message", async ({ page, request }) => {
  const { v } = await conversation(page, request);
  await v.sendFile("receipt.png", "image/png", PNG);
  const last = `Last words ${uid()}`;
  await v.say(last);
  await expect(page.getByTestId("conversation").getByText(last)).toBeVisible();
  await page.getByTestId("header-menu").click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("extras-export-pdf").click()]);
  expect(download.suggestedFilename()).toMatch(/^ticket-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
  await download.saveAs(screenshotPath("extras-conversation").replace(/\.png$/, ".pdf"));
  const pdf = readFileSync((await download.path())!).toString("latin1");
  expect(pdf.startsWith("%PDF")).toBe(true);
  expect(pdf).toContain(v.name);
  expect(pdf).toContain(last);
  expect(pdf).toContain("[receipt.png]");
  expect(pdf).toMatch(/\/URI \(http:\/\/127\.0\.0\.1:\d+\/api\/media\/[^)]+\)/);
  expect(pdf.indexOf(`Hello from ${v.name}`)).toBeLessThan(pdf.indexOf(last));

  // Nothing to export: the spec's error instead of a file.
  await page.route(/\/api\/messages\/\d+\?pageNumber=1$/, (route) => route.fulfill({ json: { messages: [], hasMore: false } }));
  await page.getByTestId("header-menu").click();
  await page.getByTestId("extras-export-pdf").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Could not find the conversation to export" })).toBeVisible();
});

test("the video-call link carries the ticket id and reaches the visitor", async ({ page, request }) => {
  const { api, v, ticket } = await conversation(page, request);
  await page.getByTestId("extras-input-menu").click();
  await page.getByTestId("extras-video-call").click();
  const msg = await arrives(v, (m) => m.body.includes("https://meet.jit.si/"));
  expect(msg.body).toContain(`https://meet.jit.si/multi100-${api.companyId}-${ticket.id}-${ticket.uuid.replace(/-/g, "").slice(0, 12)}`);

  // The host is a company setting.
  const set = await api.call("PUT", "/api/companySettings", { column: "videoCallHost", data: "https://video.example.org/rooms/" });
  expect(set.status).toBe(200);
  await page.reload();
  await page.getByTestId("extras-input-menu").click();
  await page.getByTestId("extras-video-call").click();
  await arrives(v, (m) => m.body.includes(`https://video.example.org/rooms/multi100-${api.companyId}-${ticket.id}-`));
  await api.call("PUT", "/api/companySettings", { column: "videoCallHost", data: "https://meet.jit.si/" });
});

test("the timeline lists creation, start and transfer with user, queue and time", async ({ page, request }) => {
  const { api, ticket } = await conversation(page, request);
  const queue = await api.call("POST", "/api/queue", {
    name: `Support ${uid()}`,
    color: `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, "0")}`,
  });
  expect(queue.status).toBe(201);
  const moved = await api.call("PUT", `/api/tickets/${ticket.id}`, { queueId: queue.body.id, userId: api.userId, isTransfered: true });
  expect(moved.status).toBe(200);

  await page.getByTestId("header-menu").click();
  await page.getByTestId("extras-open-timeline").click();
  const dialog = page.getByTestId("extras-timeline-dialog");
  const entries = dialog.getByTestId("extras-timeline-entry");
  await expect(entries.first()).toBeVisible();
  const types = await entries.evaluateAll((els) => els.map((el) => el.getAttribute("data-type")));
  expect(types[0]).toBe("create");
  expect(types).toContain("open");
  expect(types).toContain("transfered");
  await expect(dialog.locator('[data-type="open"]').first()).toContainText("Started");
  await expect(dialog.locator('[data-type="transfered"]').first()).toContainText(/by /);
  await expect(dialog.locator("[data-type] time").first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expect(dialog.locator('[data-type="receivedTransfer"], [data-type="transfered"]').filter({ hasText: queue.body.name }).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath("extras-timeline") });
});

test("a new pending ticket notifies only with showNotificationPending, with the chime at the top-bar volume", async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => {
    const w = window as any;
    w.__notifications = [];
    w.__chimes = [];
    localStorage.setItem("volume", "0.4");
    class FakeNotification {
      static permission = "granted";
      static requestPermission = async () => "granted";
      onclick: (() => void) | null = null;
      constructor(
        readonly title: string,
        readonly options: NotificationOptions = {},
      ) {
        w.__notifications.push({ title, body: options.body, tag: options.tag });
      }
      close() {}
    }
    w.Notification = FakeNotification;
    HTMLMediaElement.prototype.play = function () {
      w.__chimes.push(this.volume);
      return Promise.resolve();
    };
  });
  const api = await session(page, request);
  const widgetKey = await webchatConnection(api);
  await page.goto("/tickets");
  await expect(page.getByTestId("topbar")).toBeVisible();
  const notes = () => page.evaluate(() => (window as any).__notifications as { title: string; body: string }[]);

  expect((await api.call("PUT", "/api/companySettings", { column: "showNotificationPending", data: "disabled" })).status).toBe(200);
  await page.getByTestId("tab-pending").click();
  const quiet = await visitor(request, widgetKey, `Quiet ${uid()}`);
  await quiet.say("nobody should be told");
  // The new ticket has reached this page live (the frame a notification would come from): still nobody was told.
  await expect(page.getByTestId("list-pending").getByTestId("ticket-item").filter({ hasText: quiet.name })).toBeVisible();
  expect(await notes()).toEqual([]);

  expect((await api.call("PUT", "/api/companySettings", { column: "showNotificationPending", data: "enabled" })).status).toBe(200);
  // The setting reaches the app through its settings query (refetched on the settings socket event).
  await page.waitForTimeout(1000);
  const loud = await visitor(request, widgetKey, `Loud ${uid()}`);
  await loud.say("please tell someone");
  await expect
    .poll(notes, { timeout: 5000 })
    .toEqual([{ title: `New message from ${loud.name}`, body: "please tell someone", tag: expect.stringMatching(/^ticket-\d+$/) }]);
  expect(await page.evaluate(() => (window as any).__chimes)).toEqual([0.4]);
  await api.call("PUT", "/api/companySettings", { column: "showNotificationPending", data: "disabled" });
});
