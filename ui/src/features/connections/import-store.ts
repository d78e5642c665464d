import { proxy } from "valtio";

/**
 * The latest progress of an import of old messages as importMessages-{companyId} `update` frames carry it
 * (src/channels/imports.ts): `this` processed of `all`, and the date the import began. Between page loads it exists
 * only in those frames, so it is client state.
 */
export interface ImportStatus {
  this: number;
  all: number;
  date?: string;
  whatsappId?: number;
}

export const importProgress = proxy<{ status: ImportStatus | null }>({ status: null });

export function setImportProgress(status: ImportStatus) {
  importProgress.status = status;
}

export function clearImportProgress() {
  importProgress.status = null;
}
