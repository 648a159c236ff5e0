import { describe, expect, it } from 'vitest';
import { spreadsheetSafe } from './csv';

describe('a CSV cell', () => {
  it('a text that starts like a formula (= + - @, tab, CR) gets a leading apostrophe', () => {
    for (const text of [
      '=HYPERLINK("http://evil.example/?x","x")',
      '+1',
      '-2+3',
      '@SUM(A1)',
      '\tcmd',
      '\r=1',
    ])
      expect(spreadsheetSafe(text)).toBe(`'${text}`);
  });

  it('numbers, plain negative amounts and other text are written as they are', () => {
    expect(spreadsheetSafe(-5)).toBe('-5');
    expect(spreadsheetSafe(1.5)).toBe('1.5');
    expect(spreadsheetSafe('-100.00')).toBe('-100.00');
    expect(spreadsheetSafe('Order TR-000001: 225/45R17')).toBe('Order TR-000001: 225/45R17');
    expect(spreadsheetSafe(null)).toBe('');
    expect(spreadsheetSafe(undefined)).toBe('');
  });
});
