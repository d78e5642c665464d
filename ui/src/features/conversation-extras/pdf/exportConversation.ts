import { api } from "../../../api/client";
import { i18n } from "../../../i18n";
import { ddmmyyyy, hhmm } from "../../tickets/format";
import type { Message, MessagesPage, Ticket } from "../../tickets/types";

/** The conversation had nothing to export (no ticket, no messages): the export fails with its own error. */
export class NothingToExportError extends Error {
  constructor() {
    super("the conversation to export was not found");
    this.name = "NothingToExportError";
  }
}

const PAGE_MARGIN = 40;
const LINE = 14;
/** A long conversation is read page by page (20 messages each); this bounds one export. */
const MAX_PAGES = 250;

/** Every message of the ticket, oldest first (GET /api/messages pages are newest first, each chronological). */
export async function loadConversation(ticketId: number): Promise<Message[]> {
  const pages: Message[][] = [];
  for (let n = 1; n <= MAX_PAGES; n++) {
    const page = await api.get<MessagesPage>(`/api/messages/${ticketId}`, { pageNumber: n });
    pages.push(page.messages);
    if (!page.hasMore) break;
  }
  return pages.reverse().flat();
}

/**
 * Helvetica (the PDF standard font, no font file to ship) covers Windows-1252 only: Latin letters with accents and
 * the usual punctuation. Other characters (emoji, other scripts) would print as garbage, so they become "?".
 */
const CP1252_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
export function pdfSafe(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    out += code === 10 || (code >= 32 && code < 127) || (code >= 160 && code <= 255) || CP1252_EXTRA.includes(ch) ? ch : "?";
  }
  return out;
}

const when = (iso: string) => {
  const d = new Date(iso);
  return `${ddmmyyyy(d)} ${hhmm(d)}`;
};

function author(m: Message, ticket: Ticket): string {
  if (m.fromMe) return m.user?.name ?? i18n.t("extras.pdf.agent");
  return m.senderName || m.contact?.name || ticket.contact.name;
}

/**
 * The conversation as a PDF document: contact, ticket, then every message with its time and author;
 * media appear as links (signed links, valid for an hour). Built in the browser with jsPDF, loaded on first use.
 */
export async function conversationPdf(ticket: Ticket, messages: Message[], now = new Date()): Promise<Blob> {
  if (!messages.length) throw new NothingToExportError();
  const { jsPDF } = await import("jspdf");
  const doc = new jsPDF({ unit: "pt", format: "a4" });
  const width = doc.internal.pageSize.getWidth() - PAGE_MARGIN * 2;
  const bottom = doc.internal.pageSize.getHeight() - PAGE_MARGIN;
  let y = PAGE_MARGIN;
  const room = (h: number) => {
    if (y + h <= bottom) return;
    doc.addPage();
    y = PAGE_MARGIN;
  };
  const write = (text: string, opts: { size?: number; bold?: boolean; color?: [number, number, number]; indent?: number } = {}) => {
    doc.setFont("helvetica", opts.bold ? "bold" : "normal");
    doc.setFontSize(opts.size ?? 10);
    doc.setTextColor(...(opts.color ?? [20, 23, 28]));
    const lines: string[] = doc.splitTextToSize(pdfSafe(text), width - (opts.indent ?? 0));
    const h = ((opts.size ?? 10) / 10) * LINE;
    for (const line of lines) {
      room(h);
      doc.text(line, PAGE_MARGIN + (opts.indent ?? 0), y + h * 0.8);
      y += h;
    }
  };

  doc.setProperties({ title: i18n.t("extras.pdf.title", { id: ticket.id }), creator: "Multi100" });
  write(i18n.t("extras.pdf.title", { id: ticket.id }), { size: 16, bold: true });
  y += 6;
  write(`${i18n.t("extras.pdf.contact")}: ${ticket.contact.name}${ticket.contact.number ? ` (${ticket.contact.number})` : ""}`);
  write(`${i18n.t("extras.pdf.ticket")}: #${ticket.id} · ${i18n.t(`extras.pdf.status.${ticket.status}`, { defaultValue: ticket.status })}`);
  if (ticket.queue) write(`${i18n.t("extras.pdf.queue")}: ${ticket.queue.name}`);
  if (ticket.user) write(`${i18n.t("extras.pdf.user")}: ${ticket.user.name}`);
  if (ticket.whatsapp) write(`${i18n.t("extras.pdf.connection")}: ${ticket.whatsapp.name}`);
  write(`${i18n.t("extras.pdf.exportedAt")}: ${when(now.toISOString())}`, { color: [93, 101, 115] });
  y += 8;
  doc.setDrawColor(211, 216, 223);
  doc.line(PAGE_MARGIN, y, PAGE_MARGIN + width, y);
  y += 10;

  for (const m of messages) {
    room(LINE * 2);
    const marks = [
      m.isPrivate ? i18n.t("extras.pdf.private") : "",
      m.isForwarded ? i18n.t("extras.pdf.forwarded") : "",
      m.isEdited ? i18n.t("extras.pdf.edited") : "",
    ].filter(Boolean);
    write(`${when(m.createdAt)} · ${author(m, ticket)}${marks.length ? ` (${marks.join(", ")})` : ""}`, {
      bold: true,
      size: 9,
      color: m.fromMe ? [29, 78, 216] : [20, 23, 28],
    });
    if (m.isDeleted) write(i18n.t("extras.pdf.deleted"), { color: [93, 101, 115], indent: 8 });
    else {
      if (m.mediaUrl) {
        const label = `[${m.mediaName || i18n.t(`extras.pdf.media.${m.mediaType ?? "application"}`, { defaultValue: m.mediaType ?? "" })}]`;
        room(LINE);
        doc.setFont("helvetica", "normal");
        doc.setFontSize(10);
        doc.setTextColor(29, 78, 216);
        doc.textWithLink(pdfSafe(label), PAGE_MARGIN + 8, y + LINE * 0.8, { url: new URL(m.mediaUrl, location.origin).href });
        y += LINE;
      }
      const body = m.body && m.body !== m.mediaName ? m.body : "";
      if (body) write(body, { indent: 8 });
    }
    y += 6;
  }
  return doc.output("blob");
}

/** Loads the ticket's whole conversation, builds the PDF and downloads it. */
export async function exportConversation(ticket: Ticket): Promise<void> {
  const messages = await loadConversation(ticket.id);
  const blob = await conversationPdf(ticket, messages);
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `ticket-${ticket.id}-${new Date().toISOString().slice(0, 10)}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
