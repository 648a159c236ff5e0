import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import qs from 'qs';
import type { Config } from './config';
import type { Db } from './db/connection';
import { ReplicaReads } from './db/replica';
import { registerAuth } from './http/auth';
import { isStaff } from '../domain/roles';
import { AppError, frameworkError, registerErrorHandling } from './http/errors';
import { registerRateLimit } from './http/rate-limit';
import { registerWebApp } from './http/web-app';
import { redactTokens } from './integrations/email/outbox';
import { registerModules } from './modules';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Reads on a streaming replica (DATABASE_REPLICA_URL), or null without one. */
    replica: ReplicaReads | null;
    /** Where a connection may LISTEN for the other servers' notifications (PostgreSQL only). */
    listenUrl: string | undefined;
  }
}

// Query strings as the web client writes them (src/web/api/client.ts): bracket arrays, nested objects.
const parseQuery = (query: string) => qs.parse(query, { arrayLimit: 200, depth: 3, parameterLimit: 200 });

export async function buildApp(
  config: Config,
  db: Db,
  options: { logStream?: NodeJS.WritableStream; replica?: Db; listenUrl?: string } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(options.logStream && { stream: options.logStream }),
            // Never log secrets: cookies, tokens and passwords stay out of every line.
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // The /reset?token=… page: the request line is logged, its token never.
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: redactTokens(req.url),
                remoteAddress: req.ip,
              }),
            },
          },
    routerOptions: { querystringParser: parseQuery },
    // X-Forwarded-* only from the proxies configuration names: otherwise any client could choose
    // its address (login throttling, rate limits) and host (links).
    trustProxy: config.TRUST_PROXY.length ? config.TRUST_PROXY : false,
    bodyLimit: 2 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: frameworkError,
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('replica', options.replica ? new ReplicaReads(db, options.replica) : null);
  app.decorate('listenUrl', options.listenUrl);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Security headers on every answer. Built once: @fastify/helmet built helmet's middleware
  // again for every request, parsing the policy each time.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        // /api/docs (Swagger UI) uses inline scripts of its own.
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  // API answers over 1 KB go out compressed (brotli at a fast level, or gzip): a search answer
  // of 20-27 KB becomes about 3 KB. Static files are compressed once at build time instead
  // (web-app.ts); a reply that already has a content-encoding is left alone.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 5 } });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Tread API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerAuth(app);
  // In production (docs/security.md) the API documentation is for staff only.
  if (config.NODE_ENV === 'production')
    app.addHook('preHandler', async (req) => {
      if (req.url.startsWith('/api/docs') && !(req.actor && isStaff(req.actor.role)))
        throw new AppError('not_found', 'Not found');
    });
  await registerRateLimit(app, db);
  await registerWebApp(app);
  registerModules(app);
  return app;
}
