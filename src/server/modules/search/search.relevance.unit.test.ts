import { describe, expect, it } from 'vitest';
import { relevanceCases } from '../../../domain/search-query.cases';
import { interpretQuery } from '../../../domain/search-query';
import { demoVocabulary, expectReading, readingAsCase } from './search.relevance.helpers';

describe('the relevance suite, read by the interpreter', () => {
  it('holds at least 150 cases, every row of the issue among them', () => {
    expect(relevanceCases.length).toBeGreaterThanOrEqual(150);
    const queries = relevanceCases.map((c) => c.query);
    for (const q of ['225', '225/45', '22545', '225 45', 'P225', 'michelin 225', '265 70 17 e'])
      expect(queries).toContain(q);
    expect(queries).toContain('all season 225/45r17');
    expect(queries).toContain('winter 205/55r16');
    expect(queries).toContain('run flat');
    expect(relevanceCases.some((c) => c.finds === 'none')).toBe(true);
  });

  for (const c of relevanceCases) {
    it(`reads “${c.query}”`, () => {
      expectReading(c.query, readingAsCase(interpretQuery(c.query, demoVocabulary), demoVocabulary), c.reads);
    });
  }
});
