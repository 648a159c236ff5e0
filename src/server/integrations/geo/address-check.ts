import type { AddressField, AddressInput } from '../../../domain/address';
import { badRequest } from '../../http/errors';
import { checkUsAddress } from './zip-geo';

/**
 * An address by the rule of `POST /shipping/validate-address` (docs/logistics.md): normalized,
 * a correction taken, 400 on the field at fault when invalid. `pointerOf` names the field of the
 * request body that holds each part of the address.
 */
export function checkedAddress(address: AddressInput, pointerOf: (field: AddressField) => string) {
  const verdict = checkUsAddress(address);
  if (verdict.status === 'invalid') {
    throw badRequest(`The address is not valid: ${verdict.field} ${verdict.detail}`, [
      { pointer: pointerOf(verdict.field), detail: verdict.detail },
    ]);
  }
  const {
    zipPlus4: _plus4,
    name: _name,
    ...checked
  } = verdict.status === 'corrected' ? verdict.suggestion : verdict.address;
  return checked;
}

/** An address the shop ships to (`pointer` is the body's address object), by the same rule. */
export function deliverableAddress<A extends AddressInput & { name: string }>(address: A, pointer: string) {
  const { address2, ...checked } = checkedAddress(address, (field) => `${pointer}/${field}`);
  return { ...address, ...checked, ...(address2 ? { address2 } : {}), name: address.name };
}
