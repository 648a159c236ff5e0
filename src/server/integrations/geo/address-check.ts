import type { AddressInput } from '../../../domain/address';
import { badRequest } from '../../http/errors';
import { checkUsAddress } from './zip-geo';

/**
 * An address the shop ships to, by the rule of `POST /shipping/validate-address`
 * (docs/logistics.md): normalized, a correction taken, 400 on the field at fault when invalid.
 */
export function deliverableAddress<A extends AddressInput & { name: string }>(address: A, pointer: string) {
  const verdict = checkUsAddress(address);
  if (verdict.status === 'invalid') {
    throw badRequest(`The address is not valid: ${verdict.field} ${verdict.detail}`, [
      { pointer: `${pointer}/${verdict.field}`, detail: verdict.detail },
    ]);
  }
  const {
    zipPlus4: _plus4,
    name: _name,
    address2,
    ...checked
  } = verdict.status === 'corrected' ? verdict.suggestion : verdict.address;
  return { ...address, ...checked, ...(address2 ? { address2 } : {}), name: address.name };
}
