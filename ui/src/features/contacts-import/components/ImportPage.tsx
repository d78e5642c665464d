import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { type DragEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { css, cx } from "../../../../styled-system/css";
import { button } from "../../../../styled-system/recipes";
import { ApiError } from "../../../api/client";
import { toastError } from "../../../api/errors";
import { Button } from "../../../components/ui/button";
import * as Checkbox from "../../../components/ui/checkbox";
import { ChevronLeftIcon, UploadIcon } from "../../../components/ui/icons";
import { SelectField } from "../../../components/ui/select";
import * as Table from "../../../components/ui/table";
import { toast } from "../../../components/ui/toast";
import { useSessionUser } from "../../auth/hooks";
import { assign, fieldOf, guessMapping, IMPORT_FIELDS, type ImportField, importProblems, type Mapping } from "../mapping";
import { IMPORT_ACCEPT, readSheet } from "../parse";
import { useImportConnections, useImportFrames, useStartImport } from "../queries";
import { ImportProgress } from "./ImportProgress";

/** Rows of the preview shown at once. */
const PAGE_ROWS = 50;
const NONE = "-";

interface Loaded {
  file: File;
  header: string[];
  /** Data rows; row i is the file's line i + 2. */
  rows: string[][];
}

/**
 * /contacts/import (admins): drop or pick an xls, xlsx, csv or txt file; the first rows show with a field to choose
 * above each column and a tick per row; the import starts on the server, whose progress and summary follow live.
 */
export default function ImportPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  useImportFrames(user?.companyId);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [unticked, setUnticked] = useState<Set<number>>(new Set());
  const [page, setPage] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  // An import started elsewhere (the phone's contacts, from the contacts page's menu) arrives as ?importId=.
  const [importId, setImportId] = useState<number | null>(useSearch({ from: "/_app/contacts_/import" }).importId ?? null);
  const navigate = useNavigate();
  const checkable = useImportConnections("checkNumber");
  const [checkOn, setCheckOn] = useState(NONE);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const start = useStartImport();

  /** One id per column of the file (its position: columns never move while a file is open). */
  const columns = useMemo(() => {
    const width = loaded ? Math.max(loaded.header.length, ...loaded.rows.slice(0, 200).map((r) => r.length)) : 0;
    return Array.from({ length: width }, (_, c) => `column-${c}`);
  }, [loaded]);
  const fieldLabel = (f: ImportField) => t(`contactsImport.fields.${f}`);

  const open = async (file: File | undefined) => {
    if (!file) return;
    const sheet = await readSheet(file);
    if (!sheet) {
      toast.error(t("contactsImport.errors.invalidFile"));
      return;
    }
    const [header = [], ...rows] = sheet;
    setLoaded({ file, header, rows });
    setMapping(guessMapping(header));
    setUnticked(new Set());
    setPage(0);
    setProblems([]);
  };

  const choose = (column: number, value: string) => {
    const field = value === NONE ? undefined : (value as ImportField);
    if (field && mapping[field] !== undefined && mapping[field] !== column) {
      toast.error(t("contactsImport.errors.fieldAlreadySelected", { field: fieldLabel(field) }));
      return;
    }
    setMapping(assign(mapping, column, field));
  };

  const submit = async () => {
    if (!loaded) return;
    const found = importProblems(mapping, loaded.rows.length - unticked.size);
    setProblems(found);
    if (found.length) return;
    try {
      const whatsappId = checkable.some((c) => String(c.id) === checkOn) ? Number(checkOn) : undefined;
      const imp = await start.mutateAsync({ file: loaded.file, mapping, skipRows: [...unticked].map((i) => i + 2), whatsappId });
      setImportId(imp.id);
    } catch (err) {
      if (err instanceof ApiError && err.fields.file) toast.error(t("contactsImport.errors.invalidFile"));
      else toastError(err);
    }
  };

  const reset = () => {
    setLoaded(null);
    setImportId(null);
    setProblems([]);
    void navigate({ to: "/contacts/import", search: {} });
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void open(e.dataTransfer.files[0]);
  };

  const pages = loaded ? Math.max(1, Math.ceil(loaded.rows.length / PAGE_ROWS)) : 1;
  const shown = loaded?.rows.slice(page * PAGE_ROWS, (page + 1) * PAGE_ROWS) ?? [];
  const ticked = loaded ? loaded.rows.length - unticked.size : 0;
  const toggle = (i: number, on: boolean) => {
    const next = new Set(unticked);
    if (on) next.delete(i);
    else next.add(i);
    setUnticked(next);
  };
  const options = [{ value: NONE, label: t("contactsImport.ignoreColumn") }, ...IMPORT_FIELDS.map((f) => ({ value: f, label: fieldLabel(f) }))];

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "3", sm: "6" }, flex: "1", minH: 0, minW: 0 })}>
      <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "3" })}>
        <Link to="/contacts" className={button({ variant: "ghost", size: "sm" })} data-testid="import-back">
          <ChevronLeftIcon size={16} />
          {t("contactsImport.back")}
        </Link>
        <h1 className={css({ fontSize: "xl", fontWeight: "semibold", flex: "1", minW: "40" })}>{t("contactsImport.title")}</h1>
      </div>

      {importId !== null ? (
        <ImportProgress id={importId} onAnother={reset} />
      ) : !loaded ? (
        <label
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="import-drop"
          data-dragging={dragging || undefined}
          className={css({
            display: "flex",
            flexDirection: "column",
            alignItems: "center",
            gap: "2",
            py: "12",
            px: "4",
            textAlign: "center",
            borderWidth: "2px",
            borderStyle: "dashed",
            borderColor: "border.default",
            borderRadius: "lg",
            bg: "bg.default",
            cursor: "pointer",
            color: "fg.default",
            "&[data-dragging]": { borderColor: "accent.default", bg: "bg.subtle" },
          })}
        >
          <UploadIcon size={32} />
          <strong>{t("contactsImport.drop")}</strong>
          <span className={css({ color: "fg.muted", fontSize: "sm" })}>{t("contactsImport.dropHelp")}</span>
          <input
            ref={input}
            type="file"
            accept={IMPORT_ACCEPT}
            className={css({ srOnly: true })}
            data-testid="import-file"
            onChange={(e) => {
              void open(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </label>
      ) : (
        <>
          <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "3", fontSize: "sm" })}>
            <strong className={css({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", maxW: "full" })}>{loaded.file.name}</strong>
            <span className={css({ color: "fg.muted" })} data-testid="import-ticked">
              {t("contactsImport.ticked", { ticked, total: loaded.rows.length })}
            </span>
            <Button variant="link" size="sm" onClick={reset}>
              {t("contactsImport.chooseAnother")}
            </Button>
          </div>
          {problems.length ? (
            <ul role="alert" data-testid="import-problems" className={css({ color: "fg.error", fontSize: "sm", listStyle: "disc", pl: "5" })}>
              {problems.map((p) => (
                <li key={p}>{t(`contactsImport.errors.${p}`)}</li>
              ))}
            </ul>
          ) : null}
          <div className={css({ overflowX: "auto", maxW: "full", borderWidth: "1px", borderColor: "border.default", borderRadius: "lg" })}>
            <Table.Root data-testid="import-preview">
              <Table.Head>
                <tr>
                  <Table.Header className={css({ w: "10" })}>
                    <Checkbox.Checkbox
                      label={<span className={css({ srOnly: true })}>{t("contactsImport.tickAll")}</span>}
                      checked={unticked.size === 0}
                      onCheckedChange={(on) => setUnticked(on ? new Set() : new Set(loaded.rows.map((_, i) => i)))}
                    />
                  </Table.Header>
                  {columns.map((id, c) => (
                    <Table.Header key={id} className={css({ minW: "40", verticalAlign: "top" })}>
                      <div className={css({ display: "flex", flexDirection: "column", gap: "1" })} data-testid={`import-column-${c}`}>
                        <span className={css({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })}>
                          {loaded.header[c] || t("contactsImport.column", { n: c + 1 })}
                        </span>
                        <SelectField
                          aria-label={t("contactsImport.fieldFor", { column: loaded.header[c] || c + 1 })}
                          options={options}
                          value={fieldOf(mapping, c) ?? NONE}
                          onChange={(v) => choose(c, v)}
                        />
                      </div>
                    </Table.Header>
                  ))}
                </tr>
              </Table.Head>
              <Table.Body>
                {shown.map((row, k) => {
                  const i = page * PAGE_ROWS + k;
                  return (
                    <Table.Row key={i} data-testid="import-row">
                      <Table.Cell>
                        <Checkbox.Checkbox
                          label={<span className={css({ srOnly: true })}>{t("contactsImport.tickRow", { line: i + 2 })}</span>}
                          checked={!unticked.has(i)}
                          onCheckedChange={(on) => toggle(i, on)}
                        />
                      </Table.Cell>
                      {columns.map((id, c) => (
                        <Table.Cell key={id} className={css({ maxW: "60", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })}>
                          {row[c] ?? ""}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </div>
          {pages > 1 ? (
            <div className={css({ display: "flex", alignItems: "center", gap: "2", fontSize: "sm" })}>
              <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
                {t("contactsImport.previous")}
              </Button>
              <span>{t("contactsImport.page", { page: page + 1, pages })}</span>
              <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
                {t("contactsImport.next")}
              </Button>
            </div>
          ) : null}
          {checkable.length ? (
            <div className={css({ display: "flex", flexDirection: "column", gap: "1", maxW: "sm" })} data-testid="import-check-on">
              <SelectField
                label={t("contactsImport.checkNumbers")}
                options={[{ value: NONE, label: t("contactsImport.checkNone") }, ...checkable.map((c) => ({ value: String(c.id), label: c.name }))]}
                value={checkOn}
                onChange={setCheckOn}
              />
              <span className={css({ color: "fg.muted", fontSize: "xs" })}>{t("contactsImport.checkHelp")}</span>
            </div>
          ) : null}
          <div className={css({ display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: "2" })}>
            <Link to="/contacts" className={cx(button({ variant: "outline" }))}>
              {t("common.cancel")}
            </Link>
            <Button onClick={() => void submit()} loading={start.isPending} data-testid="import-start">
              {t("contactsImport.start")}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
