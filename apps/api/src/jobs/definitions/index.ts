import type { JobDefinition } from '../job-definition';

/** Every scheduled job the API processes run. */
export const jobDefinitions: readonly JobDefinition[] = [];
