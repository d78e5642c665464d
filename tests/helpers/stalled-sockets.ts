/**
 * A separate process holding sockets that will stop reading: `bun tests/helpers/stalled-sockets.ts <ws url> <count>`
 * opens them, joins the notification room on each, prints "ready" once all are open, and then waits. The test stops
 * the process (SIGSTOP): its sockets stay open and read nothing, like a laptop asleep on a network that still holds
 * the connection, so the server's frames pile up for them.
 */
const [url, countText] = process.argv.slice(2);
const count = Number(countText);
if (!url || !Number.isInteger(count) || count < 1) throw new Error("usage: stalled-sockets.ts <ws url> <count>");

let opened = 0;
const sockets: WebSocket[] = [];
for (let i = 0; i < count; i++) {
  const ws = new WebSocket(url);
  ws.onopen = () => {
    ws.send(JSON.stringify({ event: "joinNotification" }));
    if (++opened === count) console.log("ready");
  };
  ws.onclose = (e) => {
    if (opened < count) console.error(`socket ${i} closed before all opened: ${e.code}`);
  };
  sockets.push(ws);
}
setInterval(() => {}, 60_000);
