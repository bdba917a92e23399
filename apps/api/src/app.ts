import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './platform/config';
import type { Database } from './platform/db/client';
import { registerErrorHandler } from './platform/http/error-handler';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerWebApp } from './platform/http/web-app';
import './platform/http/app-context';
import { loggerOptions } from './platform/logger';
import { siteConfigFrom } from './platform/site-config';
import { avatarRoutes } from './features/avatars/avatar-routes';
import { healthRoutes } from './features/health/health-routes';
import { siteRoutes } from './features/site/site-routes';

export interface AppDependencies {
  config: Config;
  database: Database;
  /** Tests pass false to keep the output quiet; the server logs JSON. */
  logger?: boolean;
}

/**
 * Builds the whole HTTP application: platform plugins first, then every feature's routes under
 * /api, then the web app at every other path. Tests build this same app against a real database.
 */
export async function buildApp({ config, database, logger = true }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(config) : false,
    trustProxy: true,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);

  registerErrorHandler(app);
  await registerSecurityHeaders(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.BRAND_NAME} API`,
        description: 'The REST API of the care and support marketplace. Authenticate with the `auth-token` header.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'auth-token' } },
      },
    },
    transform: createJsonSchemaTransform({ zodToJsonConfig: { target: 'draft-2020-12' } }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(siteRoutes);
      await api.register(avatarRoutes);
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, { distDir: config.webDistDir, site: siteConfigFrom(config) });
  return app;
}
