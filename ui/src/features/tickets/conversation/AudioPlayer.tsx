import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button";

/** Playback rates cycle 0.5, 1, 1.5, 2, remembered in local storage. */
export const PLAYBACK_RATES = [0.5, 1, 1.5, 2] as const;
const RATE_KEY = "audioPlaybackRate";

function storedRate(): number {
  const v = Number(localStorage.getItem(RATE_KEY));
  return (PLAYBACK_RATES as readonly number[]).includes(v) ? v : 1;
}

/** An audio message with the speed button. */
export function AudioPlayer({ src }: { src: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLAudioElement>(null);
  const [rate, setRate] = useState(storedRate);
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = rate;
  }, [rate]);
  const next = () => {
    const r = PLAYBACK_RATES[(PLAYBACK_RATES.indexOf(rate as (typeof PLAYBACK_RATES)[number]) + 1) % PLAYBACK_RATES.length]!;
    localStorage.setItem(RATE_KEY, String(r));
    setRate(r);
  };
  return (
    <div className={css({ display: "flex", alignItems: "center", gap: "2", maxW: "full" })}>
      {/* biome-ignore lint/a11y/useMediaCaption: voice notes and audio sent through a chat channel carry no captions to attach. */}
      <audio
        ref={ref}
        src={src}
        controls
        preload="metadata"
        onLoadedMetadata={(e) => (e.currentTarget.playbackRate = rate)}
        className={css({ maxW: "64", minW: 0, h: "10" })}
        data-testid="message-audio"
      />
      <Button size="xs" variant="outline" onClick={next} aria-label={t("tickets.media.speed", { rate })} data-testid="audio-rate">
        {`${rate}x`}
      </Button>
    </div>
  );
}
