import { CSV_BOM, csvLine } from "./csv";
import { XlsxStream } from "./xlsx-stream";

/** The next page's rows as text cells; undefined once the rows are through. */
export type NextPage = () => Promise<string[][] | undefined>;

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * A table as an xlsx or csv download, streamed: each pull asks `nextPage` for the next rows (read from the read pool
 * by the caller), so a file of any length never sits in memory, and a client that stops reading stops the reads.
 * `baseName` and the day stamp make the file name (`tickets-2026-03-01.csv`).
 */
export function exportFile(o: {
  format: "xlsx" | "csv";
  baseName: string;
  stamp: string;
  sheetName: string;
  columns: readonly string[];
  nextPage: NextPage;
}): ExportFile {
  if (o.format === "csv") {
    return { fileName: `${o.baseName}-${o.stamp}.csv`, contentType: "text/csv; charset=utf-8", body: csvBody(o.columns, o.nextPage) };
  }
  return {
    fileName: `${o.baseName}-${o.stamp}.xlsx`,
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    body: xlsxBody(o.sheetName, o.columns, o.nextPage),
  };
}

/** The file as a Response: an attachment, never cached. */
export function exportResponse(file: ExportFile): Response {
  return new Response(file.body, {
    headers: { "content-type": file.contentType, "content-disposition": `attachment; filename="${file.fileName}"`, "cache-control": "no-store" },
  });
}

function csvBody(columns: readonly string[], nextPage: NextPage): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(columns)));
      },
      async pull(controller) {
        const rows = await nextPage();
        if (!rows) return controller.close();
        controller.enqueue(encoder.encode(rows.map(csvLine).join("")));
      },
    },
    { highWaterMark: 1 },
  );
}

function xlsxBody(sheetName: string, columns: readonly string[], nextPage: NextPage): ReadableStream<Uint8Array> {
  let xlsx: XlsxStream;
  let emitted = 0;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        xlsx = new XlsxStream(
          sheetName,
          (chunk) => {
            emitted++;
            controller.enqueue(chunk);
          },
          (err) => controller.error(err),
        );
        xlsx.rows([[...columns]]);
      },
      // The compressor holds small pages back: read on until it hands out a chunk, as a pull that enqueues nothing
      // is not called again.
      async pull(controller) {
        const before = emitted;
        while (emitted === before) {
          const rows = await nextPage();
          if (!rows) {
            xlsx.end();
            return controller.close();
          }
          xlsx.rows(rows);
        }
      },
    },
    { highWaterMark: 1 },
  );
}
