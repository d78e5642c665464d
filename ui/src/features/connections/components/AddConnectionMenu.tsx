import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";
import { ChevronDownIcon, PlusIcon } from "../../../components/ui/icons";
import * as Menu from "../../../components/ui/menu";
import { channelName } from "../channel-name";
import type { ChannelInfo } from "../types";
import { ChannelIcon } from "./icons";

/** The add menu, one entry per channel plugin (GET /api/channels); an entry the plan does not allow is disabled. */
export function AddConnectionMenu({ channels, onPick }: { channels: readonly ChannelInfo[]; onPick: (channel: ChannelInfo) => void }) {
  const { t } = useTranslation();
  return (
    <Menu.Frame
      positioning={{ placement: "bottom-end" }}
      onSelect={(d) => {
        const channel = channels.find((c) => c.id === d.value);
        if (channel) onPick(channel);
      }}
      trigger={
        <Button data-testid="connections-add">
          <PlusIcon size={18} />
          {t("connections.add")}
          <ChevronDownIcon size={16} />
        </Button>
      }
      contentProps={{ "data-testid": "connections-add-menu" }}
    >
      {channels.map((c) => (
        <Menu.Item key={c.id} value={c.id} disabled={!c.allowedByPlan} data-testid={`add-${c.id}`}>
          <ChannelIcon channel={c.id} size={18} />
          <span className={css({ flex: "1" })}>{channelName(t, c.id, c.name)}</span>
          {c.allowedByPlan ? null : <span className={css({ fontSize: "xs", color: "fg.muted" })}>{t("connections.notInPlan")}</span>}
        </Menu.Item>
      ))}
    </Menu.Frame>
  );
}
