import type { Config } from '../config';

/**
 * The base of every link the shop writes into an e-mail or a document (password reset,
 * invitation, review link). In production it is PUBLIC_URL and nothing else: a Host or
 * X-Forwarded-Host header chosen by the caller must never decide where a reset token is sent
 * (loadConfig refuses to start production without PUBLIC_URL). Outside production, without
 * PUBLIC_URL, the request's own host is used so `npm start` works on any port; X-Forwarded-Host
 * counts only from a proxy listed in TRUST_PROXY.
 */
export function publicBaseUrl(config: Config, req: { protocol: string; host: string }): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/$/, '');
  if (config.NODE_ENV === 'production') throw new Error('PUBLIC_URL is required in production');
  return `${req.protocol}://${req.host}`;
}
