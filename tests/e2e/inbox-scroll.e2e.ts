/**
 * Paging and playback: the ticket list loads its next 40 within 100 px of the bottom; the conversation loads
 * older messages 20 at a time when its top comes near, keeping the view in place; audio plays at the chosen rate
 * (0.5, 1, 1.5, 2), remembered across a reload; a failed send shows the channel's error and a retry button.
 * The contacts here are made through the API, so the web-chat channel cannot reach them: every send fails, visibly.
 */
import { expect, test } from "@playwright/test";
import { BASE_URL } from "./helpers/server";
import { adminWithWebchat, agentPage, ok, uid } from "./helpers/inbox";

test.use({ locale: "en-US" });
test.setTimeout(120_000);

/** One second of 8 kHz 8-bit mono silence as a WAV file. */
function silentWav(): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(rate, 128);
  const h = Buffer.alloc(44);
  h.write("RIFF", 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write("WAVE", 8);
  h.write("fmt ", 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate, 28);
  h.writeUInt16LE(1, 32);
  h.writeUInt16LE(8, 34);
  h.write("data", 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

test("the ticket list pages 40 at a time and the conversation loads older messages upward", async ({ browser, request }) => {
  const tag = uid();
  const { token, owner, connection } = await adminWithWebchat(request, tag);
  const me = await ok(request, token, "GET", "/api/auth/me");
  const tickets: { id: number; uuid: string }[] = [];
  for (let i = 1; i <= 45; i++) {
    const contact = await ok(request, token, "POST", "/api/contacts", {
      name: `Customer ${String(i).padStart(2, "0")}`,
      number: `55119${String(10000000 + i)}`,
      channel: "webchat",
    });
    tickets.push(await ok(request, token, "POST", "/api/tickets", { contactId: contact.id, whatsappId: connection.id, userId: me.id, status: "open" }));
  }
  const talk = tickets[tickets.length - 1]!;
  for (let i = 1; i <= 45; i++) await ok(request, token, "POST", `/api/messages/${talk.id}`, { body: `Update number ${String(i).padStart(2, "0")}` });

  const { ctx, page, errors } = await agentPage(browser, owner, { height: 700 });
  await page.goto("/tickets");
  const items = page.getByTestId("list-open").getByTestId("ticket-item");
  await expect(items).toHaveCount(40);
  await page.getByTestId("list-open-scroller").evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(items).toHaveCount(45);

  await page.goto(`/tickets/${talk.uuid}`);
  const messages = page.getByTestId("message");
  await expect(messages).toHaveCount(20);
  await expect(messages.last()).toContainText("Update number 45");
  await expect(page.getByTestId("day-separator")).toHaveCount(1);
  const list = page.getByTestId("messages-list");
  await list.evaluate((el) => el.scrollTo(0, 0));
  await expect(messages).toHaveCount(40);
  // The view stays where it was: the message that was at the top is still on screen, not the oldest one.
  await expect(messages.filter({ hasText: "Update number 26" })).toBeInViewport();
  await list.evaluate((el) => el.scrollTo(0, 0));
  await expect(messages).toHaveCount(45);
  await expect(messages.first()).toContainText("Update number 01");
  expect(errors).toEqual([]);
  await ctx.close();
});

test("audio plays at 0.5, 1, 1.5 or 2 times, the rate is remembered, and a failed send can be retried", async ({ browser, request }) => {
  const tag = uid();
  const { token, owner, connection } = await adminWithWebchat(request, tag);
  const me = await ok(request, token, "GET", "/api/auth/me");
  const contact = await ok(request, token, "POST", "/api/contacts", { name: `Listener ${tag}`, number: "5511977776666", channel: "webchat" });
  const ticket = await ok(request, token, "POST", "/api/tickets", { contactId: contact.id, whatsappId: connection.id, userId: me.id, status: "open" });
  const sent = await request.post(`${BASE_URL}/api/messages/${ticket.id}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { medias: { name: "voice.wav", mimeType: "audio/wav", buffer: silentWav() }, body: "" },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);

  const { ctx, page, errors } = await agentPage(browser, owner);
  await page.goto(`/tickets/${ticket.uuid}`);
  const audio = page.getByTestId("message-audio");
  const rate = page.getByTestId("audio-rate");
  await expect(rate).toHaveText("1x");
  await rate.click();
  await expect(rate).toHaveText("1.5x");
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.5);
  await rate.click();
  await expect(rate).toHaveText("2x");
  await rate.click();
  await expect(rate).toHaveText("0.5x");
  await page.reload();
  await expect(page.getByTestId("audio-rate")).toHaveText("0.5x");
  await expect.poll(() => page.getByTestId("message-audio").evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(0.5);

  const failed = page.getByTestId("message").getByTestId("message-failed");
  await expect(failed).toContainText("The contact is not reachable on this channel.");
  await expect(page.getByTestId("message-ack")).toHaveAttribute("aria-label", "Not sent");
  const retried = page.waitForResponse((r) => r.url().endsWith("/retry") && r.request().method() === "POST");
  await failed.getByTestId("message-retry").click();
  expect((await retried).status()).toBe(200);
  // The channel still cannot reach the contact: the message fails again, in place, with its retry button.
  await expect(failed.getByTestId("message-retry")).toBeEnabled();
  await expect(failed).toContainText("The contact is not reachable on this channel.");
  expect(errors).toEqual([]);
  await ctx.close();
});
