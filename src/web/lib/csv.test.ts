import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('CSV exports', () => {
  it('a cell starting like a formula is exported as text, numbers stay numbers', () => {
    const csv = toCsv(
      ['name', 'n'],
      [
        ['=HYPERLINK("http://evil/?x","x")', -5],
        ['+1', 3],
        ['@SUM(A1)', 0],
        ['-2+3', 1],
        ['\tcmd', 2],
        ['plain', 1.5],
      ],
    );
    const lines = csv.split('\r\n');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil/?x"",""x"")",-5`);
    expect(lines[2]).toBe(`'+1,3`);
    expect(lines[3]).toBe(`'@SUM(A1),0`);
    expect(lines[4]).toBe(`'-2+3,1`);
    expect(lines[5]).toBe(`'\tcmd,2`);
    expect(lines[6]).toBe('plain,1.5');
  });
});
