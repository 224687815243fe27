import { describe, expect, it } from 'vitest';
import { formatPence, penceToPounds, poundsToPence } from './money';

describe('money', () => {
  it('turns pounds text into whole pence without float drift', () => {
    expect(poundsToPence('7.99')).toBe(799);
    expect(poundsToPence('0.1')).toBe(10);
    expect(poundsToPence(1.15)).toBe(115);
    expect(poundsToPence('12')).toBe(1200);
  });
  it('refuses amounts with more than two decimals or signs', () => {
    expect(poundsToPence('7.999')).toBeNull();
    expect(poundsToPence('-1')).toBeNull();
    expect(poundsToPence('abc')).toBeNull();
  });
  it('shows pence as pounds', () => {
    expect(penceToPounds(799)).toBe(7.99);
    expect(formatPence(383)).toBe('£3.83');
  });
});
