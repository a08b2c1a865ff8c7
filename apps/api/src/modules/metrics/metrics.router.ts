import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { getSiteMetric, recordPageView } from './metrics.service';

const s = initServer();

export const createMetricsRouter = ({ db, config }: AppContext) =>
  s.router(contract.metrics, {
    track: async ({ body }) => {
      await recordPageView(db, body, { idleDays: config.SESSION_IDLE_DAYS });
      return { status: 202, body: { ok: true } };
    },
    siteMetric: async () => ({ status: 200, body: await getSiteMetric(db) }),
  });
