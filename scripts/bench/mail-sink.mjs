import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server for the benches: it answers at once (no reverse DNS of each connection, which would time the
 * sink, not the server) and hands each raw message, with the time it arrived, to `onMail`.
 */
export async function startMailSink(onMail) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk.toString('latin1')));
      stream.on('end', () => {
        onMail(raw, Date.now());
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}
