import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { CONSUMER_TTL_MS, ChangeLogConsumers, changeLogHighWater, isPositionAvailable } from './change-log.ts';
import { createTempIndex, type TempIndex } from './testing/temp-index.ts';

let temp: TempIndex;
let clock: number;
let consumers: ChangeLogConsumers;
const logged = () => temp.record.prepare('SELECT seq FROM change_log ORDER BY seq').pluck().all() as number[];

beforeEach(() => {
  temp = createTempIndex('change-log-test');
  clock = Date.parse('2026-01-01T00:00:00Z');
  consumers = new ChangeLogConsumers(temp.record, () => clock);
  for (let i = 0; i < 5; i += 1) insertBusiness(temp.record, buildBusiness());
});

afterEach(() => temp.dispose());

describe('change-log consumers', () => {
  it('prune nothing until someone registers, then only below the lowest position', () => {
    expect(consumers.prune(100)).toBe(0);
    expect(logged()).toEqual([1, 2, 3, 4, 5]);
    consumers.advance('index-a', 4);
    consumers.advance('index-b', 2);
    expect(consumers.prune(100)).toBe(2);
    expect(logged()).toEqual([3, 4, 5]);
  });

  it('only move a registered position forward, unless a rebuild sets it', () => {
    consumers.advance('index-a', 4);
    consumers.advance('index-a', 2);
    expect(consumers.list()).toEqual([{ name: 'index-a', appliedSeq: 4, updatedAt: clock }]);
    consumers.set('index-a', 1);
    expect(consumers.list()[0]?.appliedSeq).toBe(1);
  });

  it('reserve the high-water mark for a rebuild, which holds the log from there', () => {
    consumers.advance('index-a', 5);
    expect(consumers.reserve('rebuild-1')).toBe(5);
    insertBusiness(temp.record, buildBusiness());
    consumers.advance('index-a', 6);
    consumers.prune(100);
    expect(logged()).toEqual([6]);
  });

  it('drop a consumer silent for longer than the time to live, so a dead one cannot hold the log for ever', () => {
    consumers.advance('index-a', 5);
    consumers.set('rebuild-of-a-killed-process', 1);
    expect(consumers.prune(100)).toBe(1);
    clock += CONSUMER_TTL_MS - 1;
    consumers.advance('index-a', 5);
    expect(consumers.prune(100)).toBe(0);
    clock += 2;
    expect(consumers.prune(100)).toBe(4);
    expect(consumers.list().map((consumer) => consumer.name)).toEqual(['index-a']);
  });

  it('prune a long log a bounded batch at a time', () => {
    consumers.advance('index-a', 5);
    expect(consumers.prune(2)).toBe(2);
    expect(consumers.prune(2)).toBe(2);
    expect(consumers.prune(2)).toBe(1);
    expect(logged()).toEqual([]);
  });

  it('tell whether every change after a position is still there, after pruning everything', () => {
    consumers.advance('index-a', 5);
    consumers.prune(100);
    expect(changeLogHighWater(temp.record)).toBe(5);
    expect(isPositionAvailable(temp.record, 5)).toBe(true);
    expect(isPositionAvailable(temp.record, 3)).toBe(false);
    insertBusiness(temp.record, buildBusiness());
    expect(isPositionAvailable(temp.record, 5)).toBe(true);
    expect(isPositionAvailable(temp.record, 4)).toBe(false);
  });
});
