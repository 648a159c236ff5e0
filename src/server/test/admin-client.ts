import type { FastifyInstance } from 'fastify';
import { signIn } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A signed-in caller for API tests: `await as.admin('POST', '/api/v1/group', body)`. */
export async function caller(app: FastifyInstance, username: string) {
  const cookie = await signIn(app, username);
  return (method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
}
export type Caller = Awaited<ReturnType<typeof caller>>;
