import { describe, expect, it } from 'vitest';
import { compareFigures, RECORD_COMMAND } from './baseline.ts';

describe('compareFigures', () => {
  it('fails a figure below the recorded one, naming the query and both figures', () => {
    expect(compareFigures('synonym-vet', { recall: 0.9474 }, { recall: 0.8 })).toEqual({ failures: ['synonym-vet: recall fell from 0.9474 to 0.8'], rises: [] });
  });

  it('passes a figure above the recorded one and reports the rise', () => {
    expect(compareFigures('ranking-bar', { recall: 1, ndcg: 0.98 }, { recall: 1, ndcg: 0.99 })).toEqual({ failures: [], rises: ['ranking-bar: ndcg rose from 0.98 to 0.99'] });
  });

  it('compares at four decimals, so float noise neither fails nor rises', () => {
    expect(compareFigures('synonym-vet', { recall: 0.9474 }, { recall: 18 / 19 })).toEqual({ failures: [], rises: [] });
  });

  it('fails a query with no entry, saying how to record it', () => {
    expect(compareFigures('new-query', undefined, { recall: 1 }).failures).toEqual([`new-query has no baseline entry: record it with ${RECORD_COMMAND}`]);
  });

  it('fails a figure measured but not recorded, and one recorded but no longer measured', () => {
    expect(compareFigures('ranking-bar', { recall: 1 }, { recall: 1, ndcg: 1 }).failures).toEqual([`ranking-bar: ndcg is measured but not recorded; record it with ${RECORD_COMMAND}`]);
    expect(compareFigures('ranking-bar', { recall: 1, ndcg: 1 }, { recall: 1 }).failures).toEqual([`ranking-bar: ndcg is no longer measured; record it with ${RECORD_COMMAND}`]);
  });
});
