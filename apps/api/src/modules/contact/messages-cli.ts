import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { runCommand, UsageError } from '../../lib/command-line';
import { presentStoredMessage } from './contact.presenter';
import { selectLatestMessages } from './contact.repo';
import { formatStoredMessages } from './messages-format';

const USAGE = `usage: pnpm --filter @paperbench/api run messages [--limit N] [--before ID] [--json]
  Lists stored contact-form messages, newest first (docs/security.md#mail). On the embedded database, stop
  the server first (or read them over HTTP: GET /api/operator/messages with OPERATOR_TOKEN).`;

async function main(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      limit: { type: 'string' },
      before: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return console.log(USAGE);
  const limit = Number(values.limit ?? 20);
  const before = values.before === undefined ? undefined : Number(values.before);
  if (!Number.isInteger(limit) || limit < 1 || (before !== undefined && !Number.isInteger(before))) {
    throw new UsageError('--limit and --before take whole numbers');
  }
  const config = loadConfig();
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, role: 'pnpm run messages' });
  try {
    await database.withStartupLock(() => database.migrate());
    const messages = (await selectLatestMessages(database.db, { limit, before })).map(presentStoredMessage);
    console.log(values.json ? JSON.stringify(messages, null, 2) : formatStoredMessages(messages));
  } finally {
    await database.close();
  }
}

runCommand(main, USAGE);
