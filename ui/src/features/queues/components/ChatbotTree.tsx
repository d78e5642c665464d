import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Badge } from "../../../components/ui/badge";
import { IconButton } from "../../../components/ui/button";
import { ChevronDownIcon, ChevronUpIcon, EditIcon, PlusIcon, TrashIcon } from "../../../components/ui/icons";
import { Tip } from "../../../components/ui/tooltip";
import type { ChatbotOption } from "../chatbot";
import { ChatbotOptionForm } from "./ChatbotOptionForm";

/** What the tree edits at a time: a new option (under `parentId`, null for the root) or one existing option. */
export type Editor = { kind: "add"; parentId: number | null } | { kind: "edit"; id: number } | null;

export interface TreeActions {
  queueId: number;
  editor: Editor;
  setEditor: (editor: Editor) => void;
  move: (siblings: ChatbotOption[], id: number, direction: "up" | "down") => void;
  moving: boolean;
  remove: (option: ChatbotOption) => void;
  /** The attendant's or the queue's name an option hands the ticket to. */
  targetName: (option: ChatbotOption) => string | null;
}

const list = css({ display: "flex", flexDirection: "column", gap: "2", listStyle: "none", m: 0, p: 0 });
const children = css({
  display: "flex",
  flexDirection: "column",
  gap: "2",
  mt: "2",
  ml: { base: "2", sm: "4" },
  pl: { base: "2", sm: "3" },
  borderLeftWidth: "2px",
  borderColor: "border.muted",
});

/** One level of the option tree, in the order the contact sees it; each option with its own sub-options below it. */
export function ChatbotTree({ options, actions }: { options: ChatbotOption[]; actions: TreeActions }) {
  return (
    <ol className={list} data-testid="chatbot-level">
      {options.map((option, index) => (
        <ChatbotNode key={option.id} option={option} index={index} siblings={options} actions={actions} />
      ))}
    </ol>
  );
}

function ChatbotNode({ option, index, siblings, actions }: { option: ChatbotOption; index: number; siblings: ChatbotOption[]; actions: TreeActions }) {
  const { t } = useTranslation();
  const { editor, setEditor } = actions;
  const editing = editor?.kind === "edit" && editor.id === option.id;
  const adding = editor?.kind === "add" && editor.parentId === option.id;
  const target = actions.targetName(option);
  const button = (label: string, testId: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <Tip label={label}>
      <IconButton aria-label={label} size="sm" onClick={onClick} disabled={disabled} data-testid={testId}>
        {icon}
      </IconButton>
    </Tip>
  );

  return (
    <li data-testid="chatbot-option" data-option-id={option.id} data-option-name={option.name}>
      {editing ? (
        <ChatbotOptionForm queueId={actions.queueId} option={option} onDone={() => setEditor(null)} />
      ) : (
        <div
          className={css({
            display: "flex",
            flexWrap: "wrap",
            alignItems: "center",
            gap: "2",
            p: "2",
            borderWidth: "1px",
            borderColor: "border.default",
            borderRadius: "md",
            bg: "bg.default",
          })}
        >
          <div className={css({ flex: "1 1 12rem", minW: 0, display: "flex", flexDirection: "column", gap: "1" })}>
            <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2", minW: 0 })}>
              <span className={css({ fontWeight: "semibold", color: "fg.muted", fontVariantNumeric: "tabular-nums" })}>{index + 1}</span>
              <span className={css({ fontWeight: "semibold", overflowWrap: "anywhere" })} data-testid="chatbot-option-name">
                {option.name}
              </span>
              <Badge tone="info" data-testid="chatbot-option-type">
                {target ? `${t(`chatbot.types.${option.queueType}`)}: ${target}` : t(`chatbot.types.${option.queueType}`)}
              </Badge>
              {option.closeTicket ? <Badge tone="warning">{t("chatbot.closesTicket")}</Badge> : null}
            </div>
            {option.greetingMessage ? (
              <p
                className={css({ fontSize: "sm", color: "fg.muted", whiteSpace: "pre-line", overflowWrap: "anywhere", lineClamp: 3 })}
                data-testid="chatbot-option-message"
              >
                {option.greetingMessage}
              </p>
            ) : null}
          </div>
          <div className={css({ display: "flex", flexShrink: 0, gap: "0.5", ml: "auto" })}>
            {button(t("chatbot.moveUp"), "chatbot-up", <ChevronUpIcon />, () => actions.move(siblings, option.id, "up"), index === 0 || actions.moving)}
            {button(
              t("chatbot.moveDown"),
              "chatbot-down",
              <ChevronDownIcon />,
              () => actions.move(siblings, option.id, "down"),
              index === siblings.length - 1 || actions.moving,
            )}
            {button(t("chatbot.addSubOption"), "chatbot-add-sub", <PlusIcon />, () => setEditor({ kind: "add", parentId: option.id }))}
            {button(t("common.edit"), "chatbot-edit", <EditIcon />, () => setEditor({ kind: "edit", id: option.id }))}
            {button(t("common.delete"), "chatbot-delete", <TrashIcon />, () => actions.remove(option))}
          </div>
        </div>
      )}
      {option.options.length || adding ? (
        <div className={children}>
          {option.options.length ? <ChatbotTree options={option.options} actions={actions} /> : null}
          {adding ? <ChatbotOptionForm queueId={actions.queueId} parent={option} onDone={() => setEditor(null)} /> : null}
        </div>
      ) : null}
    </li>
  );
}
