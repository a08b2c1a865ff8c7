import { runIngestBench } from './ingest.bench';
import { runRecommendationsBench } from './recommendations.bench';
import { runSearchSuggestionsBench } from './search-suggestions.bench';

type Section = (options: { databaseUrl?: string; log: (message: string) => void }) => Promise<{
  title: string;
  markdown: string;
}>;

/** Discovery numbers: bulk import and harvest rates, suggestion latency, recommendation latency. */
const SECTIONS: readonly Section[] = [runIngestBench, runSearchSuggestionsBench, runRecommendationsBench];

/** Runs each discovery benchmark in turn (each starts and cleans up what it needs) → markdown. */
export async function runDiscoveryBench(log: (message: string) => void): Promise<string> {
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const parts: string[] = [];
  for (const section of SECTIONS) {
    const { title, markdown } = await section({ databaseUrl, log });
    parts.push(`### ${title}\n\n${markdown.trim()}\n`);
  }
  return parts.join('\n');
}
