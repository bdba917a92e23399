import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientWalletListSchema, saveWalletRequestSchema, walletSchema } from '@tendly/domain/api/funding-wallet';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { requireAuth } from '../../platform/auth/authenticate';
import { signedInRoute } from '../../platform/http/signed-in-route';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { coordinatorWallets, saveWallet, walletOfParticipant } from './wallet-service';

/**
 * The funding wallet (issue 16). GET/PUT /api/funding-wallet is the signed-in care seeker's own
 * wallet, or their client's for a coordinator acting for them (an alias session acts as the
 * client, so the same route serves both). GET /api/support-coordinator/wallets is every ACTIVE
 * client's summary for a coordinator.
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['funding wallet'];
  const route = signedInRoutes(app, { tags });

  app.get(
    '/funding-wallet',
    signedInRoute(apiAccess.fundingWallet, { tags, summary: 'The plan’s budgets by category with what is spent, committed and remaining, the forecast and the burn-down', response: { 200: walletSchema } }),
    async (request, reply) => reply.send(await walletOfParticipant(db, requireAuth(request).user.id, new Date())),
  );

  route.put(
    '/funding-wallet',
    apiAccess.fundingWallet,
    {
      summary: 'Set the plan dates and the budgets (categories left out have no budget)',
      body: saveWalletRequestSchema,
      response: { 200: walletSchema, 400: apiErrorSchema },
    },
    (auth, request) => saveWallet(db, auth.user.id, request.body, new Date()),
  );

  app.get(
    '/support-coordinator/wallets',
    signedInRoute(apiAccess.coordinatorWallets, { tags, summary: 'Every linked client’s wallet summary', response: { 200: clientWalletListSchema } }),
    async (request, reply) => reply.send(await coordinatorWallets(db, requireAuth(request).user.id, new Date())),
  );
};
