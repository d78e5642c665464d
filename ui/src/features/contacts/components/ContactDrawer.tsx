import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Avatar } from "../../../components/ui/avatar";
import { Button, IconButton } from "../../../components/ui/button";
import { BanIcon, EditIcon, XIcon } from "../../../components/ui/icons";
import { SelectField } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/toast";
import type { Ticket } from "../../tickets/types";
import { contactQuery, tagsQuery, useBlockContact, useSetLane, useToggleAcceptAudio, useToggleDisableBot } from "../queries";
import { ContactEditDialog } from "./ContactEditDialog";
import { ContactTags } from "./ContactTags";
import { TicketNotes } from "./TicketNotes";

const section = css({ display: "flex", flexDirection: "column", gap: "2", px: "4", py: "3", borderBottomWidth: "1px", borderColor: "border.muted" });
const heading = css({ fontSize: "xs", fontWeight: "semibold", color: "fg.muted", textTransform: "uppercase", letterSpacing: "wide" });
const NO_LANE = "none";
/** Elements of a layer that handles Escape itself. */
const LAYERS = "[role=dialog], [role=alertdialog], [role=menu], [role=listbox]";

/**
 * The contact drawer of the conversation, 320 px: contact data and extra info with the edit dialog, tags,
 * the ticket's kanban lane, disable-chatbot and accept-audio toggles, block/unblock, and the ticket's notes.
 */
export function ContactDrawer({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery(contactQuery(ticket.contactId));
  const lanes = useQuery(tagsQuery(1));
  const setLane = useSetLane(ticket.id);
  const block = useBlockContact();
  const disableBot = useToggleDisableBot();
  const acceptAudio = useToggleAcceptAudio();
  const [editing, setEditing] = useState(false);
  const box = useRef<HTMLElement>(null);
  const c = q.data;

  // Escape closes the drawer, unless a layer above it (a dialog, a menu, a list) takes the key for itself.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented || editing) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target && !box.current?.contains(target) && target.closest(LAYERS)) return;
      onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [editing, onClose]);
  // Opening moves the focus into the drawer, so the keyboard and screen readers start there.
  useEffect(() => box.current?.focus(), []);

  // The ticket already names the contact: the drawer opens with it and fills in the rest when the contact arrives.
  const who = { ...ticket.contact, ...c };
  const lane = ticket.tags.find((x) => x.kanban === 1);

  return (
    <aside
      ref={box}
      tabIndex={-1}
      aria-label={t("tickets.contact.title")}
      data-testid="contact-drawer"
      className={css({
        position: "absolute",
        top: "0",
        right: "0",
        bottom: "0",
        w: "320px",
        maxW: "full",
        bg: "bg.default",
        borderLeftWidth: "1px",
        borderColor: "border.muted",
        boxShadow: "lg",
        display: "flex",
        flexDirection: "column",
        zIndex: "docked",
        overflowY: "auto",
        outline: "none",
      })}
    >
      <div
        className={css({
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          px: "4",
          py: "2",
          minH: "14",
          borderBottomWidth: "1px",
          borderColor: "border.muted",
        })}
      >
        <h2 className={css({ fontWeight: "semibold" })}>{t("tickets.contact.title")}</h2>
        <IconButton aria-label={t("common.close")} size="sm" onClick={onClose} data-testid="contact-drawer-close">
          <XIcon />
        </IconButton>
      </div>
      <div
        className={css({
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          gap: "1",
          px: "4",
          py: "4",
          borderBottomWidth: "1px",
          borderColor: "border.muted",
          textAlign: "center",
        })}
      >
        <Avatar name={who.name || "?"} src={who.urlPicture} size="lg" />
        <strong className={css({ overflowWrap: "anywhere" })} data-testid="drawer-contact-name">
          {who.name}
        </strong>
        {who.number ? <span className={css({ fontSize: "sm", color: "fg.muted" })}>{who.number}</span> : null}
        {who.email ? <span className={css({ fontSize: "sm", color: "fg.muted", overflowWrap: "anywhere" })}>{who.email}</span> : null}
        {c ? (
          <Button size="xs" variant="outline" onClick={() => setEditing(true)} data-testid="contact-edit">
            <EditIcon size={14} />
            {t("common.edit")}
          </Button>
        ) : null}
      </div>
      {c?.extraInfo?.length ? (
        <div className={section}>
          <h3 className={heading}>{t("tickets.contact.extraInfo")}</h3>
          <dl className={css({ display: "grid", gridTemplateColumns: "auto 1fr", gap: "1", columnGap: "3", fontSize: "sm" })}>
            {c.extraInfo.map((x, i) => (
              <div key={x.id ?? i} className={css({ display: "contents" })}>
                <dt className={css({ color: "fg.muted" })}>{x.name}</dt>
                <dd className={css({ overflowWrap: "anywhere" })}>{x.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      <div className={section}>
        <h3 className={heading}>{t("tickets.contact.tags")}</h3>
        <ContactTags contactId={ticket.contactId} />
      </div>
      {lanes.data?.length ? (
        <div className={section} data-testid="lane-select">
          <h3 className={heading}>{t("tickets.contact.lane")}</h3>
          <SelectField
            aria-label={t("tickets.contact.lane")}
            options={[{ value: NO_LANE, label: t("tickets.contact.noLane") }, ...lanes.data.map((l) => ({ value: String(l.id), label: l.name }))]}
            value={lane ? String(lane.id) : NO_LANE}
            onChange={(v) => setLane.mutate(v === NO_LANE ? null : Number(v))}
          />
        </div>
      ) : null}
      <div className={section}>
        {c ? (
          <>
            <Switch label={t("tickets.contact.disableBot")} checked={c.disableBot} onCheckedChange={() => disableBot.mutate(c.id)} name="disableBot" />
            <Switch
              label={t("tickets.contact.acceptAudio")}
              checked={c.acceptAudioMessage}
              onCheckedChange={() => acceptAudio.mutate(c.id)}
              name="acceptAudioMessage"
            />
            <Button
              size="sm"
              variant={c.active ? "danger" : "outline"}
              loading={block.isPending}
              onClick={() =>
                block.mutateAsync({ id: c.id, active: !c.active }).then(
                  (r) => toast.success((r?.active ?? !c.active) ? t("tickets.contact.unblocked") : t("tickets.contact.blocked")),
                  () => undefined,
                )
              }
              data-testid="contact-block"
            >
              <BanIcon size={16} />
              {c.active ? t("tickets.contact.block") : t("tickets.contact.unblock")}
            </Button>
          </>
        ) : (
          <div className={css({ display: "flex", justifyContent: "center" })}>
            <Spinner size="sm" />
          </div>
        )}
      </div>
      <div className={section}>
        <h3 className={heading}>{t("tickets.notes.title")}</h3>
        <TicketNotes ticketId={ticket.id} contactId={ticket.contactId} />
      </div>
      {editing && c ? <ContactEditDialog contact={c} onOpenChange={setEditing} /> : null}
    </aside>
  );
}
