import { packagePlans } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { durationLabel, planPerks } from './plan-card';

describe('a plan card', () => {
  it('writes the perks the API lists, from the plan numbers', () => {
    for (const plan of packagePlans) expect(planPerks(plan)).toEqual(plan.perks);
  });

  it('says how long a plan lasts', () => {
    expect(durationLabel(30)).toBe('30 days');
    expect(durationLabel(1)).toBe('1 day');
    expect(durationLabel(365)).toBe('1 year');
  });
});
