import { describe, expect, it } from 'vitest';
import { pieceLeft, positionRatio, SLIDER_START } from '../../../../src/features/account/captcha/slider-math.ts';
import { afterLoginPath } from '../../../../src/features/account/login/redirect.ts';
import { purposeOfFromType } from '../../../../src/features/account/registration-cache.ts';

describe('after login (spec shell §2 /login ?from= ?fromUrl=)', () => {
  it('goes to fromUrl, else from, else home', () => {
    expect(afterLoginPath('?fromUrl=/property&from=/member')).toBe('/property');
    expect(afterLoginPath('?from=/member')).toBe('/member');
    expect(afterLoginPath('?showLoginTip=1')).toBe('/');
  });
  it('never leaves the site or returns to /login', () => {
    expect(afterLoginPath('?fromUrl=https://evil.example/')).toBe('/');
    expect(afterLoginPath('?fromUrl=//evil.example/')).toBe('/');
    expect(afterLoginPath('?fromUrl=/login?x=1')).toBe('/');
  });
});

describe('set-password purpose (spec shell §2: fromType 1 registration, other reset)', () => {
  it('reads fromType', () => {
    expect(purposeOfFromType('1')).toBe('register');
    expect(purposeOfFromType(null)).toBe('register');
    expect(purposeOfFromType('2')).toBe('reset');
  });
});

describe('slider (spec shell §9: 300 px, starts at 25 px; release submits a ratio)', () => {
  it('moves the piece from 25 px and keeps it inside', () => {
    expect(pieceLeft(0, 50)).toBe(SLIDER_START);
    expect(pieceLeft(100, 50)).toBe(125);
    expect(pieceLeft(-100, 50)).toBe(0);
    expect(pieceLeft(1000, 50)).toBe(250);
  });
  it('turns the position into a ratio of the width', () => {
    expect(positionRatio(150)).toBe(0.5);
    expect(positionRatio(0)).toBe(0);
  });
});

describe('security level and the KYC form', async () => {
  const { securityLevel } = await import('../../../../src/features/account/member/member-page.tsx');
  const { kycReady } = await import('../../../../src/features/account/kyc/kyc-model.ts');
  it('counts the factors in place', () => {
    expect(securityLevel({ emailVerified: 1, phoneVerified: 0, googleStatus: 1, tradePasswordStatus: 0 })).toBe(2);
  });
  it('needs name, country, a document number and the front image', () => {
    const form = {
      realName: 'A B',
      country: 'VN',
      idType: 1,
      idCard: 'AB1234',
      frontImage: 'x',
      backImage: '',
      handImage: '',
    };
    expect(kycReady(form)).toBe(true);
    expect(kycReady({ ...form, frontImage: '' })).toBe(false);
    expect(kycReady({ ...form, idCard: 'a b' })).toBe(false);
    expect(kycReady({ ...form, realName: ' ' })).toBe(false);
  });
});
