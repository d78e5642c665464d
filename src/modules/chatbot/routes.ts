import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc, idParams, messageAnswer } from "../../http/schemas";
import { chatbotAnswer, createChatbotBody, listChatbotsQuery, updateChatbotBody } from "./schema";
import { createChatbotService } from "./service";

const params = idParams("id");
const MANAGE = "queues:manage (admins)";

/** A queue's chatbot options, read by the company's users and edited by its admins. */
export const chatbotRoutes = (ctx: AppContext) => {
  const chatbot = createChatbotService(ctx);

  return new Elysia({ prefix: "/api", tags: ["Chatbot"] })
    .use(authPlugin(ctx))
    .get("/chatbot", ({ actor, query }) => chatbot.list(actor, query.queueId), {
      auth: true,
      query: listChatbotsQuery,
      response: answers({ 200: z.array(chatbotAnswer) }),
      detail: doc("A queue's chatbot options: its root options, each with its whole subtree", { errors: { 404: "ERR_NOT_FOUND" } }),
    })
    .get("/chatbot/:id", ({ actor, params }) => chatbot.get(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: chatbotAnswer }),
      detail: doc("One chatbot option with its subtree", { errors: { 404: "ERR_NOT_FOUND" } }),
    })
    .post(
      "/chatbot",
      async ({ actor, body, set }) => {
        const option = await chatbot.create(actor, body);
        set.status = 201;
        return option;
      },
      {
        auth: true,
        body: createChatbotBody,
        response: answers({ 201: chatbotAnswer }),
        detail: doc("Create a chatbot option in a queue, at the root or under a parent option that has a message", {
          permission: MANAGE,
          errors: { 403: "ERR_NO_PERMISSION" },
        }),
      },
    )
    .put("/chatbot/:id", ({ actor, params, body }) => chatbot.update(actor, params.id, body), {
      auth: true,
      params,
      body: updateChatbotBody,
      response: answers({ 200: chatbotAnswer }),
      detail: doc("Edit a chatbot option (its queue and parent stay)", { permission: MANAGE, errors: { 403: "ERR_NO_PERMISSION", 404: "ERR_NOT_FOUND" } }),
    })
    .delete(
      "/chatbot/:id",
      async ({ actor, params }) => {
        await chatbot.remove(actor, params.id);
        return { message: "Chatbot option deleted" };
      },
      {
        auth: true,
        params,
        response: answers({ 200: messageAnswer }),
        detail: doc("Delete a chatbot option and every option below it", { permission: MANAGE, errors: { 403: "ERR_NO_PERMISSION", 404: "ERR_NOT_FOUND" } }),
      },
    );
};
