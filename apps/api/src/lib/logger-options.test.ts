import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options';

/** Logs one entry through Fastify with these options and returns what was written. */
async function logged(format: 'pretty' | 'json'): Promise<string> {
  let text = '';
  const destination = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  const app = Fastify({ logger: loggerOptions({ LOG_LEVEL: 'info', LOG_FORMAT: format }, destination) });
  app.log.info({ lines: 25002, strategy: 'in-place' }, 'corpus loaded');
  await app.close();
  return text;
}

describe('loggerOptions', () => {
  it('pretty: one readable line an entry, time and level first, fields on the same line', async () => {
    const lines = (await logged('pretty')).trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: corpus loaded \{"lines":25002,"strategy":"in-place"\}$/);
  });

  it('json: one JSON object a line, for log collectors', async () => {
    const [line] = (await logged('json')).trim().split('\n');
    expect(JSON.parse(line ?? '')).toMatchObject({ level: 30, msg: 'corpus loaded', lines: 25002 });
  });
});
