/**
 * `npm run samples -- --rows N --tool outscraper|apify|gosom|template --format xlsx|csv --out FILE`:
 * writes a Google Maps export with the messy cases real files hold (see samples/generate-sample.ts).
 */
import { parseArgs } from 'node:util';
import { SAMPLE_TOOLS, writeSample, type SampleTool } from './samples/generate-sample.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000' },
    tool: { type: 'string', default: 'outscraper' },
    format: { type: 'string', default: 'xlsx' },
    out: { type: 'string' },
  },
});
const rows = Number(values.rows);
const tool = values.tool as SampleTool;
const format = values.format;
if (!Number.isInteger(rows) || rows < 0 || !SAMPLE_TOOLS.includes(tool) || (format !== 'xlsx' && format !== 'csv') || !values.out) {
  process.stderr.write(`Usage: npm run samples -- --rows N --tool ${SAMPLE_TOOLS.join('|')} --format xlsx|csv --out FILE\n`);
  process.exit(2);
}
const summary = await writeSample({ rows, tool, format, out: values.out });
process.stdout.write(`${JSON.stringify(summary)}\n`);
