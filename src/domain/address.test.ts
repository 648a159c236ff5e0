import { describe, expect, it } from 'vitest';
import { checkAddress, normalizeAddress, type ZipBook } from './address';

const book: ZipBook = {
  place: (zip) =>
    ({ '78701': { city: 'Austin', state: 'TX' }, '10001': { city: 'New York', state: 'NY' } })[zip] ?? null,
  zipsOf: (city, state) =>
    city.toUpperCase() === 'AUSTIN' && state === 'TX'
      ? ['78701']
      : city.toUpperCase() === 'DALLAS' && state === 'TX'
        ? ['75201']
        : [],
};

describe('normalizeAddress', () => {
  it('writes suffixes, directions, units, case and ZIP+4 one way', () => {
    expect(
      normalizeAddress({
        address1: '  123 north  congress avenue apartment 4b ',
        city: 'austin',
        state: 'texas',
        zip: '787011234',
      }),
    ).toEqual({
      address1: '123 N Congress Ave Apt 4B',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      zipPlus4: '78701-1234',
    });
    expect(
      normalizeAddress({ address1: '5 Street Road', city: 'X', state: 'tx', zip: '78701' }).address1,
    ).toBe('5 Street Rd');
  });
});

describe('checkAddress', () => {
  const base = { address1: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };
  it('is valid when ZIP, city and state agree', () => {
    expect(checkAddress(base, book).status).toBe('valid');
  });
  it('corrects a misspelt city or a wrong state from the ZIP', () => {
    const city = checkAddress({ ...base, city: 'Austn' }, book);
    expect(city).toMatchObject({ status: 'corrected', corrected: ['city'], suggestion: { city: 'Austin' } });
    const state = checkAddress({ ...base, state: 'OK' }, book);
    expect(state).toMatchObject({ status: 'corrected', corrected: ['state'], suggestion: { state: 'TX' } });
  });
  it('blames the ZIP when city and state agree elsewhere or nothing matches', () => {
    expect(checkAddress({ ...base, city: 'Dallas' }, book)).toMatchObject({
      status: 'invalid',
      field: 'zip',
    });
    expect(checkAddress({ ...base, city: 'Nowhere', state: 'NY' }, book)).toMatchObject({
      status: 'invalid',
      field: 'zip',
    });
    expect(checkAddress({ ...base, zip: '00000' }, book)).toMatchObject({ status: 'invalid', field: 'zip' });
  });
  it('blames the street without a number and a state that is none', () => {
    expect(checkAddress({ ...base, address1: 'Congress Ave' }, book)).toMatchObject({ field: 'address1' });
    expect(checkAddress({ ...base, state: 'Texass' }, book)).toMatchObject({ field: 'state' });
  });
});
