import type { Config } from './config';
import type { Db } from './db/client';
import { createMailer, type Mailer } from './mail/mailer';
import { createTextExtractionQueue, type TextExtractionQueue } from './modules/uploads/text-extraction.queue';
import type { FileStorage } from './storage/file-storage';
import { LocalFileStorage } from './storage/local-file-storage';

/** What every module needs from the running app; passed to router factories explicitly. */
export interface AppContext {
  db: Db;
  config: Config;
  /** Uploaded and cached PDFs (issue 3). */
  storage: FileStorage;
  /** PDF text extraction after upload, off the request path. */
  textExtraction: TextExtractionQueue;
  /** SMTP mail (issue 4): confirmations, digests, contact; disabled when SMTP_HOST is unset. */
  mailer: Mailer;
}

/** The context of one server process: the local file storage of STORAGE_DIR and its extraction queue. */
export function createAppContext({ db, config }: Pick<AppContext, 'db' | 'config'>): AppContext {
  const storage = new LocalFileStorage(config.STORAGE_DIR);
  return {
    db,
    config,
    storage,
    textExtraction: createTextExtractionQueue(db, storage),
    mailer: createMailer(config),
  };
}
