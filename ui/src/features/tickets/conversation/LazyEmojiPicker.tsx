import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/ui/spinner";

/** The full emoji list is its own chunk, loaded the first time a picker opens. */
const Picker = lazy(() => import("../../../components/ui/emoji-picker"));

export function LazyEmojiPicker({ onSelect }: { onSelect: (emoji: string) => void }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner size="sm" />}>
      <Picker onSelect={onSelect} categoryLabel={(c) => t(`tickets.emoji.${c}`)} />
    </Suspense>
  );
}
