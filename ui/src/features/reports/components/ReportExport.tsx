import { useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { downloadFile } from "../../../api/download";
import { toastError } from "../../../api/errors";
import { Button } from "../../../components/ui/button";
import { DownloadIcon } from "../../../components/ui/icons";
import { Spinner } from "../../../components/ui/spinner";
import { bytes } from "../format";
import { exportPath, type ReportFilter } from "../queries";

type Format = "csv" | "xlsx";

const row = css({ display: "flex", alignItems: "center", gap: "2", flexWrap: "wrap" });
const progress = css({ display: "flex", alignItems: "center", gap: "2", color: "fg.muted", fontSize: "sm", fontVariantNumeric: "tabular-nums" });

/**
 * The report as a file under the filter shown: one button per format; while the file arrives, the bytes received so
 * far and a cancel button (the server builds the file as it sends it, so its size is not known up front).
 */
export function ReportExport({ filter }: { filter: ReportFilter }) {
  const { t, i18n } = useTranslation();
  const [job, setJob] = useState<{ format: Format; received: number; controller: AbortController } | null>(null);

  const start = async (format: Format) => {
    const controller = new AbortController();
    setJob({ format, received: 0, controller });
    try {
      await downloadFile(exportPath(filter, format), `tickets.${format}`, {
        signal: controller.signal,
        onProgress: (received) => setJob((j) => (j ? { ...j, received } : j)),
      });
    } catch (err) {
      if (!controller.signal.aborted) toastError(err);
    } finally {
      setJob(null);
    }
  };

  if (job) {
    return (
      <div className={row} data-testid="report-export-progress" data-format={job.format}>
        <span className={progress} role="status">
          <Spinner size="sm" />
          {t("reports.downloading", { size: bytes(job.received, i18n.language) })}
        </span>
        <Button variant="outline" onClick={() => job.controller.abort()} data-testid="report-export-cancel">
          {t("common.cancel")}
        </Button>
      </div>
    );
  }
  return (
    <div className={row}>
      <Button variant="outline" onClick={() => void start("csv")} data-testid="report-export-csv">
        <DownloadIcon size={16} />
        {t("reports.exportCsv")}
      </Button>
      <Button variant="outline" onClick={() => void start("xlsx")} data-testid="report-export-xlsx">
        <DownloadIcon size={16} />
        {t("reports.exportXlsx")}
      </Button>
    </div>
  );
}
