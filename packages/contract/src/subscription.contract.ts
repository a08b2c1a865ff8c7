import { c } from './common';

/** Email digest subscription with double opt-in (issue 4; extensions: the spec shows the page, not its calls). */
export const subscriptionContract = c.router({});
