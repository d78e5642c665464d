import { useState } from "react";
import { useTranslation } from "react-i18next";
import * as Dialog from "../../../components/ui/dialog";
import * as Tabs from "../../../components/ui/tabs";
import { useFeature } from "../../branding/queries";
import type { Queue } from "../types";
import { ChatbotTab } from "./ChatbotTab";
import { QueueDataTab } from "./QueueDataTab";

/**
 * The queue dialog: the queue's data and, for a saved queue when this build has the chatbot, its chatbot options in a
 * second tab (a new queue is saved first; the dialog says so).
 */
export function QueueModal({ open, onOpenChange, queue }: { open: boolean; onOpenChange: (open: boolean) => void; queue?: Queue }) {
  const { t } = useTranslation();
  const hasChatbot = useFeature("chatbot");
  const [tab, setTab] = useState("data");
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} size="lg" lazyMount unmountOnExit>
      <Dialog.Frame data-testid="queue-modal">
        <Dialog.Title>{queue ? t("queues.modal.editTitle") : t("queues.modal.addTitle")}</Dialog.Title>
        {queue && hasChatbot ? (
          <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value)}>
            <Tabs.List>
              <Tabs.Trigger value="data" data-testid="queue-tab-data">
                {t("queues.modal.dataTab")}
              </Tabs.Trigger>
              <Tabs.Trigger value="chatbot" data-testid="queue-tab-chatbot">
                {t("queues.modal.chatbotTab")}
              </Tabs.Trigger>
              <Tabs.Indicator />
            </Tabs.List>
            <Tabs.Content value="data">
              <QueueDataTab queue={queue} onDone={close} />
            </Tabs.Content>
            <Tabs.Content value="chatbot">
              <ChatbotTab queue={queue} onClose={close} />
            </Tabs.Content>
          </Tabs.Root>
        ) : (
          <QueueDataTab queue={queue} onDone={close} footnote={!queue && hasChatbot ? t("queues.modal.chatbotAfterSave") : undefined} />
        )}
      </Dialog.Frame>
    </Dialog.Root>
  );
}
