// A local SMTP server for the Playwright flows: the API mails through it, and the tests read what it
// received as JSON over HTTP (GET /mails?to=<address>). Nothing leaves the machine.
// Usage: node smtp-sink.mjs <smtp port> <http port>
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !httpPort) {
  console.error('usage: node smtp-sink.mjs <smtp port> <http port>');
  process.exit(2);
}

const mails = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((list) =>
          list.value.map((address) => address.address ?? ''),
        );
        const headers = Object.fromEntries(
          mail.headerLines.map((line) => [line.key, line.line.slice(line.line.indexOf(':') + 1).trim()]),
        );
        mails.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '', headers });
        callback();
      })
      .catch(callback);
  },
});

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') {
    response.end('ok');
    return;
  }
  if (url.pathname === '/mails') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? mails.filter((mail) => mail.to.includes(to)) : mails;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(found));
    return;
  }
  response.statusCode = 404;
  response.end('not found');
});

smtp.listen(smtpPort, '127.0.0.1', () => {
  server.listen(httpPort, '127.0.0.1', () => console.log(`smtp sink: SMTP ${smtpPort}, HTTP ${httpPort}`));
});

const stop = () => {
  server.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
