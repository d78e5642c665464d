import { useEffect, useRef } from "react";
import { useSnapshot } from "valtio";
import uPlot from "uplot";
import { css } from "../../../../styled-system/css";
import { ui } from "../../shell/store";

/** uPlot's own stylesheet, the parts these charts use (no legend, no zoom): its layers stack inside the frame. */
const frame = css({
  position: "relative",
  w: "full",
  minH: "56",
  "& .uplot": { fontFamily: "inherit", lineHeight: "1.2" },
  "& .u-wrap": { position: "relative", userSelect: "none" },
  "& .u-over, & .u-under": { position: "absolute" },
  "& .u-axis": { position: "absolute" },
  "& .u-cursor-x, & .u-cursor-y": { display: "none" },
  "& .u-select": { display: "none" },
  "& .u-cursor-pt": { display: "none" },
  "& .u-legend": { display: "none" },
});

/** A Panda token's current value (light or dark), read from the page's CSS variables. */
function token(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * Bars of `values` over `labels`, drawn by uPlot and redrawn when the data, the width or the theme change. The x
 * scale is the bars' index, so any labels (days, hours, names) fit.
 */
export function BarChart({ labels, values, testId, label }: { labels: string[]; values: number[]; testId: string; label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const { theme } = useSnapshot(ui);

  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    // The tokens' values follow the theme: read again (and the chart drawn again) when it changes.
    const dark = theme === "dark";
    const accent = token("--colors-accent-default", dark ? "#60a5fa" : "#2563eb");
    const muted = token("--colors-fg-muted", dark ? "#b2b8c2" : "#4a5260");
    const grid = token("--colors-border-muted", dark ? "#272c34" : "#e4e7eb");
    const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 200),
      height: 224,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, Math.max(labels.length - 0.5, 0.5)] }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
      axes: [
        {
          ...axis,
          values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? (labels[s] ?? "") : "")),
        },
        { ...axis, values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : "")) },
      ],
      series: [{}, { label, stroke: accent, fill: accent, paths: uPlot.paths.bars!({ size: [0.7, 48] }), points: { show: false } }],
    };
    const chart = new uPlot(opts, [labels.map((_, i) => i), values], el);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(el.clientWidth, 200), height: 224 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, values, label, theme]);

  return <div ref={holder} className={frame} data-testid={testId} role="img" aria-label={label} />;
}
