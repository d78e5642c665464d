import { Portal } from "@ark-ui/react/portal";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { ChevronDownIcon } from "../../../components/ui/icons";
import * as Popover from "../../../components/ui/popover";
import { useSessionUser } from "../../auth/hooks";
import { isAdmin } from "../../auth/permissions";
import { queuesQuery } from "../../users/queries";
import { useSelectedQueueIds } from "../hooks/useInboxParams";
import { inbox } from "../store";

/** The toolbar's queue selector: the user's queues (an admin without queues picks among all), every one selected at first. */
export function QueueFilter() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const own = user?.queues ?? [];
  const all = useQuery({ ...queuesQuery, enabled: own.length === 0 && isAdmin(user) });
  const options = own.length ? own : (all.data ?? []);
  const selected = useSelectedQueueIds();
  if (!options.length) return null;
  const toggle = (id: number, on: boolean) => {
    inbox.queueIds = on ? [...new Set([...selected, id])] : selected.filter((q) => q !== id);
  };
  return (
    <Popover.Root positioning={{ placement: "bottom-end" }}>
      <Popover.Trigger asChild>
        <Button variant="outline" size="xs" data-testid="queue-filter">
          {selected.length ? t("tickets.toolbar.queues", { count: selected.length }) : t("tickets.toolbar.allQueues")}
          <ChevronDownIcon size={14} />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content data-testid="queue-filter-list">
            {options.map((q) => (
              <div key={q.id} className={css({ display: "flex", alignItems: "center", gap: "2" })}>
                <span aria-hidden className={css({ w: "2.5", h: "2.5", borderRadius: "full", flexShrink: 0 })} style={{ background: q.color }} />
                <Checkbox label={q.name} checked={selected.includes(q.id)} onCheckedChange={(v) => toggle(q.id, v)} />
              </div>
            ))}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
