import nodemailer from "nodemailer";
import type { Config } from "./config";
import type { Logger } from "./log";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise the mail is written to the server log, so a bare install can still reset passwords. */
export function createMailer(config: Config, log: Logger): Mailer {
  if (!config.SMTP_URL) {
    return {
      async send(mail) {
        log.info("mail (no SMTP_URL set, logged instead of sent)", { to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.SMTP_FROM, ...mail });
    },
  };
}
