import { describe, expect, it } from 'vitest';
import { maskName } from '../../../server/assets/internal-transfer.ts';

/** member-exist answers a masked name, never the whole of it (spec shell §7 internal transfer). */
describe('masked member names', () => {
  it.each([
    ['demo', 'd***o'],
    ['bob', 'b***b'],
    ['al', 'a*'],
    ['x', 'x*'],
    ['alice@example.com', 'al***@example.com'],
    ['+84-912345678', '+84****678'],
    ['longusername', 'lon****ame'],
  ])('shows %s as %s', (name, masked) => {
    expect(maskName(name)).toBe(masked);
    expect(maskName(name)).not.toBe(name);
  });
});
