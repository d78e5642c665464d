import { rmSync } from "node:fs";

/** Removes the shared e2e server's temporary DATA_DIR (created in playwright.config.ts). */
export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes("multi100-e2e-")) rmSync(dir, { recursive: true, force: true });
}
