import type { AddressInfo } from 'node:net';

import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Every address a mail was sent to. */
export const recipientsOf = (mail: ParsedMail): string[] =>
  (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((to) => to?.value ?? []).map((to) => to.address ?? '');

/**
 * A local SMTP server for the mail tests: it keeps each message parsed (headers included), counts connections, and
 * can be told to refuse senders (451) or to answer slowly.
 */
export async function startSmtpSink() {
  const control = { refuse: false, delayMs: 0 };
  const received: ParsedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onMailFrom(_address, _session, callback) {
      if (control.refuse) return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (control.delayMs) await new Promise((resolve) => setTimeout(resolve, control.delayMs));
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    control,
    received,
    connections: () => connections,
    to: (email: string) => received.filter((mail) => recipientsOf(mail).includes(email)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
