/**
 * Builds a service's Fastify instance: zod type provider, request ids, trace context, metrics
 * (`/metrics`), identity, error shape, health routes, OpenAPI at `/openapi.json`, then the service's
 * own routes. Built without listening so tests drive it with `app.inject()`.
 */
import swagger from '@fastify/swagger';
import { loadLanguage, OFFERED_LANGUAGES } from '@kora/contracts';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { createAccessLog } from '../logger.js';
import { installMetrics } from '../metrics/fastify-metrics.js';
import type { ServiceApp, ServiceContext, ServiceDefinition } from '../service.js';
import { answerFrameworkError, installErrorHandling, SERVICE_JSON_BODY_LIMIT } from './error-handler.js';
import { installHealth, type ReadinessCheck } from './health.js';
import { installIdentity } from './identity.js';
import { refuseNullCharacters } from './null-characters.js';
import { installRequestLocale } from './request-locale.js';
import { documentObject, documentRoute, SECURITY_SCHEMES } from './openapi-route.js';
import { redactUrl, requestLoggingOptions } from './request-logging.js';
import { serializerCompiler } from './serializer.js';
import { installTraceContext } from './trace-context.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildServiceApp(
  definition: ServiceDefinition,
  ctx: ServiceContext,
  readiness: Record<string, ReadinessCheck>,
): Promise<ServiceApp> {
  // Every offered language's catalog, once per process: a request may ask for any of them.
  await Promise.all(OFFERED_LANGUAGES.map((language) => loadLanguage(language)));
  const app = Fastify({
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc rejects the line without it (the rule misjudges these generic types)
    loggerInstance: ctx.log as FastifyBaseLogger,
    // The gateway's request id is reused so one id follows the call across processes.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    ...requestLoggingOptions(),
    bodyLimit: SERVICE_JSON_BODY_LIMIT,
    // The router's own refusals (a path part past its 100 decoded characters, an address it cannot
    // decode) in the error shape, not Fastify's.
    frameworkErrors: answerFrameworkError,
    trustProxy: true,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  installTraceContext(app);
  installRequestLocale(app);
  const accessLog = createAccessLog(ctx.log);
  app.addHook('onResponse', (request, reply, done) => {
    accessLog.write(reply.statusCode >= 500 ? 'error' : 'info', {
      traceId: request.id,
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      // false, not undefined, is what a response left unfinished reports (inject()'s stand-in reports neither).
      aborted: reply.raw.writableFinished === false,
    });
    done();
  });

  installMetrics(app, definition.name);
  installIdentity(app, ctx.env.INTERNAL_SECRET);
  // A documented route without tags of its own is listed under its service in the API docs.
  app.addHook('onRoute', (route) => {
    if (route.schema && !route.schema.hide && !route.schema.tags) route.schema = { ...route.schema, tags: [definition.name] };
  });
  installErrorHandling(app);
  refuseNullCharacters(app);

  await app.register(swagger, {
    openapi: {
      info: { title: `Kora ${definition.name} service`, description: definition.description, version: '1.0.0' },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: documentRoute,
    transformObject: documentObject,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  installHealth(app, definition.name, readiness);

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc rejects the line without it (the rule misjudges these generic types)
  await definition.routes(app as ServiceApp, ctx);
  await app.ready();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc rejects the line without it (the rule misjudges these generic types)
  return app as ServiceApp;
}
