/**
 * Contacts import and export against the compiled binary (dist/multi100; built when missing, or with --build):
 *   contacts_import_rows_per_s      a 50,000-row xlsx (name, number, email, tags) from POST /api/contacts/import to the
 *                                   import's status `done` (upload, server-side read and checks, the durable job)
 *   contacts_export_rows_per_s      GET /api/contacts/export?format=xlsx of 100,000 contacts, first byte to last
 *   contacts_export_rss_growth_mb   the server's peak VmRSS during that export minus its VmRSS before it
 * The exported file is read back and must hold every contact.
 *
 *   bun bench/contacts.ts [--build] [--import-rows 50000] [--export-rows 100000]
 * stdout: JSON lines only; progress on stderr.
 */
import * as XLSX from "@e965/xlsx";
import { fetchOk } from "./lib/load";
import { emit, note, round } from "./lib/report";
import { ensureBinary, login, seedDataDir, startServer, tempDataDir } from "./lib/server";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const IMPORT_ROWS = arg("--import-rows", 50_000);
const EXPORT_ROWS = arg("--export-rows", 100_000);

await ensureBinary();

// Import: a fresh server, one file, timed to the job's end.
{
  const server = await startServer({ dataDir: tempDataDir(), timeoutMs: 60_000 });
  const auth = { authorization: `Bearer ${await login(server.url)}` };
  const data: string[][] = [["Nome", "Telefone", "Email", "Etiquetas"]];
  for (let i = 0; i < IMPORT_ROWS; i++) data.push([`Pessoa ${i}`, `(11) 9${String(i).padStart(8, "0")}`, `p${i}@example.com`, i % 10 === 0 ? "VIP" : ""]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data), "Contatos");
  const bytes = XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
  note(`import file: ${IMPORT_ROWS} rows, ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB`);
  const form = new FormData();
  form.append("file", new File([bytes], "contatos.xlsx"));
  form.append("mapping", JSON.stringify({ name: 0, number: 1, email: 2, tags: 3 }));
  const t0 = performance.now();
  const started = (await (await fetchOk(`${server.url}/api/contacts/import`, { method: "POST", headers: auth, body: form })).json()) as { id: number };
  const acceptedMs = performance.now() - t0;
  let status: { status: string; imported: number; processed: number };
  for (;;) {
    status = (await (await fetchOk(`${server.url}/api/contacts/import/${started.id}`, { headers: auth })).json()) as typeof status;
    if (status.status === "done" || status.status === "failed") break;
    await Bun.sleep(50);
  }
  const seconds = (performance.now() - t0) / 1000;
  note(`import ${status.status}: ${status.imported} imported in ${seconds.toFixed(2)} s (request answered after ${Math.round(acceptedMs)} ms)`);
  if (status.imported !== IMPORT_ROWS) throw new Error(`import answered ${JSON.stringify(status)}`);
  emit("contacts_import_rows_per_s", round(IMPORT_ROWS / seconds, 0), "rows/s", IMPORT_ROWS, {
    target: ">= 2000",
    seconds: round(seconds, 2),
    requestMs: Math.round(acceptedMs),
  });
  await server.stop();
}

// Export: 100,000 contacts seeded straight into the store, exported by the server, read back.
{
  const dataDir = await seedDataDir(async (ctx) => {
    const now = new Date().toISOString();
    const tag = await ctx.db
      .insertInto("tags")
      .values({ companyId: 1, name: "Clientes", createdAt: now, updatedAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (let start = 0; start < EXPORT_ROWS; start += 5000) {
      await ctx.db.transaction().execute(async (trx) => {
        for (let i = start; i < Math.min(EXPORT_ROWS, start + 5000); i += 500) {
          const rows = [];
          for (let j = i; j < Math.min(EXPORT_ROWS, i + 500); j++) {
            rows.push({
              companyId: 1,
              name: `Contato ${j}`,
              number: `55219${String(j).padStart(8, "0")}`,
              email: `c${j}@example.com`,
              createdAt: now,
              updatedAt: now,
            });
          }
          const ids = await trx.insertInto("contacts").values(rows).returning("id").execute();
          await trx
            .insertInto("contact_tags")
            .values(ids.filter((_, k) => k % 5 === 0).map((r) => ({ contactId: r.id, tagId: tag.id, companyId: 1 })))
            .execute();
        }
      });
    }
  });
  note(`seeded ${EXPORT_ROWS} contacts`);
  const server = await startServer({ dataDir, timeoutMs: 60_000 });
  const auth = { authorization: `Bearer ${await login(server.url)}` };
  // Warm the read pool and the route once on a small page of the list.
  await (await fetchOk(`${server.url}/api/contacts/export?format=csv&searchParam=Contato%2099999`, { headers: auth })).arrayBuffer();
  await Bun.sleep(500);
  const rssBefore = server.rssMb();
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssMb());
  }, 20);
  const t0 = performance.now();
  const res = await fetchOk(`${server.url}/api/contacts/export?format=xlsx`, { headers: auth });
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as ReadableStream<Uint8Array>) {
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, server.rssMb());
  await server.stop();
  note(`export: ${(size / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(2)} s; server RSS ${rssBefore.toFixed(0)} MB before, ${peak.toFixed(0)} MB at peak`);

  const file = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    file.set(c, at);
    at += c.byteLength;
  }
  const sheet = XLSX.read(file, { type: "array", dense: true });
  const rows = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]!]!, { header: 1 });
  if (rows.length !== EXPORT_ROWS + 1) throw new Error(`the exported file holds ${rows.length - 1} rows, not ${EXPORT_ROWS}`);
  note(`the exported file reopens with ${rows.length - 1} rows`);
  emit("contacts_export_rows_per_s", round(EXPORT_ROWS / seconds, 0), "rows/s", EXPORT_ROWS, { target: ">= 20000", seconds: round(seconds, 2), bytes: size });
  emit("contacts_export_rss_growth_mb", round(peak - rssBefore, 1), "MB", EXPORT_ROWS, {
    target: "< 100",
    rssBeforeMb: round(rssBefore, 1),
    rssPeakMb: round(peak, 1),
  });
}
