import { defineConfig } from "@pandacss/dev";
import { theme } from "./src/theme";

export default defineConfig({
  preflight: true,
  include: ["./ui/src/**/*.{ts,tsx}"],
  exclude: [],
  outdir: "ui/styled-system",
  jsxFramework: "react",
  // The theme mode lives on <html data-theme="light|dark"> (features/shell/theme-store.ts).
  conditions: {
    extend: {
      dark: "[data-theme=dark] &",
      light: "[data-theme=light] &",
      // Only what the app marks invalid: an empty `required` input is natively :invalid before anyone typed.
      invalid: "&:is([data-invalid], [aria-invalid=true])",
    },
  },
  globalCss: {
    html: { colorScheme: "light", "&[data-theme=dark]": { colorScheme: "dark" } },
    "html, body": { bg: "bg.canvas", color: "fg.default", fontFamily: "body", lineHeight: "1.5", WebkitFontSmoothing: "antialiased" },
    body: { minH: "100dvh", overflowX: "hidden" },
    "#root": { minH: "100dvh" },
    a: { color: "accent.text" },
  },
  theme: { extend: theme },
  // Recipes take variants from props at run time; emit every variant so nothing depends on static analysis.
  staticCss: { recipes: "*" },
});
