import { demoBusinessAt } from '@directory/data/demo/generate.ts';
import { prepareBusiness, type PreparedBusiness } from './business-writer.ts';

/** Demo businesses `from` to `to` - 1, ready to write: the same whichever thread makes them. */
export function preparedDemoBusinesses(from: number, to: number): PreparedBusiness[] {
  const businesses: PreparedBusiness[] = [];
  for (let index = from; index < to; index += 1) businesses.push(prepareBusiness(demoBusinessAt(index)));
  return businesses;
}
