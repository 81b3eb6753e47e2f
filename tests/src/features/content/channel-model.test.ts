import { describe, expect, it } from 'vitest';
import { ApiCode } from '../../../../common/api.ts';
import { initialChannel, planCheck, reduceChannel } from '../../../../src/features/content/support/channel-model.ts';

describe('official channel check model (/support-center/channel-verification)', () => {
  const typed = reduceChannel(initialChannel(), { type: 'value', value: '  t.me/tickstream ' });

  it('wants something to check, and sends it trimmed once', () => {
    expect(planCheck(initialChannel())).toMatchObject({ send: null, state: { error: 'empty' } });
    const plan = planCheck(typed);
    expect(plan).toMatchObject({ send: 't.me/tickstream', state: { busy: true, verdict: null } });
    expect(planCheck(plan.state).send).toBeNull();
  });

  it('shows the verdict, or why the server refused', () => {
    const busy = planCheck(typed).state;
    const verdict = { value: 't.me/tickstream', official: true, matches: [] };
    const answer = { type: 'answer' as const, message: 'nope' };
    expect(reduceChannel(busy, { ...answer, ok: true, code: ApiCode.ok, data: verdict })).toMatchObject({
      busy: false,
      error: null,
      verdict,
    });
    expect(reduceChannel(busy, { ...answer, ok: false, code: ApiCode.badRequest, data: null }).error).toBe('invalid');
    expect(reduceChannel(busy, { ...answer, ok: false, code: ApiCode.internal, data: null }).error).toEqual({
      message: 'nope',
    });
  });
});
