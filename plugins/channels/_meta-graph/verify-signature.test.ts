import { describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { metaStringify } from "../../../tests/fakes/meta-graph/deliver";
import { signBody } from "../../../tests/fakes/meta-graph/deliver";
import { verifySignature } from "./verify-signature";

const SECRET = "6a1f0c3e9b7d2a4c8e0f1b3d5a7c9e2f";

// A Messenger delivery as Meta serialises it: "/" escaped as "\/" and non-ASCII as \uXXXX
// (https://developers.facebook.com/docs/graph-api/webhooks/getting-started#validate-payloads: "the payload is
// escaped unicode ... generate the signature over the escaped payload").
const RAW =
  '{"object":"page","entry":[{"id":"682498302938465","time":1458692752478,"messaging":[{"sender":{"id":"1254459154682919"},' +
  '"recipient":{"id":"682498302938465"},"timestamp":1458692752478,"message":{"mid":"mid.1457764197618:41d102a3e1ae206a38",' +
  '"text":"Caf\\u00e9? https:\\/\\/www.luckyshrub.com\\/menu \\ud83c\\udf31"}}]}]}';

const hmacHex = (body: string, secret: string) => createHmac("sha256", secret).update(body).digest("hex");

describe("verifySignature", () => {
  test("an escaped body (\\/ and \\u00e9) verifies against the signature of its exact bytes", () => {
    const header = `sha256=${hmacHex(RAW, SECRET)}`;
    expect(verifySignature(RAW, header, SECRET)).toBe(true);
    expect(verifySignature(new TextEncoder().encode(RAW), header, SECRET)).toBe(true);
    // The parsed text really is unescaped: re-serialising gives different bytes.
    expect(JSON.parse(RAW).entry[0].messaging[0].message.text).toBe("Café? https://www.luckyshrub.com/menu 🌱");
  });

  test("re-serialised JSON does not verify", () => {
    const header = `sha256=${hmacHex(RAW, SECRET)}`;
    const reserialised = JSON.stringify(JSON.parse(RAW));
    expect(reserialised).not.toBe(RAW);
    expect(verifySignature(reserialised, header, SECRET)).toBe(false);
  });

  test("the fake's serialiser reproduces Meta's escaping", () => {
    expect(metaStringify(JSON.parse(RAW))).toBe(RAW);
  });

  test("wrong secret, missing or malformed header are refused", () => {
    const header = `sha256=${hmacHex(RAW, SECRET)}`;
    expect(verifySignature(RAW, header, "another-app-secret")).toBe(false);
    expect(verifySignature(RAW, undefined, SECRET)).toBe(false);
    expect(verifySignature(RAW, null, SECRET)).toBe(false);
    expect(verifySignature(RAW, "", SECRET)).toBe(false);
    expect(verifySignature(RAW, hmacHex(RAW, SECRET), SECRET)).toBe(false); // no "sha256=" prefix
    expect(verifySignature(RAW, `sha1=${hmacHex(RAW, SECRET)}`, SECRET)).toBe(false);
    expect(verifySignature(RAW, `sha256=${hmacHex(RAW, SECRET).slice(0, 63)}`, SECRET)).toBe(false);
    expect(verifySignature(RAW, header, "")).toBe(false);
    expect(verifySignature(`${RAW} `, header, SECRET)).toBe(false);
  });

  test("the hex digest is compared case-insensitively; signBody gives Meta's header", () => {
    const hex = hmacHex(RAW, SECRET);
    expect(verifySignature(RAW, `sha256=${hex.toUpperCase()}`, SECRET)).toBe(true);
    expect(signBody(RAW, SECRET)).toBe(`sha256=${hex}`);
  });
});
