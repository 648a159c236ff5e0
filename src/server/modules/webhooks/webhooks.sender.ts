// One HTTP attempt of a delivery: a POST of the signed body, answered by the receiver's status
// code or by what went wrong. The connection goes only to addresses checked by the target rules
// (the lookup below is the one the socket uses), redirects are not followed, and the whole
// attempt, connecting included, ends after 10 seconds.
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { hostOf, resolvePublic, type TargetRules } from './webhooks.targets';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of an answer is read before the connection is dropped: the status is what counts. */
const MAX_ANSWER_BYTES = 64 * 1024;

export type AttemptResult = { statusCode: number; error: null } | { statusCode: null; error: string };

/** Resolves as Node's lookup does, and refuses the name when the rules refuse any of its addresses. */
function checkedLookup(rules: TargetRules): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname, rules).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter((a) => !wanted || a.family === wanted);
        if (options.all) callback(null, usable);
        else if (usable[0]) callback(null, usable[0].address, usable[0].family);
        else
          callback(
            Object.assign(new Error(`${hostname} has no usable address`), { code: 'ENOTFOUND' }),
            '',
            0,
          );
      },
      (error: Error) => callback(Object.assign(error, { code: 'EADDRNOTAVAIL' }), '', 0),
    );
  };
}

const failed = (error: string): AttemptResult => ({ statusCode: null, error });

/** POSTs `body` to `url` with `headers`; never throws. */
export async function attemptDelivery(
  url: string,
  headers: Record<string, string>,
  body: string,
  rules: TargetRules,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<AttemptResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return failed('the URL is not valid');
  }
  // A host written as an address is connected without a lookup: check it before connecting.
  if (isIP(hostOf(target)))
    try {
      await resolvePublic(hostOf(target), rules);
    } catch (error) {
      return failed(error instanceof Error ? error.message : String(error));
    }
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Tread-Webhooks/1.0',
        },
        lookup: checkedLookup(rules),
        // A connection of its own: a kept-alive one could have been opened to another address.
        agent: false,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        const done = () => settle({ statusCode: res.statusCode ?? 0, error: null });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      settle(failed(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) =>
      settle(failed(error.message || error.code || 'the connection failed')),
    );
    req.end(body);
  });
}
