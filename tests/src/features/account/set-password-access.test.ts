import { describe, expect, it } from 'vitest';
import { setPasswordAccess } from '../../../../src/features/account/set-password/set-password-model.ts';

/** spec shell §2: /personal/setPassword needs the verification screen's ticket or a session (issue 19 item 11). */
describe('who may open /personal/setPassword', () => {
  const here = '/personal/setPassword?fromType=1';

  it('the ticket of the same purpose shows the form, with or without a session', () => {
    expect(setPasswordAccess({ purpose: 'register' }, 'register', false, here)).toEqual({ kind: 'form' });
    expect(setPasswordAccess({ purpose: 'reset' }, 'reset', true, here)).toEqual({ kind: 'form' });
  });

  it('without a ticket a signed-in user changes the password on /password', () => {
    expect(setPasswordAccess(null, 'register', true, here)).toEqual({ kind: 'redirect', to: '/password' });
  });

  it('anyone else goes to login and comes back here (fromUrl)', () => {
    expect(setPasswordAccess(null, 'register', false, here)).toEqual({
      kind: 'redirect',
      to: '/login?fromUrl=%2Fpersonal%2FsetPassword%3FfromType%3D1',
    });
  });

  it('a ticket of the other purpose opens nothing', () => {
    expect(setPasswordAccess({ purpose: 'reset' }, 'register', false, here).kind).toBe('redirect');
  });
});
