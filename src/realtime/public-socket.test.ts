import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createCompany, login } from "../../tests/helpers/factories";
import { flush, listen, Peer, shutdown, tokenFor, within } from "../../tests/helpers/socket-peer";
import { ADMIN, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { MAX_PUBLIC_SOCKETS } from "./hub";

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const EVENT = "public-settings";

let t: TestApp;
let peers: Peer[];
let superToken: string;
let openAuthed: (token?: string) => Peer;
let openPublic: () => Peer;

beforeEach(async () => {
  t = await createTestApp();
  openAuthed = listen(t);
  const base = `ws://127.0.0.1:${t.app.server!.port}/api/public-socket`;
  peers = [];
  openPublic = () => {
    const peer = new Peer(new WebSocket(base));
    peers.push(peer);
    return peer;
  };
  superToken = await login(t, ADMIN.email, ADMIN.password);
});
afterEach(() => shutdown(t, peers));

const put = (key: string, value: string) => t.json("PUT", `/api/settings/${key}`, { token: superToken, body: { value } });
const asMap = (list: Array<{ key: string; value: string }>) => Object.fromEntries(list.map((e) => [e.key, e.value]));

describe("the public socket (no session)", () => {
  test("opens without a token and first gets every public setting", async () => {
    await put("appName", "Acme Help");
    const peer = openPublic();
    expect(asMap(await peer.next(EVENT))).toEqual({
      allowSignup: "disabled",
      primaryColorLight: "#0000FF",
      primaryColorDark: "#39ACE7",
      appLogoLight: "",
      appLogoDark: "",
      appLogoFavicon: "",
      appName: "Acme Help",
    });
  });

  test("every open one hears each change of a branding key, an uploaded logo and allowSignup, under their public names", async () => {
    const one = openPublic();
    const two = openPublic();
    await Promise.all([one.next(EVENT), two.next(EVENT)]);

    await put("primaryColorLight", "#aa1100");
    await put("appName", "Acme Help");
    const form = new FormData();
    form.append("mode", "favicon");
    form.append("file", new File([PNG], "icon.png"));
    const logo = await t.json("POST", "/api/settings-whitelabel/logo", { token: superToken, body: form });
    expect(logo.status).toBe(200);
    await put("userCreation", "enabled");

    for (const peer of [one, two]) {
      await peer.next(EVENT, (d) => d.length === 1 && d[0].key === "allowSignup");
      expect(peer.received(EVENT).map((f) => f.data)).toEqual([
        expect.any(Array),
        [{ key: "primaryColorLight", value: "#aa1100" }],
        [{ key: "appName", value: "Acme Help" }],
        [{ key: "appLogoFavicon", value: logo.body.value }],
        [{ key: "allowSignup", value: "enabled" }],
      ]);
    }
  });

  test("hears nothing of companies: no company setting, no platform key that is not public, no company event", async () => {
    const { admin, companyId } = await createCompany(t, { name: "Beta" });
    const peer = openPublic();
    await peer.next(EVENT);
    const authed = openAuthed(await tokenFor(t, admin.id));
    await authed.opened;

    expect((await t.json("PUT", "/api/settings/userRating", { token: admin.token, body: { value: "enabled" } })).status).toBe(200);
    await put("downloadLimit", "128");
    t.ctx.hub.emit(1, "company-1-ticket", { action: "update" });
    await put("appName", "After");
    await peer.next(EVENT, (d) => d[0]?.value === "After");
    expect(peer.frames.map((f) => f.event)).toEqual([EVENT, EVENT]);
    // The company's own socket did hear its setting change.
    expect(await authed.next(`company-${companyId}-settings`, (d) => d.key === "userRating")).toEqual({ action: "update", key: "userRating" });
  });

  test("a branding change also reaches the logged-in sockets of every company", async () => {
    const { admin, companyId } = await createCompany(t, { name: "Beta" });
    const a = openAuthed(await tokenFor(t, 1));
    const b = openAuthed(await tokenFor(t, admin.id));
    await Promise.all([a.opened, b.opened]);
    await put("primaryColorDark", "#11aa00");
    expect(await a.next("company-1-settings")).toEqual({ action: "update", key: "primaryColorDark" });
    expect(await b.next(`company-${companyId}-settings`)).toEqual({ action: "update", key: "primaryColorDark" });
    await flush(t, b, companyId);
    expect(b.frames.filter((f) => f.event.startsWith("company-1-"))).toEqual([]);
  });

  test("what the client sends is ignored, and the server's shutdown closes it with 1001", async () => {
    const peer = openPublic();
    await peer.next(EVENT);
    peer.send({ event: "joinNotification" });
    peer.send("not json");
    t.ctx.hub.emit(1, "company-1-ticket", { action: "update" });
    await put("appName", "Still here");
    await peer.next(EVENT, (d) => d[0]?.value === "Still here");
    expect(peer.frames.map((f) => f.event)).toEqual([EVENT, EVENT]);
    t.ctx.hub.closeAll();
    expect(await within(peer.closed, 2000, "closed on shutdown")).toEqual({ code: 1001, reason: "Server shutting down" });
  });
});

describe("hub: sessionless sockets", () => {
  test("are bounded: past MAX_PUBLIC_SOCKETS a new one is closed with 1013 until one leaves", () => {
    const closed: number[] = [];
    const link = { send: () => {}, close: (code: number) => void closed.push(code) };
    let accepted = 0;
    for (let i = 0; i < MAX_PUBLIC_SOCKETS; i++) accepted += Number(t.ctx.hub.connectPublic(`p${i}`, link));
    expect(accepted).toBe(MAX_PUBLIC_SOCKETS);
    expect(t.ctx.hub.connectPublic("one-too-many", link)).toBe(false);
    expect(closed).toEqual([1013]);
    t.ctx.hub.disconnectPublic("p0");
    expect(t.ctx.hub.connectPublic("after-one-left", link)).toBe(true);
    for (let i = 1; i < MAX_PUBLIC_SOCKETS; i++) t.ctx.hub.disconnectPublic(`p${i}`);
    t.ctx.hub.disconnectPublic("after-one-left");
  });
});
