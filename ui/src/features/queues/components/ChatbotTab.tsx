import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import { ConfirmationDialog } from "../../../components/ui/confirmation-dialog";
import { InfoIcon, PlusIcon } from "../../../components/ui/icons";
import { Spinner } from "../../../components/ui/spinner";
import { useFeature } from "../../branding/queries";
import { fileListPickerQuery } from "../../files/queries";
import { usersPickerQuery } from "../../tickets/queries";
import { type ChatbotOption, descendantCount, reorderSiblings } from "../chatbot";
import { chatbotTreeQuery, queueListQuery, useDeleteChatbotOption, useReorderChatbotOptions } from "../queries";
import type { Queue } from "../types";
import { ChatbotOptionForm } from "./ChatbotOptionForm";
import { ChatbotTree, type Editor, type TreeActions } from "./ChatbotTree";

/**
 * The queue's chatbot: the menu of options a contact will choose from, nested to any depth. One option is added or
 * edited at a time; each save, move or delete reads the tree again. The bot does not answer contacts yet, and the
 * notice on top says so.
 */
export function ChatbotTab({ queue, onClose }: { queue: Queue; onClose: () => void }) {
  const { t } = useTranslation();
  const tree = useQuery(chatbotTreeQuery(queue.id));
  const users = useQuery(usersPickerQuery);
  const queues = useQuery(queueListQuery);
  const fileLists = useQuery({ ...fileListPickerQuery(), enabled: useFeature("files") });
  const [editor, setEditor] = useState<Editor>(null);
  const [deleting, setDeleting] = useState<ChatbotOption | null>(null);
  const reorder = useReorderChatbotOptions(queue.id);
  const remove = useDeleteChatbotOption(queue.id);
  const options = tree.data ?? [];

  const actions: TreeActions = {
    queueId: queue.id,
    editor,
    setEditor,
    move: (siblings, id, direction) => {
      const changes = reorderSiblings(siblings, id, direction);
      if (changes.length) reorder.mutate(changes);
    },
    moving: reorder.isPending,
    remove: setDeleting,
    targetName: (o) => {
      const named = (list: { id: number; name: string }[] | undefined, id: number | null) => list?.find((x) => x.id === id)?.name ?? null;
      if (o.queueType === "attendent") return named(users.data, o.optUserId);
      if (o.queueType === "queue") return named(queues.data, o.optQueueId);
      if (o.queueType === "file") return named(fileLists.data, o.optFileId);
      return null;
    },
  };
  const below = deleting ? descendantCount(deleting) : 0;

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} data-testid="chatbot-tab">
      <div
        role="note"
        data-testid="chatbot-inactive-notice"
        className={css({ display: "flex", gap: "2", alignItems: "flex-start", p: "3", borderRadius: "md", bg: "bg.info", color: "fg.info", fontSize: "sm" })}
      >
        <InfoIcon size={18} className={css({ flexShrink: 0, mt: "0.5" })} />
        <span>{t("chatbot.inactiveNotice")}</span>
      </div>
      <p className={css({ fontSize: "sm", color: "fg.muted" })}>{t("chatbot.help")}</p>

      {tree.isPending ? (
        <div className={css({ display: "flex", justifyContent: "center", py: "6" })}>
          <Spinner />
        </div>
      ) : options.length ? (
        <ChatbotTree options={options} actions={actions} />
      ) : editor?.kind === "add" && editor.parentId === null ? null : (
        <p className={css({ fontSize: "sm", color: "fg.subtle", textAlign: "center", py: "4" })} data-testid="chatbot-empty">
          {t("chatbot.empty")}
        </p>
      )}

      {editor?.kind === "add" && editor.parentId === null ? (
        <ChatbotOptionForm queueId={queue.id} onDone={() => setEditor(null)} />
      ) : (
        <div>
          <Button variant="outline" size="sm" onClick={() => setEditor({ kind: "add", parentId: null })} data-testid="chatbot-add-root">
            <PlusIcon size={16} />
            {t("chatbot.addOption")}
          </Button>
        </div>
      )}

      <div className={css({ display: "flex", justifyContent: "flex-end" })}>
        <Button variant="outline" onClick={onClose}>
          {t("common.close")}
        </Button>
      </div>

      <ConfirmationDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("chatbot.confirmDelete.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("common.delete")}
        danger
        onConfirm={async () => {
          if (!deleting) return;
          if (editor?.kind === "edit" && editor.id === deleting.id) setEditor(null);
          try {
            await remove.mutateAsync(deleting.id);
          } catch {
            // the mutation cache already showed the error in the catalogue's words
          }
        }}
      >
        {below ? t("chatbot.confirmDelete.withSubOptions", { count: below }) : t("chatbot.confirmDelete.text")}
      </ConfirmationDialog>
    </div>
  );
}
