// A real SMTP server for the browser tests and `npm run cluster` without SMTP_URL: it accepts every message the app sends and lists them over HTTP
// (GET /messages?to=EMAIL → [{ to, subject, text, date }], newest last), so tests read codes from real mail.
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 3211);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((address) => address?.value ?? []).map((entry) => entry.address.toLowerCase());
        messages.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '', date: new Date().toISOString() });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://localhost:${httpPort}`);
    if (url.pathname === '/health') {
      response.end('ok');
      return;
    }
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(to ? messages.filter((message) => message.to.includes(to)) : messages));
      return;
    }
    response.statusCode = 404;
    response.end();
  })
  .listen(httpPort, '127.0.0.1');

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
