import { c } from './common';

/** The Paper Monitor and the Daily Feed (issue 4; extensions: the spec shows these pages, not their calls). */
export const feedContract = c.router({});
