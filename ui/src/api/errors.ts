import { ApiError } from "./client";
import { i18n } from "../i18n";
import { toast } from "../components/ui/toast";

/** The translated server code when a translation exists, otherwise the raw text, otherwise 'An error occurred!'. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code && i18n.exists(`errors.${err.code}`)) return i18n.t(`errors.${err.code}`, { retryAfter: err.body.retryAfter ?? "" });
    if (err.message) return err.message;
  } else if (err instanceof Error && err.name !== "AbortError" && err.message && !/fetch|network/i.test(err.message)) {
    return err.message;
  }
  return i18n.t("errors.generic");
}

export function toastError(err: unknown) {
  toast.error(errorMessage(err));
}
