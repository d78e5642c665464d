import { describe, expect, test } from "bun:test";
import { allowedSites, embedSnippet, previewUrl } from "./embed";

describe("the web chat's embed code", () => {
  test("the loader script with the widgetKey, and the preview page", () => {
    expect(embedSnippet("https://support.example.com", "AbCdEfGhIjKlMnOpQrStUvWx")).toBe(
      '<script src="https://support.example.com/widget.js" data-key="AbCdEfGhIjKlMnOpQrStUvWx" async></script>',
    );
    expect(previewUrl("http://localhost:8080", "AbCdEfGhIjKlMnOpQrStUvWx")).toBe("http://localhost:8080/widget/AbCdEfGhIjKlMnOpQrStUvWx");
  });

  test("the allowed sites from the connection's config; none: any site", () => {
    expect(allowedSites({ config: { allowedOrigins: ["https://shop.example.com"] } })).toEqual(["https://shop.example.com"]);
    expect(allowedSites({ config: {} })).toEqual([]);
    expect(allowedSites({ config: { allowedOrigins: "x" } })).toEqual([]);
  });
});
