import { useState } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../../components/ui/button";
import { ConfirmationDialog } from "../../../components/ui/confirmation-dialog";
import { EditIcon, MoreVerticalIcon, ReplyIcon, TrashIcon } from "../../../components/ui/icons";
import * as Menu from "../../../components/ui/menu";
import { useSessionUser } from "../../auth/hooks";
import { EDIT_WINDOW_MS } from "../format";
import { useDeleteMessage } from "../queries";
import type { Capabilities } from "../hooks/useChannelCapabilities";
import type { Message } from "../types";
import { replyTo, startEditing } from "./composer";

/** Own messages: the agent's, not a bot's or the phone's (agents edit and delete only their own messages). */
export const isOwn = (m: Message, userId: number | undefined) => m.fromMe && m.userId !== null && m.userId === userId;

/** A sent message lives on the channel too: changing it there needs the channel's capability; notes stay local. */
const onChannel = (m: Message) => !m.isPrivate && m.sendStatus === "sent";

/** Edit within 15 minutes of sending, text only, not once deleted; a public message only once sent and where the channel can edit. */
export function canEdit(m: Message, userId: number | undefined, caps: Capabilities, now = Date.now()) {
  if (!isOwn(m, userId) || m.isDeleted || m.mediaUrl || m.vCard || !m.body || now - Date.parse(m.createdAt) >= EDIT_WINDOW_MS) return false;
  return m.isPrivate || (onChannel(m) && caps.edit);
}

/** Delete own messages once (not while being sent); a sent one only where the channel can delete it. */
export function canDelete(m: Message, userId: number | undefined, caps: Capabilities) {
  if (!isOwn(m, userId) || m.isDeleted || m.sendStatus === "queued" || m.sendStatus === "sending") return false;
  return !onChannel(m) || caps.delete;
}

/** A message's menu: quote it, and edit or delete own messages within the rules. */
export function MessageMenu({ message, canReply, caps }: { message: Message; canReply: boolean; caps: Capabilities }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const remove = useDeleteMessage();
  const [confirm, setConfirm] = useState(false);
  const own = isOwn(message, user?.id);
  return (
    <>
      <Menu.Frame
        positioning={{ placement: "bottom-end" }}
        lazyMount
        unmountOnExit
        trigger={
          <IconButton aria-label={t("tickets.message.options")} size="xs" data-testid="message-menu">
            <MoreVerticalIcon />
          </IconButton>
        }
      >
        <Menu.Item value="reply" disabled={!canReply || message.isDeleted} onSelect={() => replyTo(message)} data-testid="message-reply">
          <ReplyIcon />
          {t("tickets.message.reply")}
        </Menu.Item>
        {own ? (
          <Menu.Item value="edit" disabled={!canEdit(message, user?.id, caps)} onSelect={() => startEditing(message)} data-testid="message-edit">
            <EditIcon />
            {t("tickets.message.edit")}
          </Menu.Item>
        ) : null}
        {own ? (
          <Menu.Item value="delete" disabled={!canDelete(message, user?.id, caps)} onSelect={() => setConfirm(true)} data-testid="message-delete">
            <TrashIcon />
            {t("tickets.message.delete")}
          </Menu.Item>
        ) : null}
      </Menu.Frame>
      <ConfirmationDialog
        open={confirm}
        onOpenChange={setConfirm}
        danger
        title={t("tickets.message.confirmDelete")}
        confirmLabel={t("common.delete")}
        onConfirm={() =>
          remove.mutateAsync(message.id).then(
            () => undefined,
            () => undefined,
          )
        }
      >
        {t("tickets.message.confirmDeleteText")}
      </ConfirmationDialog>
    </>
  );
}
