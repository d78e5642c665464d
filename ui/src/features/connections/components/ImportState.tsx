import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSnapshot } from "valtio";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { formatUpdatedAt } from "../format";
import { importProgress } from "../import-store";
import { importStatusOf, PREPARING_MS } from "../import-status";
import type { Connection } from "../types";

/** True until `until` (epoch ms), re-rendering when it passes (the preparing button goes away on its own). */
function useUntil(until: number | undefined): boolean {
  const [, tick] = useState(0);
  const active = until !== undefined && until > Date.now();
  useEffect(() => {
    if (!active) return;
    const id = setTimeout(() => tick((n) => n + 1), until! - Date.now() + 50);
    return () => clearTimeout(id);
  }, [active, until]);
  return active;
}

/** The row's import button: close the imported tickets once the import is over, a disabled "preparing" in its first 35 s. */
export function ImportButton({ connection, onCloseImported }: { connection: Connection; onCloseImported: () => void }) {
  const { t } = useTranslation();
  const status = importStatusOf(connection);
  const preparing = useUntil(status?.status === "running" ? Date.parse(status.date) + PREPARING_MS : undefined);
  if (status?.status === "renderButtonCloseTickets") {
    return (
      <Button size="xs" variant="outline" onClick={onCloseImported} data-testid="close-imported">
        {t("connections.import.closeTickets")}
      </Button>
    );
  }
  if (!preparing) return null;
  return (
    <Button size="xs" variant="outline" disabled data-testid="import-preparing">
      <Spinner size="sm" />
      {t("connections.import.preparing")}
    </Button>
  );
}

/**
 * Imports in progress: the latest importMessages-{companyId} update (live), else what the rows say (after a reload):
 * processed of total, and the date the import began.
 */
export function ImportProgress({ connections }: { connections: readonly Connection[] }) {
  const { t } = useTranslation();
  const live = useSnapshot(importProgress).status;
  const running = connections.flatMap((c) => {
    const s = importStatusOf(c);
    return s?.status === "running" ? [{ id: c.id, name: c.name, processed: s.processed, total: s.total, date: s.date }] : [];
  });
  const items = live?.all
    ? [{ id: live.whatsappId ?? 0, name: running.length === 1 ? running[0]!.name : "", processed: live.this, total: live.all, date: live.date ?? "" }]
    : running.filter((r) => r.total > 0);
  if (items.length === 0) return null;
  return (
    <section
      data-testid="import-progress"
      aria-live="polite"
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "3",
        p: "4",
        borderRadius: "lg",
        borderWidth: "1px",
        borderColor: "border.default",
        bg: "bg.default",
      })}
    >
      <strong>{t("connections.import.importing")}</strong>
      {items.map((i) => {
        return (
          <div key={i.id} className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
            <span className={css({ color: "fg.muted", fontSize: "sm" })}>
              {i.name ? `${i.name} · ` : ""}
              {t("connections.import.progress", { processed: i.processed, total: i.total, date: formatUpdatedAt(i.date) || i.date })}
            </span>
            <ProgressBar done={i.processed} total={i.total} />
          </div>
        );
      })}
    </section>
  );
}
