/** What `@swc/helpers/esm/_object_spread_props.js` exports, resolved here by `vite.config.ts` (see object-spread.ts). */
export { objectSpreadProps as _ } from './object-spread.ts';
