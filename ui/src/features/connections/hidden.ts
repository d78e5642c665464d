import { FORM_DEFAULTS, type Tab, tabOf } from "./form";

/**
 * Connection fields no code reads yet ("no effect yet: hidden" in docs/settings.md): the form does not show them, so
 * it offers nothing the product does not do. A field leaves this list, and its row in docs/settings.md flips, when the
 * code that gives it an effect lands.
 */
export const HIDDEN_FIELDS: ReadonlySet<string> = new Set(["provider", "integrationId", "promptId", "flowIdWelcome", "flowIdNotPhrase"]);

export const isShown = (field: string) => !HIDDEN_FIELDS.has(field);

/** A tab shows when one of its fields does; general (the name) and integrations (the API token) always have one. */
export const tabShown = (tab: Tab) => tab === "general" || tab === "integrations" || Object.keys(FORM_DEFAULTS).some((f) => tabOf(f) === tab && isShown(f));
