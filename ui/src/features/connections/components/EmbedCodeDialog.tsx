import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { button } from "../../../../styled-system/recipes";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";
import { LinkIcon } from "../../../components/ui/icons";
import { toast } from "../../../components/ui/toast";
import { allowedSites, embedSnippet, previewUrl } from "../embed";
import type { Connection } from "../types";
import { CopyIcon } from "./icons";

/**
 * A web-chat connection's embed code: the script tag to paste into the site's pages, a copy button, a link to the
 * chat page on its own (preview) and which sites may show it.
 */
export function EmbedCodeDialog({ connection, widgetKey, onClose }: { connection: Connection; widgetKey: string; onClose: () => void }) {
  const { t } = useTranslation();
  const snippet = embedSnippet(location.origin, widgetKey);
  const sites = allowedSites(connection);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success(t("connections.form.copied"));
    } catch {
      toast.error(t("connections.form.copyFailed"));
    }
  };
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} size="md" lazyMount unmountOnExit>
      <Dialog.Frame data-testid="embed-dialog">
        <Dialog.Title>{t("connections.embed.title", { name: connection.name })}</Dialog.Title>
        <Dialog.Description>{t("connections.embed.help")}</Dialog.Description>
        <pre
          data-testid="embed-snippet"
          className={css({
            fontFamily: "mono",
            fontSize: "xs",
            bg: "bg.subtle",
            color: "fg.default",
            borderWidth: "1px",
            borderColor: "border.muted",
            borderRadius: "md",
            p: "3",
            whiteSpace: "pre-wrap",
            overflowWrap: "anywhere",
            userSelect: "all",
          })}
        >
          {snippet}
        </pre>
        <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
          <Button onClick={copy} data-testid="embed-copy">
            <CopyIcon size={16} />
            {t("connections.embed.copy")}
          </Button>
          <a
            href={previewUrl(location.origin, widgetKey)}
            target="_blank"
            rel="noopener noreferrer"
            className={button({ variant: "outline" })}
            data-testid="embed-preview"
          >
            <LinkIcon size={16} />
            {t("connections.embed.preview")}
          </a>
        </div>
        <p data-testid="embed-sites" className={css({ fontSize: "sm", color: "fg.muted", overflowWrap: "anywhere" })}>
          {sites.length ? t("connections.embed.onlySites", { sites: sites.join(", ") }) : t("connections.embed.anySite")}
        </p>
      </Dialog.Frame>
    </Dialog.Root>
  );
}
