import { toCanvas } from "qrcode";
import { useEffect, useRef } from "react";
import { css } from "../../../../styled-system/css";

/** Black on white whatever the theme: phone cameras read dark modules on a light ground. */
const COLORS = { dark: "#000000", light: "#ffffff" };

/** One QR code value drawn on a canvas (the `qrcode` library); redrawn when the value changes. */
export function QrCanvas({ value, label, size = 264 }: { value: string; label: string; size?: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (ref.current) void toCanvas(ref.current, value, { width: size, margin: 2, errorCorrectionLevel: "M", color: COLORS });
  }, [value, size]);
  return <canvas ref={ref} role="img" aria-label={label} data-testid="qr-canvas" className={css({ maxW: "full", h: "auto", borderRadius: "md" })} />;
}
