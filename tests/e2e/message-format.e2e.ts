/**
 * WhatsApp-style marks (*bold*, _italic_, ~strike~, ```mono```) render as such in the agent's conversation and in the
 * web-chat widget, the agent's signature "*Name*:" as the name in bold, and the ticket list's preview shows the text
 * without its marks; characters that only look like marks (snake_case_names, 2*3*4) stay as typed.
 */
import { expect, type Locator, test } from "@playwright/test";
import { adminWithWebchat, agentPage, ok, openVisitor, ticketOf, uid } from "./helpers/inbox";
import { screenshotPath } from "./helpers/server";

/** One rendered message body: its whole text (marks gone, everything else as typed) and the elements of each mark. */
async function expectMarks(body: Locator, text: string, marks: { strong: string[]; em: string; s: string; code: string }) {
  await expect(body).toHaveText(text);
  await expect(body.locator("strong")).toHaveText(marks.strong);
  await expect(body.locator("em")).toHaveText(marks.em);
  await expect(body.locator("s")).toHaveText(marks.s);
  await expect(body.locator("code")).toHaveText(marks.code);
}

test("marks render in the conversation and the widget, and previews show the plain text", async ({ browser, request }) => {
  const tag = uid();
  const { token, owner, connection } = await adminWithWebchat(request, tag);
  await ok(request, token, "PUT", "/api/companySettings", { column: "sendSignMessage", data: "enabled" });

  const visitor = await openVisitor(browser, connection.widgetKey, `Visitante ${tag}`);
  const question = `*negrito* _itálico_ ~riscado~ \`\`\`mono ${tag}\`\`\` snake_case_names 2*3*4`;
  // Typed as is; the widget shows it with its marks rendered (checked below).
  await visitor.page.getByTestId("webchat-input").fill(question);
  await visitor.page.getByTestId("webchat-input").press("Enter");
  const ticket = await ticketOf(request, token, `mono ${tag}`);
  await ok(request, token, "PUT", `/api/tickets/${ticket.id}`, { status: "open" });
  await ok(request, token, "POST", `/api/messages/${ticket.id}`, { body: "*Pedido* _confirmado_ ~cancelado~ ```A-123```", signMessage: true });

  // The widget: the visitor's own message and the agent's signed answer.
  const bubbles = visitor.page.getByTestId("webchat-message");
  const questionText = `negrito itálico riscado mono ${tag} snake_case_names 2*3*4`;
  const questionMarks = { strong: ["negrito"], em: "itálico", s: "riscado", code: `mono ${tag}` };
  const answerText = `Owner ${tag}: Pedido confirmado cancelado A-123`;
  const answerMarks = { strong: [`Owner ${tag}`, "Pedido"], em: "confirmado", s: "cancelado", code: "A-123" };
  await expectMarks(bubbles.filter({ hasText: `mono ${tag}` }).locator(".body"), questionText, questionMarks);
  await expectMarks(bubbles.filter({ hasText: "A-123" }).locator(".body"), answerText, answerMarks);
  await visitor.page.screenshot({ path: screenshotPath("message-format-widget-375") });
  // The widget keeps its own light colours on a visitor's dark system.
  await visitor.page.emulateMedia({ colorScheme: "dark" });
  await visitor.page.screenshot({ path: screenshotPath("message-format-widget-375-dark-system") });
  await visitor.ctx.close();

  for (const theme of ["light", "dark"] as const) {
    const agent = await agentPage(browser, owner, { width: 1280, height: 800, theme });
    await agent.page.goto(`/tickets/${ticket.uuid}`);
    const bodies = agent.page.getByTestId("message-body");
    await expectMarks(bodies.filter({ hasText: `mono ${tag}` }), questionText, questionMarks);
    await expectMarks(bodies.filter({ hasText: "A-123" }), answerText, answerMarks);
    // The ticket list's preview: the last message without its marks, cut at 40 characters.
    await expect(agent.page.getByTestId("ticket-last-message").filter({ hasText: `Owner ${tag}` })).toHaveText(
      `${`Owner ${tag}:\nPedido confirmado cancelado A-123`.slice(0, 40)}…`,
    );
    await agent.page.screenshot({ path: screenshotPath(`message-format-conversation-${theme}`) });
    await agent.ctx.close();
  }
});
