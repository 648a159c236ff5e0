import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('breached and common password check', () => {
  it('refuses listed passwords, listed words dressed up with digits, symbols and swaps, and patterns', () => {
    for (const p of [
      'password',
      'Password123!',
      'P@ssw0rd',
      'Dr@gon2024',
      '2024letmein',
      'Summer2024',
      'qwertyuiop',
      '1q2w3e4r5t',
      '12345678',
      '19871231',
      'aaaaaaaa',
      'abcabcabc',
      '12121212',
      'demo1234',
    ])
      expect(isCommonPassword(p), p).toBe(true);
  });

  it('accepts passwords that are not on the list', () => {
    for (const p of [
      'factory-pass-1',
      'correct horse battery',
      'kP9#mz2Lq',
      'Tr3ad-Shop-2026!x',
      '123456789012',
    ])
      expect(isCommonPassword(p), p).toBe(false);
  });
});
