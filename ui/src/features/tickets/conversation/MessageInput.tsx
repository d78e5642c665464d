import { Portal } from "@ark-ui/react/portal";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { css, cx } from "../../../../styled-system/css";
import { IconButton } from "../../../components/ui/button";
import { LockIcon, PaperclipIcon, PenIcon, SendIcon, SmileIcon } from "../../../components/ui/icons";
import * as Popover from "../../../components/ui/popover";
import { toast } from "../../../components/ui/toast";
import { Tip } from "../../../components/ui/tooltip";
import { AudioRecorder } from "../../conversation-extras/audio/AudioRecorder";
import { InputExtrasMenu } from "../../conversation-extras/components/ExtrasMenus";
import { extras } from "../../conversation-extras/store";
import { replyWindowClosed } from "../format";
import { useCompanySetting } from "../hooks/useCompanySetting";
import { quickMessageFile, useEditMessage, useSendMedia, useSendMessage, type QuickMessage } from "../queries";
import { isLiveStatus, type Message, type Ticket } from "../types";
import { useAutosize } from "./autosize";
import { ComposerBar } from "./ComposerBar";
import { composer, replyTo, setSignature, startEditing } from "./composer";
import { LazyEmojiPicker } from "./LazyEmojiPicker";
import { noteText } from "./MessageText";
import { MediaPreviewDialog } from "./MediaPreviewDialog";
import { QuickMessagesList, useQuickMatches } from "./QuickMessages";
import { TemplatePicker } from "./TemplatePicker";
import { WindowNotice } from "./WindowNotice";

/** The input grows up to 5 rows. */
export const INPUT_MAX_ROWS = 5;
const ACCEPT = "image/*,video/*,audio/*,application/*,text/*";

const toggle = css({ "&[aria-pressed=true]": { bg: "accent.subtle", color: "accent.text" } });

/**
 * The message input: text up to 5 rows, emoji, attachments through the preview dialog, quick
 * messages on a leading '/', private notes, the signature toggle (setting sendSignMessage), quoted replies and edits.
 * Sending is disabled unless the ticket is open or group, and while a send is in flight; once a social channel's reply
 * window has closed only private notes and (Cloud API) templates can be written.
 */
export function MessageInput({ ticket, messages }: { ticket: Ticket; messages: Message[] }) {
  const { t } = useTranslation();
  const snap = useSnapshot(composer);
  const canSend = isLiveStatus(ticket.status);
  const windowClosed = replyWindowClosed(ticket, messages);
  const [picking, setPicking] = useState(false);
  const signEnabled = useCompanySetting("sendSignMessage") === "enabled";
  const send = useSendMessage(ticket.id);
  const sendMedia = useSendMedia(ticket.id);
  const edit = useEditMessage();
  const { recorder } = useSnapshot(extras);
  const busy = send.isPending || sendMedia.isPending || edit.isPending || recorder !== "idle";
  const [text, setText] = useState("");
  const [files, setFiles] = useState<{ list: File[]; captions?: string[] } | null>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(0);
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useAutosize(area, text, INPUT_MAX_ROWS);
  const quick = useQuickMatches(text, canSend && !snap.editing);
  const matches = quick.items;
  // The provider refuses anything but a template outside the window; a private note never leaves the app.
  const canWrite = canSend && !(windowClosed && !snap.privateMode);

  const editingId = snap.editing?.id;
  useEffect(() => {
    if (!editingId || !composer.editing) return;
    setText(composer.editing.isPrivate ? noteText(composer.editing.body) : composer.editing.body);
    area.current?.focus();
  }, [editingId]);
  const replyId = snap.replyTo?.id;
  useEffect(() => {
    if (replyId) area.current?.focus();
  }, [replyId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the highlight goes back to the first quick message whenever the number of matches changes.
  useEffect(() => setHighlighted(0), [matches.length]);

  const submit = async () => {
    const body = text.trim();
    if (!body || busy || !canWrite) return;
    try {
      if (composer.editing) {
        await edit.mutateAsync({ id: composer.editing.id, body });
        startEditing(null);
      } else {
        await send.mutateAsync({
          body,
          isPrivate: composer.privateMode,
          quotedMsg: composer.replyTo ? { id: composer.replyTo.id } : null,
          signMessage: signEnabled && composer.signature,
        });
        replyTo(null);
      }
      setText("");
    } catch {
      // the mutation cache showed the error; the text stays for another try
    }
  };

  const sendFiles = async (items: { file: File; caption: string }[]) => {
    try {
      for (const [i, { file, caption }] of items.entries()) {
        await sendMedia.mutateAsync({
          file,
          caption: caption.trim(),
          isPrivate: composer.privateMode,
          quotedMsg: i === 0 ? composer.replyTo?.id : undefined,
          signMessage: signEnabled && composer.signature,
        });
      }
      replyTo(null);
      setFiles(null);
    } catch {
      // the mutation cache showed the error; the dialog stays open
    }
  };

  /** A quick message with a file opens the media preview with the file and the message as its caption; one without, the text. */
  const pickQuick = async (m: QuickMessage) => {
    if (!m.mediaPath) {
      setText(m.message);
      area.current?.focus();
      return;
    }
    setText("");
    try {
      const file = await quickMessageFile(m.id);
      if (file) setFiles({ list: [file], captions: [m.message] });
      else setText(m.message);
    } catch {
      setText(m.message);
      toast.error(t("quickMessages.mediaUnavailable"));
    }
  };

  const insert = (emoji: string) => {
    const el = area.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    setEmojiOpen(false);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (matches.length) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        setHighlighted((h) => (h + (e.key === "ArrowDown" ? 1 : matches.length - 1)) % matches.length);
        return;
      }
      if (e.key === "Enter" || e.key === "Tab") {
        e.preventDefault();
        void pickQuick(matches[highlighted] ?? matches[0]!);
        return;
      }
    }
    if (e.key === "Escape" && (composer.editing || composer.replyTo)) {
      if (composer.editing) setText("");
      startEditing(null);
      replyTo(null);
      return;
    }
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const placeholder = !canSend
    ? ticket.status === "closed"
      ? t("tickets.input.reopenToReply")
      : t("tickets.input.acceptToReply")
    : !canWrite
      ? t("tickets.window.templateOnly")
      : snap.privateMode
        ? t("tickets.input.privatePlaceholder")
        : t("tickets.input.placeholder");

  return (
    <div className={css({ borderTopWidth: "1px", borderColor: "border.muted", bg: "bg.default" })} data-testid="message-input">
      {windowClosed === null ? null : (
        <WindowNotice closed={windowClosed} onTemplate={canSend && ticket.whatsapp?.channel === "whatsappapi" ? () => setPicking(true) : undefined} />
      )}
      <ComposerBar />
      <div className={css({ position: "relative", display: "flex", flexWrap: "wrap", alignItems: "center", gap: "1", p: "2" })}>
        <QuickMessagesList quick={quick} highlighted={highlighted} onPick={(m) => void pickQuick(m)} />
        <Popover.Root open={emojiOpen} onOpenChange={(d) => setEmojiOpen(d.open)} positioning={{ placement: "top-start" }} lazyMount unmountOnExit>
          <Popover.Trigger asChild>
            <IconButton aria-label={t("tickets.input.emoji")} size="sm" disabled={!canWrite} data-testid="emoji-button">
              <SmileIcon />
            </IconButton>
          </Popover.Trigger>
          <Portal>
            <Popover.Positioner>
              <Popover.Content>
                <LazyEmojiPicker onSelect={insert} />
              </Popover.Content>
            </Popover.Positioner>
          </Portal>
        </Popover.Root>
        <Tip label={t("tickets.input.attach")}>
          <IconButton
            aria-label={t("tickets.input.attach")}
            size="sm"
            disabled={!canWrite || !!snap.editing}
            onClick={() => fileInput.current?.click()}
            data-testid="attach-button"
          >
            <PaperclipIcon />
          </IconButton>
        </Tip>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          data-testid="attach-input"
          onChange={(e) => {
            const list = [...(e.target.files ?? [])];
            e.target.value = "";
            if (list.length) setFiles({ list });
          }}
        />
        <InputExtrasMenu ticket={ticket} disabled={!canSend || busy || !!snap.editing} />
        <Tip label={t("tickets.input.privateNote")}>
          <IconButton
            aria-label={t("tickets.input.privateNote")}
            aria-pressed={snap.privateMode}
            size="sm"
            disabled={!canSend || !!snap.editing}
            className={toggle}
            onClick={() => (composer.privateMode = !composer.privateMode)}
            data-testid="private-toggle"
          >
            <LockIcon />
          </IconButton>
        </Tip>
        {signEnabled ? (
          <Tip label={t("tickets.input.signature")}>
            <IconButton
              aria-label={t("tickets.input.signature")}
              aria-pressed={snap.signature}
              size="sm"
              className={toggle}
              onClick={() => setSignature(!composer.signature)}
              data-testid="signature-toggle"
            >
              <PenIcon />
            </IconButton>
          </Tip>
        ) : null}
        <textarea
          ref={area}
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={!canWrite}
          placeholder={placeholder}
          aria-label={placeholder}
          data-testid="message-textarea"
          className={cx(
            css({
              // The text gets the whole first row; the tools and the send button share the second.
              flex: "1 1 100%",
              order: -1,
              minW: 0,
              resize: "none",
              borderWidth: "1px",
              borderColor: "border.default",
              borderRadius: "md",
              px: "3",
              py: "2",
              fontSize: "sm",
              lineHeight: "1.4",
              bg: "bg.default",
              color: "fg.default",
              outline: "none",
              _focus: { borderColor: "accent.default" },
              _disabled: { bg: "bg.disabled", cursor: "not-allowed" },
              _placeholder: { color: "fg.subtle" },
            }),
            snap.privateMode && css({ bg: "bg.warning", borderColor: "fg.warning", borderStyle: "dashed" }),
          )}
        />
        <span className={css({ flex: "1" })} />
        {(text.trim() || snap.editing) && recorder === "idle" ? null : <AudioRecorder ticket={ticket} disabled={!canWrite || (busy && recorder === "idle")} />}
        <IconButton
          aria-label={t("tickets.input.send")}
          size="sm"
          variant="solid"
          disabled={!canWrite || busy || !text.trim()}
          onClick={() => void submit()}
          data-testid="send-button"
        >
          <SendIcon />
        </IconButton>
      </div>
      {picking && ticket.whatsappId ? <TemplatePicker ticketId={ticket.id} whatsappId={ticket.whatsappId} onClose={() => setPicking(false)} /> : null}
      {files ? (
        <MediaPreviewDialog
          files={files.list}
          captions={files.captions}
          onCancel={() => setFiles(null)}
          onSend={(items) => void sendFiles(items)}
          sending={sendMedia.isPending}
        />
      ) : null}
    </div>
  );
}
