import { css } from "../../../styled-system/css";

const track = css({ h: "2", borderRadius: "full", bg: "bg.muted", overflow: "hidden" });
const fill = css({ h: "full", bg: "accent.default", transition: "width 0.3s" });

/** How much of `total` is `done`, as a whole percent from 0 to 100; nothing to do counts as done. */
export function percentOf(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.max(0, Math.round((done / total) * 100))) : 100;
}

/** A long job's determinate progress: `done` of `total`, announced to assistive technology as a percent. */
export function ProgressBar({ done, total }: { done: number; total: number }) {
  const percent = percentOf(done, total);
  return (
    <div role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} className={track}>
      <div className={fill} style={{ width: `${percent}%` }} />
    </div>
  );
}
