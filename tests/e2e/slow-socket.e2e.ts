/**
 * A socket the server closes because its client fell too far behind (4008 ERR_SOCKET_TOO_SLOW, src/realtime/bounded-send.ts):
 * the web app reconnects and fetches again what it shows, so what arrived meanwhile is on screen. The browser's socket
 * runs through a route of this test (page.routeWebSocket) that can stop passing the server's frames on, as a client
 * that stopped reading would miss them, and then closes the page's side with the server's code.
 */
import { expect, type Page, test, type WebSocketRoute } from "@playwright/test";
import { adminWithWebchat, agentPage, createAgent, openVisitor, uid } from "./helpers/inbox";

test.use({ locale: "en-US" });
test.setTimeout(120_000);

const message = (page: Page, text: string) => page.getByTestId("message").filter({ hasText: text }).last();

test("after a 4008 close the web app reconnects and shows the ticket and the message it missed", async ({ browser, request }) => {
  const tag = uid();
  const { token, connection } = await adminWithWebchat(request, tag);
  const ana = await createAgent(request, token, tag, "Ana", { allTicket: "enable" });
  const { ctx, page } = await agentPage(browser, ana);

  let opened = 0;
  let passing = true;
  let current: { page: WebSocketRoute; server: WebSocketRoute } | undefined;
  await page.routeWebSocket(/\/api\/socket\?/, (ws) => {
    opened++;
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      if (passing) ws.send(m);
    });
    current = { page: ws, server };
  });

  await page.goto("/tickets");
  await page.getByTestId("tab-pending").click();
  const list = page.getByTestId("list-pending");
  const first = await openVisitor(browser, connection.widgetKey, `First ${tag}`);
  await first.write(`Hello ${tag}`);
  await list
    .getByTestId("ticket-item")
    .filter({ hasText: `First ${tag}` })
    .click();
  await expect(message(page, `Hello ${tag}`)).toBeVisible();
  expect(opened).toBe(1);

  const second = await openVisitor(browser, connection.widgetKey, `Second ${tag}`);
  await test.step("frames stop reaching the page: a new ticket and a new message are missed", async () => {
    passing = false;
    await second.write(`Second visitor ${tag}`);
    await first.write(`While away ${tag}`);
    await expect(list.getByTestId("ticket-item").filter({ hasText: `Second ${tag}` })).toHaveCount(0);
    await expect(message(page, `While away ${tag}`)).toHaveCount(0);
  });

  await test.step("the server's close for a client too far behind: the app reconnects and fetches again", async () => {
    passing = true;
    current!.page.close({ code: 4008, reason: "ERR_SOCKET_TOO_SLOW" });
    current!.server.close();
    await expect(list.getByTestId("ticket-item").filter({ hasText: `Second ${tag}` })).toBeVisible();
    await expect(message(page, `While away ${tag}`)).toBeVisible();
    expect(opened).toBe(2);
  });
  for (const c of [ctx, first.ctx, second.ctx]) await c.close();
});
