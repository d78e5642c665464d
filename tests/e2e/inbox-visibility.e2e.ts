/**
 * Inbox visibility: a plain user never sees another user's ticket — not in the open, pending or
 * closed lists, not in the search (a plain user's search never shows all), not by its address — while their own and
 * the unassigned tickets of their queue are there. Built through the API; looked at through the web app.
 */
import { expect, test } from "@playwright/test";
import { adminWithWebchat, agentPage, createAgent, createQueue, ok, uid, visitorTicket } from "./helpers/inbox";

test.use({ locale: "en-US" });
test.setTimeout(90_000);

test("a plain user never sees another user's ticket in any tab, in search or by its address", async ({ browser, request }) => {
  const tag = uid();
  const { token, connection } = await adminWithWebchat(request, tag);
  const queue = await createQueue(request, token, `Shared ${tag}`);
  const alice = await createAgent(request, token, tag, "Alice", { queueIds: [queue.id] });
  const bob = await createAgent(request, token, tag, "Bob", { queueIds: [queue.id] });

  const bobsOpen = await visitorTicket(request, token, connection.widgetKey, `Bob open ${tag}`, `bob open ${tag}`);
  const bobsClosed = await visitorTicket(request, token, connection.widgetKey, `Bob closed ${tag}`, `bob closed ${tag}`);
  const alicesOpen = await visitorTicket(request, token, connection.widgetKey, `Alice open ${tag}`, `alice open ${tag}`);
  const alicesClosed = await visitorTicket(request, token, connection.widgetKey, `Alice closed ${tag}`, `alice closed ${tag}`);
  const waiting = await visitorTicket(request, token, connection.widgetKey, `Waiting ${tag}`, `waiting ${tag}`);
  // The admin hands each ticket to its agent in the shared queue; one of each is then resolved, one waits unassigned.
  for (const [t, who] of [
    [bobsOpen, bob],
    [bobsClosed, bob],
    [alicesOpen, alice],
    [alicesClosed, alice],
  ] as const) {
    await ok(request, token, "PUT", `/api/tickets/${t.id}`, { status: "open", userId: who.id, queueId: queue.id, isTransfered: true });
  }
  await ok(request, token, "PUT", `/api/tickets/${waiting.id}`, { queueId: queue.id, isTransfered: true });
  for (const t of [bobsClosed, alicesClosed]) await ok(request, token, "PUT", `/api/tickets/${t.id}`, { status: "closed", sendFarewellMessage: false });

  const { ctx, page } = await agentPage(browser, alice);
  await page.goto("/tickets");
  const names = (list: string) => page.getByTestId(list).getByTestId("ticket-item").filter({ hasText: tag });

  await expect(page.getByTestId("show-all")).toHaveCount(0);
  await expect(names("list-open")).toHaveCount(1);
  await expect(names("list-open")).toContainText(`Alice open ${tag}`);

  await page.getByTestId("tab-pending").click();
  await expect(names("list-pending")).toHaveCount(1);
  await expect(names("list-pending")).toContainText(`Waiting ${tag}`);

  await page.getByTestId("view-closed").click();
  await expect(names("list-closed")).toHaveCount(1);
  await expect(names("list-closed")).toContainText(`Alice closed ${tag}`);

  await page.getByTestId("view-search").click();
  await page.getByTestId("search-input").fill(`Bob`);
  await expect(page.getByTestId("list-search").getByTestId("tickets-empty")).toBeVisible();
  await page.getByTestId("search-input").fill(tag);
  await expect(names("list-search")).toHaveCount(3);
  await expect(page.getByTestId("list-search")).not.toContainText("Bob");

  // Bob's ticket by its address: refused, and back to /tickets.
  await page.goto(`/tickets/${bobsOpen.uuid}`);
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId("conversation")).toHaveCount(0);
  await ctx.close();
});
