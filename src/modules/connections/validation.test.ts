import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { login } from "../../../tests/helpers/factories";
import { ADMIN } from "../../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp, createTestChannel } from "../../../tests/helpers/test-channel";
import { DEFAULT_SCHEDULES } from "../business-hours/schema";

/**
 * The connection form's rules as a table: each row is a request body and the field errors it must produce ({} = accepted).
 * Messages are the keys the web app translates (src/modules/connections/schema.ts MSG).
 */
let t: ChannelTestApp;
let admin: string;
let q1: number;
let q2: number;
const NOW = new Date("2026-06-15T12:00:00.000Z");
const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
const day = (offsetDays: number) => iso(offsetDays * DAY).slice(0, 10);

beforeAll(async () => {
  const chan = createTestChannel();
  t = await createChannelTestApp({ plugins: [chan.plugin] });
  t.clock.set(NOW);
  admin = await login(t, ADMIN.email, ADMIN.password);
  for (const [name, color] of [
    ["Vendas", "#111111"],
    ["Suporte", "#222222"],
  ]) {
    await t.ctx.db.insertInto("queues").values({ companyId: 1, name: name!, color: color! }).execute();
  }
  [q1, q2] = (await t.ctx.db.selectFrom("queues").select("id").orderBy("id").execute()).map((r) => r.id) as [number, number];
});
afterAll(() => t.close());

const setRatings = async (value: "enabled" | "disabled") => {
  await t.ctx.db
    .insertInto("company_settings")
    .values({ companyId: 1, key: "userRating", value })
    .onConflict((oc) => oc.columns(["companyId", "key"]).doUpdateSet({ value }))
    .execute();
};
const post = (body: Record<string, unknown>) => t.json("POST", "/api/whatsapp", { token: admin, body: { channel: "testchan", ...body } });
const put = (id: number, body: Record<string, unknown>) => t.json("PUT", `/api/whatsapp/${id}`, { token: admin, body });
const week = (patch: Record<string, unknown> = {}, length = 7) =>
  DEFAULT_SCHEDULES.slice(0, length).map(({ weekday: _w, ...e }, i) => ({ ...e, ...(i === 0 ? patch : {}) }));

type Case = [label: string, body: () => Record<string, unknown>, fields: Record<string, string>, ratings?: boolean];

const cases: Case[] = [
  // name 2-50, required
  ["name missing", () => ({ name: undefined }), { name: "Required" }],
  ["name blank", () => ({ name: "   " }), { name: "Required" }],
  ["name of 1 character", () => ({ name: "A" }), { name: "Too Short!" }],
  ["name of 51 characters", () => ({ name: "x".repeat(51) }), { name: "Too Long!" }],
  ["name of 2 and 50 characters", () => ({ name: "Ok" }), {}],
  ["name of 50 characters", () => ({ name: "y".repeat(50) }), {}],
  // ratings (company setting userRating)
  [
    "ratings on: no rating message, NPS expiry 0",
    () => ({ name: "Rating" }),
    { ratingMessage: "errorRatingMessage", expiresTicketNPS: "errorExpiresNPS" },
    true,
  ],
  ["ratings on: blank rating message", () => ({ name: "Rating", ratingMessage: "  ", expiresTicketNPS: 10 }), { ratingMessage: "errorRatingMessage" }, true],
  [
    "ratings on: NPS expiry empty means 0",
    () => ({ name: "Rating", ratingMessage: "Nota?", expiresTicketNPS: "" }),
    { expiresTicketNPS: "errorExpiresNPS" },
    true,
  ],
  ["ratings on: both given", () => ({ name: "Rating", ratingMessage: "Nota?", expiresTicketNPS: 10 }), {}, true],
  ["ratings off: neither needed", () => ({ name: "Rating" }), {}],
  // queue redirect: time and queue both or neither
  ["redirect time without a queue", () => ({ name: "Redirect", timeSendQueue: 5 }), { sendIdQueue: "errorSendQueue" }],
  ["redirect queue without a time", () => ({ name: "Redirect", sendIdQueue: q1 }), { timeSendQueue: "errorSendQueue" }],
  ["redirect queue with an empty time (= 0)", () => ({ name: "Redirect", sendIdQueue: q1, timeSendQueue: "" }), { timeSendQueue: "errorSendQueue" }],
  ["redirect: empty time alone is 0", () => ({ name: "Redirect", timeSendQueue: "", sendIdQueue: "" }), {}],
  ["redirect: both", () => ({ name: "Redirect", timeSendQueue: "10", sendIdQueue: q1 }), {}],
  // greeting with more than one queue
  ["two queues, no greeting", () => ({ name: "Queues", queueIds: [q1, q2] }), { greetingMessage: "ERR_WAPP_GREETING_REQUIRED" }],
  ["two queues, blank greeting", () => ({ name: "Queues", queueIds: [q1, q2], greetingMessage: " " }), { greetingMessage: "ERR_WAPP_GREETING_REQUIRED" }],
  ["the same queue twice counts once", () => ({ name: "Queues", queueIds: [q1, q1] }), {}],
  ["one queue, no greeting", () => ({ name: "Queues", queueIds: [q1] }), {}],
  ["two queues with a greeting", () => ({ name: "Queues", queueIds: [q1, q2], greetingMessage: "Olá" }), {}],
  // import of old messages
  [
    "import on: dates and queue required",
    () => ({ name: "Import", enableImportMessage: true }),
    { importOldMessages: "Required", importRecentMessages: "Required", queueIdImportMessages: "Required" },
  ],
  [
    "import: old date more than 2 years back",
    () => ({ name: "Import", enableImportMessage: true, importOldMessages: iso(-731 * DAY), importRecentMessages: iso(-DAY), queueIdImportMessages: q1 }),
    { importOldMessages: "errorImportOldMessages" },
  ],
  [
    "import: old date in the future",
    () => ({ name: "Import", enableImportMessage: true, importOldMessages: iso(DAY), importRecentMessages: iso(2 * DAY), queueIdImportMessages: q1 }),
    { importOldMessages: "errorImportOldMessages", importRecentMessages: "errorImportRecentMessages" },
  ],
  [
    "import: recent date before the old one",
    () => ({ name: "Import", enableImportMessage: true, importOldMessages: iso(-10 * DAY), importRecentMessages: iso(-20 * DAY), queueIdImportMessages: q1 }),
    { importRecentMessages: "errorImportRecentMessages" },
  ],
  [
    "import: recent date in the future",
    () => ({ name: "Import", enableImportMessage: true, importOldMessages: iso(-10 * DAY), importRecentMessages: iso(60_000), queueIdImportMessages: q1 }),
    { importRecentMessages: "errorImportRecentMessages" },
  ],
  [
    "import: a valid window (just under 2 years back, until now)",
    () => ({ name: "Import", enableImportMessage: true, importOldMessages: iso(-729 * DAY), importRecentMessages: iso(0), queueIdImportMessages: q1 }),
    {},
  ],
  ["import off: dates are not checked", () => ({ name: "Import", enableImportMessage: false, importOldMessages: iso(-900 * DAY) }), {}],
  ["import: a date that is not ISO", () => ({ name: "Import", importOldMessages: "yesterday" }), { importOldMessages: "Invalid date" }],
  ["import: a date without a zone", () => ({ name: "Import", importRecentMessages: "2026-06-01T10:00:00" }), { importRecentMessages: "Invalid date" }],
  // collective vacation
  [
    "vacation message without dates",
    () => ({ name: "Vacation", collectiveVacationMessage: "Férias" }),
    { collectiveVacationStart: "Required", collectiveVacationEnd: "Required" },
  ],
  ["vacation dates without a message are fine", () => ({ name: "Vacation", collectiveVacationStart: day(1), collectiveVacationEnd: day(5) }), {}],
  [
    "vacation starting 11 days ago",
    () => ({ name: "Vacation", collectiveVacationMessage: "Férias", collectiveVacationStart: day(-11), collectiveVacationEnd: day(5) }),
    { collectiveVacationStart: "errorCollectiveVacationStart" },
  ],
  [
    "vacation ending before it starts",
    () => ({ name: "Vacation", collectiveVacationMessage: "Férias", collectiveVacationStart: day(5), collectiveVacationEnd: day(2) }),
    { collectiveVacationEnd: "errorCollectiveVacationEnd" },
  ],
  [
    "vacation ending 11 days ago",
    () => ({ name: "Vacation", collectiveVacationMessage: "Férias", collectiveVacationStart: day(-12), collectiveVacationEnd: day(-11) }),
    { collectiveVacationStart: "errorCollectiveVacationStart", collectiveVacationEnd: "errorCollectiveVacationEnd" },
  ],
  [
    "vacation from 10 days ago until today",
    () => ({ name: "Vacation", collectiveVacationMessage: "Férias", collectiveVacationStart: day(-10), collectiveVacationEnd: day(0) }),
    {},
  ],
  [
    "vacation of one day",
    () => ({ name: "Vacation", collectiveVacationMessage: "Férias", collectiveVacationStart: day(3), collectiveVacationEnd: day(3) }),
    {},
  ],
  ["vacation: a date that is not a date", () => ({ name: "Vacation", collectiveVacationStart: "31/12/2026" }), { collectiveVacationStart: "Invalid date" }],
  // time fields ##:##
  ["schedule time 8:00", () => ({ name: "Hours", schedules: week({ startTimeA: "8:00" }) }), { "schedules.0.startTimeA": "Invalid time" }],
  ["schedule time 24:00", () => ({ name: "Hours", schedules: week({ endTimeA: "24:00" }) }), { "schedules.0.endTimeA": "Invalid time" }],
  ["schedule time 12:60", () => ({ name: "Hours", schedules: week({ startTimeB: "12:60" }) }), { "schedules.0.startTimeB": "Invalid time" }],
  ["schedule period with a start and no end", () => ({ name: "Hours", schedules: week({ endTimeB: "" }) }), { "schedules.0.endTimeB": "Required" }],
  ["schedule without a day", () => ({ name: "Hours", schedules: week({}, 6) }), { schedules: "One entry for each day of the week" }],
  ["schedule with an unused period", () => ({ name: "Hours", schedules: week({ startTimeB: "", endTimeB: "" }) }), {}],
  // numbers, enums, ids
  ["negative number", () => ({ name: "Numbers", maxUseBotQueues: -1 }), { maxUseBotQueues: "Invalid number" }],
  ["fractional number", () => ({ name: "Numbers", timeUseBotQueues: 1.5 }), { timeUseBotQueues: "Invalid number" }],
  ["text for a number", () => ({ name: "Numbers", expiresTicket: "soon" }), { expiresTicket: "Invalid number" }],
  ["groupAsTicket outside enabled/disabled", () => ({ name: "Enums", groupAsTicket: "maybe" }), { groupAsTicket: "Invalid value" }],
  ["whenExpiresTicket outside 0/1", () => ({ name: "Enums", whenExpiresTicket: 2 }), { whenExpiresTicket: "Invalid value" }],
  ["a boolean as text", () => ({ name: "Enums", allowGroup: "yes" }), { allowGroup: "Invalid value" }],
  ["an unknown queue", () => ({ name: "Ids", queueIds: [987654] }), { queueIds: "Not found" }],
  ["a malformed queue id", () => ({ name: "Ids", queueIds: ["one"] }), { "queueIds.0": "Invalid id" }],
  ["prompts do not exist yet", () => ({ name: "Ids", promptId: 3 }), { promptId: "Not found" }],
  // several rules at once: every failing field in one answer
  [
    "rule, plugin config and id errors together",
    () => ({ name: "All", timeSendQueue: 5, queueIds: [q1, q2], config: { mode: "smoke" }, collectiveVacationMessage: "x" }),
    {
      sendIdQueue: "errorSendQueue",
      greetingMessage: "ERR_WAPP_GREETING_REQUIRED",
      "config.mode": expect.any(String) as unknown as string,
      collectiveVacationStart: "Required",
      collectiveVacationEnd: "Required",
    },
  ],
];

describe("connection form validation (POST)", () => {
  for (const [label, body, fields, ratings] of cases) {
    test(label, async () => {
      await setRatings(ratings ? "enabled" : "disabled");
      const r = await post(body());
      if (Object.keys(fields).length === 0) {
        expect([r.status, r.body.fields]).toEqual([201, undefined]);
        await t.json("DELETE", `/api/whatsapp/${r.body.id}`, { token: admin });
      } else {
        expect(r.status).toBe(400);
        expect(r.body.error).toBe("ERR_VALIDATION");
        expect(r.body.fields).toEqual(fields);
      }
    });
  }

  test("empty numeric fields are stored as 0", async () => {
    await setRatings("disabled");
    const r = await post({ name: "Zeros", timeSendQueue: "", expiresTicket: null, timeCreateNewTicket: "" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ timeSendQueue: 0, expiresTicket: 0, timeCreateNewTicket: 0, sendIdQueue: null });
    await t.json("DELETE", `/api/whatsapp/${r.body.id}`, { token: admin });
  });
});

describe("connection form validation (PUT: the stored values with the changes over them)", () => {
  test("cross-field rules see stored values: a second queue needs the stored greeting", async () => {
    await setRatings("disabled");
    const bare = (await post({ name: "Bare", queueIds: [q1] })).body;
    expect((await put(bare.id, { queueIds: [q1, q2] })).body.fields).toEqual({ greetingMessage: "ERR_WAPP_GREETING_REQUIRED" });
    const greeted = (await post({ name: "Greeted", greetingMessage: "Oi", queueIds: [q1] })).body;
    expect((await put(greeted.id, { queueIds: [q1, q2] })).status).toBe(200);
    expect((await put(greeted.id, { greetingMessage: "" })).body.fields).toEqual({ greetingMessage: "ERR_WAPP_GREETING_REQUIRED" });
    const redirect = (await post({ name: "Redirect", timeSendQueue: 5, sendIdQueue: q1 })).body;
    expect((await put(redirect.id, { sendIdQueue: null })).body.fields).toEqual({ sendIdQueue: "errorSendQueue" });
    expect((await put(redirect.id, { sendIdQueue: null, timeSendQueue: "" })).status).toBe(200);
  });

  test("turning ratings on makes the next save ask for the rating fields", async () => {
    await setRatings("disabled");
    const c = (await post({ name: "Ratings later" })).body;
    await setRatings("enabled");
    expect((await put(c.id, { name: "Ratings later 2" })).body.fields).toEqual({ ratingMessage: "errorRatingMessage", expiresTicketNPS: "errorExpiresNPS" });
    expect((await put(c.id, { ratingMessage: "Nota?", expiresTicketNPS: 5 })).status).toBe(200);
    await setRatings("disabled");
  });

  test("rules measured against now apply to changed values only: an old vacation or import window stays editable", async () => {
    await setRatings("disabled");
    const q = q1;
    const c = (
      await post({
        name: "Old windows",
        collectiveVacationMessage: "Férias",
        collectiveVacationStart: day(1),
        collectiveVacationEnd: day(3),
        enableImportMessage: true,
        importOldMessages: iso(-700 * DAY),
        importRecentMessages: iso(-DAY),
        queueIdImportMessages: q,
      })
    ).body;
    expect(c.id).toBeNumber();
    // A month later the import window start is more than 2 years back and the vacation ended 27 days ago.
    t.clock.advance(40 * DAY);
    admin = await login(t, ADMIN.email, ADMIN.password);
    try {
      expect((await put(c.id, { name: "Old windows 2" })).status).toBe(200);
      // Resending the same values (the form sends every field) is not a change.
      expect(
        (await put(c.id, { collectiveVacationStart: c.collectiveVacationStart, importOldMessages: c.importOldMessages, enableImportMessage: true })).status,
      ).toBe(200);
      // New values are checked.
      expect((await put(c.id, { collectiveVacationStart: day(-5) })).body.fields).toEqual({ collectiveVacationStart: "errorCollectiveVacationStart" });
      expect((await put(c.id, { importOldMessages: iso(-710 * DAY) })).body.fields).toEqual({ importOldMessages: "errorImportOldMessages" });
      // Clearing the import queue while import stays on is refused.
      expect((await put(c.id, { queueIdImportMessages: null })).body.fields).toEqual({ queueIdImportMessages: "Required" });
    } finally {
      t.clock.set(NOW);
      admin = await login(t, ADMIN.email, ADMIN.password);
    }
  });
});
