// The address check of an installer location: the ZIP must be a US ZIP, and the city and state
// the ones of that ZIP in the offline ZIP data (docs/installer.md). Case and spacing are tidied.
import type { InstallerLocationInput } from '../../../contract/installer';
import { badRequest } from '../../http/errors';
import { placeOfZip } from '../shipping/shipping.service';

const tidy = (s: string) => s.trim().replace(/\s+/g, ' ');
const sameName = (a: string, b: string) => tidy(a).toLowerCase() === tidy(b).toLowerCase();

type Address = Pick<
  InstallerLocationInput,
  'locationAddress' | 'locationCity' | 'locationState' | 'locationZip'
>;

/** The address with the ZIP's own spelling of city and state; a 400 naming the field at fault. */
export function checkedInstallerAddress<A extends Address>(input: A): A {
  const zip = input.locationZip.trim().slice(0, 5);
  let place: ReturnType<typeof placeOfZip>;
  try {
    place = placeOfZip(zip);
  } catch {
    throw badRequest('Unknown ZIP code', [{ pointer: '/body/locationZip', detail: 'is not a US ZIP code' }]);
  }
  if (!sameName(input.locationState, place.state))
    throw badRequest('The ZIP code is in another state', [
      {
        pointer: '/body/locationState',
        detail: `ZIP ${zip} is in ${place.state}, not ${input.locationState.toUpperCase()}`,
      },
    ]);
  if (!sameName(input.locationCity, place.city))
    throw badRequest('The ZIP code is in another city', [
      { pointer: '/body/locationCity', detail: `ZIP ${zip} is ${place.city}, ${place.state}` },
    ]);
  return {
    ...input,
    locationAddress: tidy(input.locationAddress),
    locationCity: place.city,
    locationState: place.state,
    locationZip: input.locationZip.trim(),
  };
}
