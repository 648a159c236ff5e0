import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/connection';
import { multipart } from './admin-client';
import { createCompany, createLocation, createUser, FACTORY_PASSWORD } from './factories';
import { signIn, unique } from './test-app';

/**
 * Vehicles of a make of their own in the vehicle data (imported as the back office does): a van
 * with one square fitment and a coupe with a staggered one (front and rear sizes differ).
 */
export async function fleetVehicles(app: FastifyInstance) {
  const make = unique('Fleetmake').replace(/-/g, ' ');
  const csv = [
    'year,make,model,option,front,rear,load,speed',
    `2022,${make},Van,Cargo,235/65R16,,115,R`,
    `2022,${make},Van,Cargo,245/60R17,,112,T`,
    `2023,${make},Coupe,GT,245/40ZR18 97Y,275/35ZR18 99Y,,`,
  ].join('\n');
  const cookie = await signIn(app, 'admin');
  const { payload, headers } = multipart('file', 'vehicles.csv', csv);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/vehicle/import',
    headers: { ...headers, cookie },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`vehicles not imported: ${res.body}`);
  return {
    make,
    van: { year: 2022, make, model: 'Van', option: 'Cargo' },
    coupe: { year: 2023, make, model: 'Coupe', option: 'GT' },
  };
}

/**
 * A fleet company with two locations: its admin may use both, its clerk (a buyer) only the
 * first; both signed in, at the first location.
 */
export async function fleetCompany(app: FastifyInstance, db: DbOrTx) {
  const company = await createCompany(db, { name: unique('Fleet Co') });
  const yard = await createLocation(db, company.id, { zip: '78701', name: unique('Yard') });
  const depot = await createLocation(db, company.id, { zip: '80202', name: unique('Depot') });
  const admin = await createUser(db, {
    role: 'company_admin',
    companyId: company.id,
    locationIds: [yard.id, depot.id],
  });
  const clerk = await createUser(db, { role: 'buyer', companyId: company.id, locationIds: [yard.id] });
  return {
    company,
    yard,
    depot,
    admin: await signIn(app, admin.username, FACTORY_PASSWORD),
    clerk: await signIn(app, clerk.username, FACTORY_PASSWORD),
  };
}
