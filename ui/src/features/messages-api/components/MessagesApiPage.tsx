import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { css } from "../../../../styled-system/css";
import { SEND_PATH } from "../send";
import { mediaExample, textExample } from "../snippets";
import { TestForm } from "./TestForm";

const card = css({
  display: "flex",
  flexDirection: "column",
  gap: "4",
  p: { base: "4", sm: "6" },
  bg: "bg.default",
  borderRadius: "lg",
  borderWidth: "1px",
  borderColor: "border.muted",
});
const code = css({
  fontFamily: "mono",
  fontSize: "xs",
  bg: "bg.subtle",
  color: "fg.default",
  p: "3",
  borderRadius: "md",
  overflowX: "auto",
  whiteSpace: "pre",
  maxW: "full",
});
const h2 = css({ fontSize: "lg", fontWeight: "semibold" });
const h3 = css({ fontSize: "md", fontWeight: "semibold", mt: "2" });
const muted = css({ color: "fg.muted", fontSize: "sm" });

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className={css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "10rem 1fr" }, gap: "1 4", fontSize: "sm" })}>
      {items.map(([k, v]) => (
        <div key={k} className={css({ display: "contents" })}>
          <dt className={css({ fontWeight: "semibold" })}>{k}</dt>
          <dd className={css({ color: "fg.muted", overflowWrap: "anywhere", mb: { base: "2", sm: "0" } })}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /messages-api: how to send text and media with a connection's token, and a test form for each. */
export default function MessagesApiPage() {
  const { t } = useTranslation();
  const endpoint = `${location.origin}${SEND_PATH}`;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4", p: { base: "3", sm: "6" }, maxW: "5xl", w: "full", mx: "auto" })}>
      <h1 className={css({ fontSize: "xl", fontWeight: "semibold" })}>{t("messagesApi.title")}</h1>

      <section className={card}>
        <h2 className={h2}>{t("messagesApi.notes.title")}</h2>
        <ul className={css({ listStyle: "disc", pl: "5", display: "flex", flexDirection: "column", gap: "1.5", fontSize: "sm" })}>
          <li>{t("messagesApi.notes.token")}</li>
          <li>{t("messagesApi.notes.number")}</li>
          <li>{t("messagesApi.notes.ticket")}</li>
        </ul>
      </section>

      <section className={card} data-testid="api-doc-text">
        <h2 className={h2}>{t("messagesApi.text.title")}</h2>
        <Facts
          items={[
            [t("messagesApi.endpoint"), <code key="e">{endpoint}</code>],
            [t("messagesApi.method"), "POST"],
            [t("messagesApi.headers"), t("messagesApi.text.headers")],
            [t("messagesApi.body"), t("messagesApi.text.body")],
          ]}
        />
        <pre className={code}>{textExample(location.origin)}</pre>
        <h3 className={h3}>{t("messagesApi.test")}</h3>
        <p className={muted}>{t("messagesApi.text.testHelp")}</p>
        <TestForm media={false} />
      </section>

      <section className={card} data-testid="api-doc-media">
        <h2 className={h2}>{t("messagesApi.media.title")}</h2>
        <Facts
          items={[
            [t("messagesApi.endpoint"), <code key="e">{endpoint}</code>],
            [t("messagesApi.method"), "POST"],
            [t("messagesApi.headers"), t("messagesApi.media.headers")],
            [t("messagesApi.body"), t("messagesApi.media.body")],
          ]}
        />
        <pre className={code}>{mediaExample(location.origin)}</pre>
        <h3 className={h3}>{t("messagesApi.test")}</h3>
        <p className={muted}>{t("messagesApi.media.testHelp")}</p>
        <TestForm media />
      </section>
    </div>
  );
}
