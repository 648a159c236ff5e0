import type { Role } from '../../domain/roles';

/** The signed-in caller of a request, resolved once from its session cookie or bearer token. */
export interface Actor {
  userId: number;
  username: string;
  companyId: number;
  role: Role;
  /** The current location (null only for a user without any location, e.g. some staff). */
  locationId: number | null;
  /** locationSupplierId of the current location: the supplier company this user works for. */
  supplierId: number;
  /** locationInstaller of the current location. */
  installer: number;
  /** Effective price group: the session's override, else the location's. */
  priceGroupId: number | null;
  via: 'session' | 'token';
  /** Hash of the session id when signed in through a cookie. */
  sessionIdHash: string | null;
}
