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

/** A multipart body with one file field, as a browser's FormData sends it. */
export function multipart(
  field: string,
  filename: string,
  content: string | Buffer,
  contentType = 'text/csv',
) {
  const boundary = `----tread${Date.now().toString(16)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(head),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      host: 'localhost:3000',
      origin: 'http://localhost:3000',
    },
  };
}
