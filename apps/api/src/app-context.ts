import type { Config } from './config';
import type { Db } from './db/client';

/** What every module needs from the running app; passed to router factories explicitly. */
export interface AppContext {
  db: Db;
  config: Config;
}
