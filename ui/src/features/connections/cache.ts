import type { QueryClient } from "@tanstack/react-query";
import { keys } from "../../api/keys";
import { connectionKeys } from "./queries";

export type Patch = { id: number; isDefault?: boolean } & Record<string, unknown>;
type Cached = Patch | Patch[] | null | undefined;

/**
 * company-{id}-whatsapp / -whatsappSession frames into every cached copy under keys.whatsapps (lists and details):
 * known rows are patched in place (status, qrcode, settings); a row no list has yet (created elsewhere) makes the
 * lists refetch, since a session frame carries only part of a connection. A new default clears the others' flag.
 */
export function applyConnectionPatch(qc: QueryClient, patch: Patch) {
  let unknown = false;
  qc.setQueriesData<Cached>({ queryKey: keys.whatsapps }, (old) => {
    if (Array.isArray(old)) {
      if (!old.some((c) => c.id === patch.id)) {
        unknown = true;
        return old;
      }
      return old.map((c) => (c.id === patch.id ? { ...c, ...patch } : patch.isDefault === true ? { ...c, isDefault: false } : c));
    }
    return old && old.id === patch.id ? { ...old, ...patch } : old;
  });
  if (unknown) void qc.invalidateQueries({ queryKey: keys.whatsapps, predicate: (q) => Array.isArray(q.state.data) });
}

export function removeConnection(qc: QueryClient, id: number) {
  qc.setQueriesData<Cached>({ queryKey: keys.whatsapps }, (old) => (Array.isArray(old) ? old.filter((c) => c.id !== id) : old));
  qc.removeQueries({ queryKey: connectionKeys.detail(id) });
}
