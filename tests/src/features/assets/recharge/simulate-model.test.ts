import { describe, expect, it } from 'vitest';
import {
  initialSimulate,
  planSimulate,
  reduceSimulate,
} from '../../../../../src/features/assets/recharge/simulate-model.ts';

describe('simulated deposit model (non-production /recharge)', () => {
  it('starts at the network minimum and follows a change of network', () => {
    const s = initialSimulate('0.001');
    expect(s.amount).toBe('0.001');
    expect(reduceSimulate(s, { type: 'network', depositMin: '5' }).amount).toBe('5');
  });

  it('keeps what a number field takes, at the coin’s decimals', () => {
    expect(reduceSimulate(initialSimulate('1'), { type: 'amount', text: '1.23456', decimals: 2 }).amount).toBe('1.23');
  });

  it('refuses a non-positive amount and sends a good one once', () => {
    expect(planSimulate(initialSimulate('0'), 8)).toMatchObject({ invalid: true, send: null });
    const plan = planSimulate(initialSimulate('0.5'), 8);
    expect(plan).toMatchObject({ invalid: false, send: '0.5', state: { busy: true } });
    expect(planSimulate(plan.state, 8)).toMatchObject({ invalid: false, send: null });
    expect(planSimulate(reduceSimulate(plan.state, { type: 'done' }), 8).send).toBe('0.5');
  });
});
