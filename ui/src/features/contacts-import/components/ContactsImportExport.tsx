import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadFile } from "../../../api/download";
import { toastError } from "../../../api/errors";
import { Button } from "../../../components/ui/button";
import { ChevronDownIcon } from "../../../components/ui/icons";
import * as Menu from "../../../components/ui/menu";
import { useCan, useSessionUser } from "../../auth/hooks";
import { useFeature } from "../../branding/queries";
import { useImportConnections, useImportFrames, useStartPhoneImport } from "../queries";

/**
 * The contacts page's Import/Export menu: import from a spreadsheet (admins, /contacts/import), import a connected
 * phone's contacts (one entry per connection whose channel lists them; the progress shows on the import page) and export the list
 * under its current filters as xlsx or csv. Renders nothing when the server has neither. An import ending while the
 * page is open reloads its list.
 */
export function ContactsImportExport({ searchParam, tagIds }: { searchParam: string; tagIds: readonly number[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayImport = useCan("contacts:manage");
  const importWired = useFeature("contactsImport");
  const canImport = mayImport && importWired;
  const canExport = useFeature("contactsExport");
  const [busy, setBusy] = useState(false);
  const phones = useImportConnections("listContacts", canImport);
  const fromPhone = useStartPhoneImport();
  useImportFrames(useSessionUser()?.companyId);
  if (!canImport && !canExport) return null;

  const exportAs = async (format: "xlsx" | "csv") => {
    const q = new URLSearchParams({ format });
    if (searchParam) q.set("searchParam", searchParam);
    for (const id of tagIds) q.append("contactTag", String(id));
    setBusy(true);
    try {
      await downloadFile(`/api/contacts/export?${q}`, `contacts.${format}`);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const importPhone = async (whatsappId: number) => {
    try {
      const imp = await fromPhone.mutateAsync(whatsappId);
      void navigate({ to: "/contacts/import", search: { importId: imp.id } });
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Menu.Frame
      trigger={
        <Button variant="outline" loading={busy || fromPhone.isPending} data-testid="contacts-import-export">
          {t("contactsImport.menu")}
          <ChevronDownIcon size={16} />
        </Button>
      }
      onSelect={(d) => {
        if (d.value === "import") void navigate({ to: "/contacts/import" });
        else if (d.value.startsWith("phone-")) void importPhone(Number(d.value.slice("phone-".length)));
        else void exportAs(d.value as "xlsx" | "csv");
      }}
    >
      {canImport ? (
        <Menu.Item value="import" data-testid="contacts-import">
          {t("contactsImport.importSpreadsheet")}
        </Menu.Item>
      ) : null}
      {canImport
        ? phones.map((c) => (
            <Menu.Item key={c.id} value={`phone-${c.id}`} data-testid={`contacts-import-phone-${c.id}`}>
              {t("contactsImport.importFromPhone", { name: c.name })}
            </Menu.Item>
          ))
        : null}
      {canExport ? (
        <>
          <Menu.Item value="xlsx" data-testid="contacts-export-xlsx">
            {t("contactsImport.exportXlsx")}
          </Menu.Item>
          <Menu.Item value="csv" data-testid="contacts-export-csv">
            {t("contactsImport.exportCsv")}
          </Menu.Item>
        </>
      ) : null}
    </Menu.Frame>
  );
}
