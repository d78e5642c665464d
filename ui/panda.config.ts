import { defineConfig } from "@pandacss/dev";

export default defineConfig({
  preflight: true,
  include: ["./ui/src/**/*.{ts,tsx}"],
  exclude: [],
  outdir: "ui/styled-system",
  jsxFramework: "react",
});
