import "server-only";
// Hands one message to the SMTP server at SMTP_URL with nodemailer (a maintained mailer: STARTTLS,
// smtps://, authentication and MIME are its job). What the server answers decides what follows:
// accepted is sent; a 4xx answer, a timeout or no connection is deferred (retried on the schedule);
// a 5xx answer is a permanent refusal (failed, not retried: the same message would be refused again).
import { env } from "@/lib/env";
import { emailSender } from "@/lib/studio/emails/settings";
import type { ComposedEmail } from "@/lib/studio/emails/compose";

export type SmtpOutcome = {
  outcome: "sent" | "deferred" | "failed";
  smtpCode: number | null;
  smtpResponse: string | null;
  error: string | null;
  latencyMs: number;
  startedAt: Date;
};

type Transport = { sendMail: (message: object) => Promise<{ response?: string }> };
const holder = globalThis as typeof globalThis & { __studioSmtp?: { url: string; transport: Promise<Transport> } };

async function transport(): Promise<Transport> {
  const url = env.SMTP_URL!;
  if (holder.__studioSmtp?.url !== url) {
    const timeoutMs = env.EMAIL_TIMEOUT_MS;
    holder.__studioSmtp = {
      url,
      // Loaded on first use, as pdfkit is: the API routes stay requirable without it.
      transport: import("nodemailer").then(({ default: nodemailer }) =>
        // SMTP's transport reads the connection (host, port, TLS, user, password) from `url`.
        nodemailer.createTransport({ url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs } as object) as unknown as Transport,
      ),
    };
  }
  return holder.__studioSmtp.transport;
}

const RESPONSE_KEPT = 500;

export async function sendEmail(message: ComposedEmail & { to: string; emailId: string }): Promise<SmtpOutcome> {
  const startedAt = new Date();
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  try {
    const info = await (await transport()).sendMail({
      from: emailSender(),
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments,
      // One id per outbox row, the same on every attempt: a receiver can drop the copy an
      // at-least-once resend may produce.
      headers: { "X-Studio-Email-Id": message.emailId },
    });
    const response = (info.response ?? "").slice(0, RESPONSE_KEPT);
    return { outcome: "sent", smtpCode: Number(response.slice(0, 3)) || 250, smtpResponse: response, error: null, latencyMs: latencyMs(), startedAt };
  } catch (caught) {
    const error = caught as Error & { responseCode?: number; response?: string; code?: string };
    const smtpCode = typeof error.responseCode === "number" ? error.responseCode : null;
    return {
      outcome: smtpCode !== null && smtpCode >= 500 ? "failed" : "deferred",
      smtpCode,
      smtpResponse: error.response ? error.response.slice(0, RESPONSE_KEPT) : null,
      error: `${error.code ? `${error.code}: ` : ""}${error.message}`.slice(0, RESPONSE_KEPT),
      latencyMs: latencyMs(),
      startedAt,
    };
  }
}
