import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../styled-system/css";
import { Button, IconButton } from "./button";
import { PlusIcon, SearchIcon } from "./icons";
import { Input } from "./input";
import { Tip } from "./tooltip";

const page = css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "3", sm: "6" }, flex: "1", minH: 0 });
const header = css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "3" });
const title = css({ fontSize: "xl", fontWeight: "semibold", flex: "1", minW: "40" });
const countStyle = css({ color: "fg.muted", fontWeight: "normal", ml: "2", fontSize: "md" });
const searchBox = css({ position: "relative", minW: 0 });
const searchWidth = css({ flex: { base: "1 1 100%", sm: "0 1 280px" } });
const searchIcon = css({ position: "absolute", left: "3", top: "50%", transform: "translateY(-50%)", color: "fg.muted", pointerEvents: "none" });
const searchInput = css({ pl: "9" });

/** The column a list page fills: its header, then the table that scrolls. */
export function ListPage({ children }: { children: ReactNode }) {
  return <div className={page}>{children}</div>;
}

/**
 * A list page's header: the title with the total in brackets once it is known, the search box (when the page
 * searches), any extra controls, and the add button (when the user may add).
 */
export function ListPageHeader(props: {
  title: ReactNode;
  /** Undefined until the list has loaded: no count is shown. */
  count?: number;
  countTestId?: string;
  search?: string;
  onSearch?: (value: string) => void;
  searchTestId?: string;
  /** The search box's hint; "Search" by default. */
  searchPlaceholder?: string;
  /** The search box's flex sizing in place of the default (full width on phones, up to 280 px beside the title). */
  searchClassName?: string;
  addLabel?: ReactNode;
  onAdd?: () => void;
  addTestId?: string;
  /** Controls between the search box and the add button (filters, import and export). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={header}>
      <h1 className={title}>
        {props.title}
        {props.count !== undefined ? (
          <span className={countStyle} data-testid={props.countTestId}>
            ({props.count})
          </span>
        ) : null}
      </h1>
      {props.onSearch ? (
        <div className={cx(searchBox, props.searchClassName ?? searchWidth)}>
          <SearchIcon size={16} className={searchIcon} />
          <Input
            type="search"
            placeholder={props.searchPlaceholder ?? t("common.search")}
            aria-label={t("common.search")}
            value={props.search ?? ""}
            onChange={(e) => props.onSearch?.(e.target.value)}
            className={searchInput}
            data-testid={props.searchTestId}
          />
        </div>
      ) : null}
      {props.children}
      {props.onAdd ? (
        <Button onClick={props.onAdd} data-testid={props.addTestId}>
          <PlusIcon size={18} />
          {props.addLabel}
        </Button>
      ) : null}
    </div>
  );
}

/** One action of a table row: a small icon button with its label as tooltip and accessible name. */
export function RowAction(props: { label: string; onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <Tip label={props.label}>
      <IconButton aria-label={props.label} size="sm" onClick={props.onClick} data-testid={props.testId}>
        {props.children}
      </IconButton>
    </Tip>
  );
}
