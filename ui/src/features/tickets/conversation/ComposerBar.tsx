import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { css } from "../../../../styled-system/css";
import { stripMarks } from "../../../../../src/channels/marks";
import { IconButton } from "../../../components/ui/button";
import { EditIcon, ReplyIcon, XIcon } from "../../../components/ui/icons";
import { composer, replyTo, startEditing } from "./composer";

/** Above the input: the message being quoted or edited, with a cancel button. */
export function ComposerBar() {
  const { t } = useTranslation();
  const snap = useSnapshot(composer);
  const m = snap.editing ?? snap.replyTo;
  if (!m) return null;
  const editing = !!snap.editing;
  return (
    <div
      data-testid={editing ? "editing-bar" : "reply-bar"}
      className={css({
        display: "flex",
        alignItems: "center",
        gap: "2",
        px: "3",
        py: "1.5",
        bg: "bg.subtle",
        borderLeftWidth: "3px",
        borderColor: "accent.default",
      })}
    >
      {editing ? <EditIcon size={16} /> : <ReplyIcon size={16} />}
      <div className={css({ flex: "1", minW: 0, fontSize: "xs" })}>
        <strong className={css({ display: "block" })}>{editing ? t("tickets.input.editing") : t("tickets.input.replyingTo")}</strong>
        <span className={css({ display: "block", color: "fg.muted", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })}>
          {stripMarks(m.body) || m.mediaName}
        </span>
      </div>
      <IconButton aria-label={t("common.cancel")} size="xs" onClick={() => (editing ? startEditing(null) : replyTo(null))} data-testid="composer-cancel">
        <XIcon />
      </IconButton>
    </div>
  );
}
