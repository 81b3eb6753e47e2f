// The headless model of /kyc (spec shell §7): the real-name form, the images uploaded for it and when it may be sent.
// The view (kyc-page.tsx) renders it; tests/src/features/account/kyc-model.test.ts checks it without React.
import type { KycForm } from '../api.ts';

export type ImageKey = 'frontImage' | 'backImage' | 'handImage';

export interface KycState {
  form: KycForm;
  /** Local previews of the uploaded images (object URLs the view made). */
  previews: Partial<Record<ImageKey, string>>;
  /** A submit was refused: the required fields are not all there. */
  error: boolean;
  busy: boolean;
}

export const initialKyc = (): KycState => ({
  form: { realName: '', country: '', idType: 1, idCard: '', frontImage: '', backImage: '', handImage: '' },
  previews: {},
  error: false,
  busy: false,
});

/** An ID number keeps letters, digits and dashes only, as the server accepts. */
export const idCardText = (text: string): string => text.replace(/[^A-Za-z0-9-]/g, '');

export type KycAction =
  | { type: 'field'; key: 'realName' | 'country' | 'idCard'; value: string }
  | { type: 'idType'; value: number }
  | { type: 'image'; key: ImageKey; id: string; preview: string }
  | { type: 'done' };

export function reduceKyc(state: KycState, action: KycAction): KycState {
  switch (action.type) {
    case 'field': {
      const value = action.key === 'idCard' ? idCardText(action.value) : action.value;
      return { ...state, form: { ...state.form, [action.key]: value } };
    }
    case 'idType':
      return { ...state, form: { ...state.form, idType: action.value } };
    case 'image':
      return {
        ...state,
        form: { ...state.form, [action.key]: action.id },
        previews: { ...state.previews, [action.key]: action.preview },
      };
    case 'done':
      return { ...state, busy: false };
  }
}

/** The form may be sent when name, country, number and the front image are there (the server checks the rest). */
export function kycReady(f: KycForm): boolean {
  return !!f.realName.trim() && !!f.country && /^[A-Za-z0-9-]{4,32}$/.test(f.idCard) && !!f.frontImage;
}

/** A submit: the form to send when it is ready, once at a time. */
export function planKyc(state: KycState): { state: KycState; send: KycForm | null } {
  if (state.busy) return { state, send: null };
  if (!kycReady(state.form)) return { state: { ...state, error: true }, send: null };
  return { state: { ...state, error: false, busy: true }, send: state.form };
}
