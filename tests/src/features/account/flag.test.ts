import { describe, expect, it } from 'vitest';
import { sendTargetOf } from '../../../../src/features/account/form/account-model.ts';
import { flagUrl } from '../../../../src/features/account/form/flag.tsx';

describe('country flags (images from flag-icons, not emoji)', () => {
  it('has an SVG URL for every country of the server list, whatever the case', async () => {
    const { COUNTRIES } = await import('../../../../server/account/countries.ts');
    for (const [two] of COUNTRIES)
      expect(flagUrl(two), two).toMatch(new RegExp(`${two.toLowerCase()}[^/]*\\.svg`, 'i'));
    expect(flagUrl('vn')).toBe(flagUrl('VN'));
  });
  it('answers null (the neutral box) for a code without a flag or a malformed one', () => {
    for (const code of [undefined, '', 'ZZ', 'V', 'VNM', '../vn', 'v/']) expect(flagUrl(code), String(code)).toBeNull();
  });
});

describe('register and forget submit (one shared helper)', () => {
  const base = { areaCode: '84', country: 'VN', phone: '912345678', email: 'a@example.com' };
  it('sends to the chosen channel only, with the trimmed referral', () => {
    expect(sendTargetOf({ ...base, mode: 'phone' }, ' AB12 ')).toEqual({
      country: 'VN',
      areaCode: '84',
      tel: '912345678',
      mail: '',
      referral: 'AB12',
    });
    expect(sendTargetOf({ ...base, mode: 'email' })).toMatchObject({ tel: '', mail: 'a@example.com', referral: '' });
  });
});
