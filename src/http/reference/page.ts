/**
 * The API reference page: plain HTML, one stylesheet inline and one script from the same origin, so it works offline
 * and under the app's Content-Security-Policy (scripts from 'self' only). Everything is built with textContent: no
 * text of the document is ever read as HTML.
 */
export const REFERENCE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Multi100 API reference</title>
<style>
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #fff; --panel: #f6f8fa; --line: #d1d9e0; }
@media (prefers-color-scheme: dark) { :root { --fg: #f0f6fc; --muted: #9198a1; --bg: #0d1117; --panel: #151b23; --line: #3d444d; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header { padding: 16px 24px; border-bottom: 1px solid var(--line); display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
header h1 { font-size: 20px; margin: 0; }
header input { flex: 1; min-width: 200px; padding: 6px 10px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
main { padding: 16px 24px; max-width: 1100px; }
h2 { font-size: 17px; margin: 24px 0 8px; }
details.op { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; background: var(--panel); }
details.op > summary { cursor: pointer; padding: 8px 12px; display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
.method { font: 700 12px ui-monospace, monospace; padding: 2px 6px; border-radius: 4px; color: #fff; min-width: 58px; text-align: center; }
.get { background: #1f6feb; } .post { background: #1a7f37; } .put { background: #9a6700; } .delete { background: #cf222e; } .patch { background: #8250df; }
.path { font-family: ui-monospace, monospace; }
.summary { color: var(--muted); }
.body { padding: 0 12px 12px; }
.body h4 { margin: 12px 0 4px; font-size: 14px; }
pre { background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: 8px; overflow: auto; font-size: 12px; margin: 4px 0; }
table { border-collapse: collapse; font-size: 13px; }
td, th { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
.lock { font-size: 12px; color: var(--muted); }
</style>
</head>
<body>
<header><h1>Multi100 API reference</h1><span id="version" class="lock"></span><input id="filter" type="search" placeholder="Filter by path or summary" aria-label="Filter"><a href="/api/openapi.json">openapi.json</a></header>
<main id="content">Loading…</main>
<script src="/api/reference/reference.js"></script>
</body>
</html>
`;

/** Runs in the browser (served as its source text): renders /api/openapi.json grouped by tag. */
export function renderReference() {
  type Json = Record<string, any>;
  const el = (tag: string, props: { className?: string; text?: string } = {}, ...children: (Node | string)[]) => {
    const node = document.createElement(tag);
    if (props.className) node.className = props.className;
    if (props.text !== undefined) node.textContent = props.text;
    for (const c of children) node.append(c);
    return node;
  };
  const pre = (value: unknown) => el("pre", { text: JSON.stringify(value, null, 2) });
  const resolve = (doc: Json, schema: Json | undefined): Json | undefined => {
    const ref = schema?.$ref as string | undefined;
    return ref ? doc.components.schemas[ref.split("/").pop()!] : schema;
  };
  const operation = (doc: Json, method: string, path: string, op: Json) => {
    const details = el("details", { className: "op" });
    details.dataset.search = `${method} ${path} ${op.summary ?? ""}`.toLowerCase();
    details.append(
      el(
        "summary",
        {},
        el("span", { className: `method ${method}`, text: method.toUpperCase() }),
        el("span", { className: "path", text: path }),
        el("span", { className: "summary", text: op.summary ?? "" }),
        el("span", { className: "lock", text: op.security?.length ? `auth: ${op.security.map((s: Json) => Object.keys(s)[0]).join(", ")}` : "public" }),
      ),
    );
    const body = el("div", { className: "body" });
    for (const para of String(op.description ?? "")
      .split("\n\n")
      .filter(Boolean))
      body.append(el("p", { text: para.replace(/\*\*/g, "") }));
    if (op.parameters?.length) {
      const table = el("table", {}, el("tr", {}, el("th", { text: "Parameter" }), el("th", { text: "In" }), el("th", { text: "Schema" })));
      for (const p of op.parameters)
        table.append(
          el("tr", {}, el("td", { text: p.name + (p.required ? " *" : "") }), el("td", { text: p.in }), el("td", { text: JSON.stringify(p.schema) })),
        );
      body.append(el("h4", { text: "Parameters" }), table);
    }
    for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Json)) {
      body.append(el("h4", { text: `Request body (${type})` }), pre(resolve(doc, media.schema)));
      if (media.example !== undefined) body.append(el("h4", { text: "Example request" }), pre(media.example));
    }
    body.append(el("h4", { text: "Responses" }));
    for (const [status, res] of Object.entries((op.responses ?? {}) as Json)) {
      body.append(el("div", { text: `${status}: ${res.description ?? ""}` }));
      const media = res.content?.["application/json"];
      if (media?.example !== undefined) body.append(el("h4", { text: `Example answer (${status})` }), pre(media.example));
      else if (media?.schema && Number(status) < 400) body.append(pre(resolve(doc, media.schema)));
    }
    details.append(body);
    return details;
  };
  fetch("/api/openapi.json")
    .then((r) => r.json())
    .then((doc: Json) => {
      const content = document.getElementById("content")!;
      content.textContent = "";
      document.getElementById("version")!.textContent = `v${doc.info.version}`;
      content.append(el("p", { text: doc.info.description }));
      const byTag = new Map<string, HTMLElement[]>();
      for (const [path, item] of Object.entries(doc.paths as Json)) {
        for (const [method, op] of Object.entries(item as Json)) {
          const tag = (op.tags?.[0] as string | undefined) ?? "Other";
          byTag.set(tag, [...(byTag.get(tag) ?? []), operation(doc, method, path, op)]);
        }
      }
      for (const [tag, ops] of byTag) content.append(el("section", {}, el("h2", { text: tag }), ...ops));
      const filter = document.getElementById("filter") as HTMLInputElement;
      filter.addEventListener("input", () => {
        const q = filter.value.trim().toLowerCase();
        for (const d of content.querySelectorAll<HTMLElement>("details.op")) d.hidden = q !== "" && !d.dataset.search!.includes(q);
      });
    })
    .catch((err) => {
      document.getElementById("content")!.textContent = `Could not load the API document: ${err}`;
    });
}
