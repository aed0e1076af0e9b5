// A real SMTP server on 127.0.0.1 for the e-mail tests (the smtp-server package), with mailparser
// to read each message as a mail client would. The test's policy may refuse a message with an SMTP
// code (451: try later; 550: never) instead of accepting it.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type Delivered = { to: string[]; from: string; mail: ParsedMail };
export type Refusal = { code: number; message: string } | null;

export type SmtpReceiver = {
  url: string;
  delivered: Delivered[];
  /** Every message the server was handed, refused or not, in arrival order. */
  offered: number;
  waitFor(predicate: (delivered: Delivered[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

export async function startSmtpReceiver(policy: (offeredSoFar: number) => Refusal = () => null): Promise<SmtpReceiver> {
  const delivered: Delivered[] = [];
  const receiver = { offered: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        receiver.offered += 1;
        const refusal = policy(receiver.offered);
        if (refusal) {
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            delivered.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", mail });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    get offered() {
      return receiver.offered;
    },
    async waitFor(predicate, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (!predicate(delivered)) {
        if (Date.now() > until) throw new Error(`SMTP receiver: condition not met within ${timeoutMs} ms (${delivered.length} delivered, ${receiver.offered} offered)`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
