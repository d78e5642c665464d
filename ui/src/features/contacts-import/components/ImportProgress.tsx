import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import { DownloadIcon } from "../../../components/ui/icons";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { toastError } from "../../../api/errors";
import { importQuery } from "../queries";
import { downloadFile } from "../../../api/download";

/** While the socket is quiet (reconnecting), the import's state is read again this often. */
const POLL_MS = 2000;
const REASONS = ["missingName", "missingNumber", "invalidName", "invalidNumber", "duplicateInFile", "alreadyExists", "notOnWhatsApp"] as const;

/** A running import's progress bar (and its number checks' when it checks them on WhatsApp), then its summary (counts, ignored rows by reason, the csv of every row). */
export function ImportProgress({ id, onAnother }: { id: number; onAnother: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({
    ...importQuery(id),
    refetchInterval: (query) => (query.state.data?.status === "done" || query.state.data?.status === "failed" ? false : POLL_MS),
  });
  const imp = q.data;
  if (!imp) return null;
  const finished = imp.status === "done" || imp.status === "failed";
  const box = css({
    display: "flex",
    flexDirection: "column",
    gap: "3",
    p: "4",
    borderRadius: "lg",
    borderWidth: "1px",
    borderColor: "border.default",
    bg: "bg.default",
  });
  return (
    <section className={box} aria-live="polite" data-testid="import-progress" data-status={imp.status}>
      <strong>{t(`contactsImport.status.${imp.status}`)}</strong>
      <span className={css({ color: "fg.muted", fontSize: "sm" })} data-testid="import-progress-text">
        {t("contactsImport.progress", { processed: imp.processed, total: imp.total })}
      </span>
      <ProgressBar done={imp.processed} total={imp.total} />
      {imp.toCheck > 0 ? (
        <>
          <span className={css({ color: "fg.muted", fontSize: "sm" })} data-testid="import-check-text">
            {t("contactsImport.checking", { checked: imp.checked, toCheck: imp.toCheck })}
          </span>
          <ProgressBar done={imp.checked} total={imp.toCheck} />
        </>
      ) : null}
      {finished ? (
        <div className={css({ display: "flex", flexDirection: "column", gap: "3" })} data-testid="import-summary">
          <p className={css({ fontWeight: "medium", color: imp.status === "failed" || imp.ignored ? "fg.warning" : "fg.success" })}>
            {imp.status === "failed" ? t("contactsImport.failed") : imp.ignored ? t("contactsImport.doneWithErrors") : t("contactsImport.done")}
          </p>
          <dl className={css({ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: "4", rowGap: "1", fontSize: "sm" })}>
            {(["imported", "updated", "ignored"] as const).map((k) => (
              <div key={k} className={css({ display: "contents" })}>
                <dt className={css({ color: "fg.muted" })}>{t(`contactsImport.summary.${k}`)}</dt>
                <dd data-testid={`import-${k}`}>{imp[k]}</dd>
              </div>
            ))}
            {REASONS.filter((r) => imp.reasons[r]).map((r) => (
              <div key={r} className={css({ display: "contents" })}>
                <dt className={css({ color: "fg.muted", pl: "3" })}>{t(`contactsImport.reasons.${r}`)}</dt>
                <dd>{imp.reasons[r]}</dd>
              </div>
            ))}
          </dl>
          <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
            <Button
              variant="outline"
              data-testid="import-summary-download"
              onClick={() => void downloadFile(`/api/contacts/import/${imp.id}/summary.csv`, `import-${imp.id}-summary.csv`).catch(toastError)}
            >
              <DownloadIcon size={16} />
              {t("contactsImport.downloadSummary")}
            </Button>
            <Button variant="ghost" onClick={onAnother} data-testid="import-another">
              {t("contactsImport.another")}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
