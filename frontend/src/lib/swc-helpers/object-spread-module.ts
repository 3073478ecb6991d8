/** What `@swc/helpers/esm/_object_spread.js` exports, resolved here by `vite.config.ts` (see object-spread.ts). */
export { objectSpread as _ } from './object-spread.ts';
