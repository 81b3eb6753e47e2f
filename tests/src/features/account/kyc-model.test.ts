import { describe, expect, it } from 'vitest';
import {
  initialKyc,
  type KycAction,
  type KycState,
  planKyc,
  reduceKyc,
} from '../../../../src/features/account/kyc/kyc-model.ts';

const run = (...actions: KycAction[]): KycState => actions.reduce(reduceKyc, initialKyc());

describe('KYC form model (/kyc, spec shell §7)', () => {
  it('keeps letters, digits and dashes of the ID number, and the id and preview of each image', () => {
    const s = run(
      { type: 'field', key: 'idCard', value: 'AB 12_34-x' },
      { type: 'idType', value: 2 },
      { type: 'image', key: 'backImage', id: 'img-7', preview: 'blob:7' },
    );
    expect(s.form).toMatchObject({ idCard: 'AB1234-x', idType: 2, backImage: 'img-7' });
    expect(s.previews).toEqual({ backImage: 'blob:7' });
  });

  it('refuses a submit until name, country, number and front image are there', () => {
    const partial = run(
      { type: 'field', key: 'realName', value: 'A B' },
      { type: 'field', key: 'country', value: 'VN' },
    );
    expect(planKyc(partial)).toMatchObject({ send: null, state: { error: true } });
    const ready = reduceKyc(reduceKyc(partial, { type: 'field', key: 'idCard', value: 'AB1234' }), {
      type: 'image',
      key: 'frontImage',
      id: 'f1',
      preview: 'blob:1',
    });
    const plan = planKyc({ ...ready, error: true });
    expect(plan.send).toMatchObject({ realName: 'A B', country: 'VN', idCard: 'AB1234', frontImage: 'f1' });
    expect(plan.state).toMatchObject({ error: false, busy: true });
  });

  it('sends once at a time, and again after the answer', () => {
    const ready = run(
      { type: 'field', key: 'realName', value: 'A B' },
      { type: 'field', key: 'country', value: 'VN' },
      { type: 'field', key: 'idCard', value: 'AB1234' },
      { type: 'image', key: 'frontImage', id: 'f1', preview: 'blob:1' },
    );
    const sent = planKyc(ready).state;
    expect(planKyc(sent).send).toBeNull();
    expect(planKyc(reduceKyc(sent, { type: 'done' })).send).not.toBeNull();
  });
});
