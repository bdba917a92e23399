import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../auth/authenticate';
import type { Config } from '../config';

/**
 * Security headers on every response, with a strict Content Security Policy: scripts only from
 * our own origin (the site configuration travels as a JSON script element, which is not executed),
 * inline styles allowed for the component library's style attributes, images also from https
 * (social media posts) and data: URLs. Configured third-party services add their own hosts.
 */
export interface ThirdPartyHosts {
  readonly scriptSrc: string[];
  readonly connectSrc: string[];
  readonly frameSrc: string[];
}

/**
 * The hosts the configured third-party services need (issue 4): none by default, so the default
 * policy stays strict. Session recording (Hotjar), the chat widget (its configured host) and
 * error reporting (Sentry's loader and the DSN's ingest host) and Stripe each add theirs only when set.
 */
export function thirdPartyHosts(config: Config): ThirdPartyHosts {
  const hosts: ThirdPartyHosts = { scriptSrc: [], connectSrc: [], frameSrc: [] };
  if (config.SESSION_RECORDING_ID) {
    hosts.scriptSrc.push('https://static.hotjar.com', 'https://script.hotjar.com');
    hosts.connectSrc.push('https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com');
    hosts.frameSrc.push('https://vars.hotjar.com');
  }
  if (config.CHAT_WIDGET_TOKEN) {
    const origin = new URL(config.CHAT_WIDGET_HOST).origin;
    hosts.scriptSrc.push(origin);
    hosts.connectSrc.push(origin);
    hosts.frameSrc.push(origin);
  }
  if (config.ERROR_REPORTING_DSN) {
    hosts.scriptSrc.push('https://js.sentry-cdn.com', 'https://browser.sentry-cdn.com');
    hosts.connectSrc.push(new URL(config.ERROR_REPORTING_DSN).origin);
  }
  // Issue 15: Stripe Elements loads Stripe.js and its card fields' frames from js.stripe.com and
  // talks to api.stripe.com; only when cards go through Stripe (the three keys are set together).
  if (config.STRIPE_PUBLISHABLE_KEY) {
    hosts.scriptSrc.push('https://js.stripe.com');
    hosts.connectSrc.push('https://api.stripe.com');
    hosts.frameSrc.push('https://js.stripe.com');
  }
  return hosts;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const extra = thirdPartyHosts(app.config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: for the admin console, which shows a private document (fetched with the session's
        // token, which an <img> or <iframe> cannot send) from an object URL made in the page.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extra.connectSrc],
        frameSrc: ["'self'", 'blob:', ...extra.frameSrc],
        // A PDF shown in a blob: frame inherits this policy, and the browser's PDF viewer is a
        // plugin: allow blob: only, never a plugin from anywhere else.
        objectSrc: ['blob:'],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  registerNoStoreForApi(app);
}

/**
 * Issue 29: a response that carries a session token (sign-in, sign-up, an alias session) or
 * personal data must never be kept by a browser's cache or a proxy. Every /api response says
 * `Cache-Control: no-store` unless its route chose a caching rule of its own, which only routes
 * of public content do (the site's settings, social posts, place suggestions, avatars, workers'
 * public photos). One hook, so a new route cannot forget it.
 */
function registerNoStoreForApi(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
