import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ChangeEvent, KeyboardEvent, ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { NumberInput, type NumberInputProps } from '../../../src/ui/number-input.tsx';

type InputProps = {
  inputMode: string;
  value: string;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
};

/** The <input> the component renders, with a recorder of what it reports. */
function render(props: Omit<NumberInputProps, 'onValueChange'>) {
  const seen: string[] = [];
  const element = NumberInput({ ...props, onValueChange: (text) => seen.push(text) }) as ReactElement<InputProps>;
  return { input: element.props, seen };
}

/** A keydown on a field holding `value` with `selected` characters selected from `start`. */
function keydown(
  key: string,
  value: string,
  mods: { ctrlKey?: boolean; metaKey?: boolean } = {},
  start = 0,
  selected = 0,
) {
  let prevented = false;
  const event = {
    key,
    ctrlKey: mods.ctrlKey ?? false,
    metaKey: mods.metaKey ?? false,
    currentTarget: { value, selectionStart: start, selectionEnd: start + selected },
    preventDefault: () => {
      prevented = true;
    },
  } as unknown as KeyboardEvent<HTMLInputElement>;
  return { event, prevented: () => prevented };
}

function typed(input: InputProps, text: string): void {
  input.onChange({ target: { value: text } } as ChangeEvent<HTMLInputElement>);
}

describe('NumberInput: the number directive on a field (spec trading §5)', () => {
  it('cleans what is typed or pasted: commas stripped, one dot, default 10 decimals', () => {
    const { input, seen } = render({ value: '' });
    typed(input, '1,234a.5.6');
    typed(input, '0.123456789012345');
    expect(seen).toEqual(['1234.56', '0.1234567890']);
  });

  it('keeps the configured decimals and caps at max', () => {
    const { input, seen } = render({ value: '', decimals: 0, max: 125 });
    typed(input, '12.7');
    typed(input, '900');
    expect(seen).toEqual(['12', '125']);
    expect(input.inputMode).toBe('numeric');
  });

  it('a minus only with the negative modifier', () => {
    const plain = render({ value: '' });
    typed(plain.input, '-3');
    const signed = render({ value: '', negative: true });
    typed(signed.input, '-3');
    expect([...plain.seen, ...signed.seen]).toEqual(['3', '-3']);
  });

  it('refuses letters and a second dot as they are typed; Ctrl/Cmd with a, c, v, x pass', () => {
    const { input } = render({ value: '1.5' });
    for (const [key, value, prevented] of [
      ['e', '1.5', true],
      ['.', '1.5', true],
      ['7', '1.5', false],
      ['Backspace', '1.5', false],
    ] as const) {
      const k = keydown(key, value, {}, 3);
      input.onKeyDown(k.event);
      expect(k.prevented(), key).toBe(prevented);
    }
    for (const key of ['a', 'c', 'v', 'x']) {
      const k = keydown(key, '1.5', { metaKey: true });
      input.onKeyDown(k.event);
      expect(k.prevented()).toBe(false);
    }
    const z = keydown('z', '1.5', { ctrlKey: true });
    input.onKeyDown(z.event);
    expect(z.prevented()).toBe(true);
  });

  it('a dot may replace a selected dot; composition keys of mobile keyboards pass', () => {
    const { input } = render({ value: '1.5' });
    const overDot = keydown('.', '1.5', {}, 1, 1);
    input.onKeyDown(overDot.event);
    expect(overDot.prevented()).toBe(false);
    const android = keydown('Unidentified', '1.5', {}, 3);
    input.onKeyDown(android.event);
    expect(android.prevented()).toBe(false);
  });
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.tsx') ? [path] : [];
  });
}

describe('every numeric field of the product uses it (issue 19 item 14)', () => {
  it('no feature renders a decimal <input> of its own', () => {
    const own = sources('src/features').filter((path) =>
      /<input\b[^>]*inputMode=(?:"decimal"|\{[^}]*'decimal')/s.test(readFileSync(path, 'utf8')),
    );
    expect(own).toEqual([]);
  });
});
