import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptContractRequestSchema,
  contractDefaultsQuerySchema,
  contractDefaultsSchema,
  contractListQuerySchema,
  contractListSchema,
  contractParamsSchema,
  contractSchema,
  declineContractRequestSchema,
  offerContractRequestSchema,
  priceLimitQuerySchema,
  priceLimitSchema,
  terminateContractRequestSchema,
} from '@tendly/domain/api/contracts';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { requireAuth } from '../../platform/auth/authenticate';
import { eq } from 'drizzle-orm';
import { contracts } from '../../platform/db/schema/engagements';
import { workerTaxDetails } from '../../platform/db/schema/onboarding';
import { notFound } from '../../platform/errors';
import { sendDownload } from '../../platform/http/download-reply';
import { PDF_DOWNLOAD_DESCRIPTION } from '../../platform/http/file-replies';
import { signedInRoute } from '../../platform/http/signed-in-route';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { contractDefaults } from './contract-defaults';
import { contractEmailSite } from './contract-emails';
import { renderAgreementPdf } from './contract-pdf';
import { listContractsFor, presentContract } from './contracts-repository';
import { acceptContract, contractForViewer, declineContract, offerContract, terminateContract, withdrawContract, type ContractContext } from './contracts-service';
import { mmmClassOf, resolveSupportItem } from './ndis-pricing';

const moveResponses = { 200: contractSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Service agreements (issue 13; spec section 3 Contract; workflows.md "Contracts"). */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: ContractContext = { db: app.database.db, site: contractEmailSite(app.config) };
  const tags = ['contracts'];
  const route = signedInRoutes(app, { tags });

  route.get(
    '/contracts/defaults',
    apiAccess.offerContract,
    {
      summary: 'The terms the offer form starts from: the worker’s profile rates, the job’s funding and client, the default policies and suggested NDIS rates',
      querystring: contractDefaultsQuerySchema,
      response: { 200: contractDefaultsSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    (auth, request) => contractDefaults(ctx.db, auth, request.query),
  );

  app.get(
    '/ndis/price-limit',
    signedInRoute(apiAccess.ndisPriceLimit, {
      tags,
      summary: 'The NDIS support item a line item, level and time of day are claimed as, with its price limit for a postcode’s zone on a date',
      description: '404 names why when the catalogue has no such item (for example, community access has no weekday night item). An unknown or missing postcode is priced nationally.',
      querystring: priceLimitQuerySchema,
      response: { 200: priceLimitSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    }),
    async (request) => {
      const { date, postcode, ...rate } = request.query;
      const mmmClass = await mmmClassOf(ctx.db, { postcode: postcode ?? null });
      const found = await resolveSupportItem(ctx.db, rate, date, mmmClass);
      if (!found.ok) throw notFound(found.message);
      const { item } = found;
      return { supportItemNumber: item.number, supportItemName: item.name, unit: item.unit, priceLimit: item.priceLimit, edition: item.edition, zone: item.zone };
    },
  );

  route.post(
    '/contracts',
    apiAccess.offerContract,
    {
      summary: 'Offer a service agreement to an active worker, optionally for one of your open jobs',
      description: 'One live (offered or active) agreement per care seeker and worker: another is a 409. NDIS rates above their price limit are a 400 naming the item and the limit.',
      body: offerContractRequestSchema,
      response: { 201: contractSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    async (auth, request, reply) => {
      const record = await offerContract(ctx, auth, request.body, request.ip);
      return reply.code(201).send(presentContract(record));
    },
  );

  route.get(
    '/contracts',
    apiAccess.contracts,
    {
      summary: 'Your service agreements, newest offer first (a coordinator acting sees the client’s)',
      querystring: contractListQuerySchema,
      response: { 200: contractListSchema, 400: apiErrorSchema },
    },
    async (auth, request, reply) => {
      const records = await listContractsFor(ctx.db, auth.user.id, request.query.status);
      return reply.send({ contracts: records.map(presentContract) });
    },
  );

  route.get(
    '/contracts/:id',
    apiAccess.contracts,
    { summary: 'One of your service agreements', params: contractParamsSchema, response: { 200: contractSchema, 400: apiErrorSchema, 404: apiErrorSchema } },
    async (auth, request, reply) => reply.send(presentContract(await contractForViewer(ctx.db, auth, request.params.id))),
  );

  const move = (path: string, summary: string) => ({
    path: `/contracts/:id/${path}`,
    schema: { tags, summary, params: contractParamsSchema, response: moveResponses },
  });

  const accept = move('accept', 'The worker accepts and signs an offered agreement with their full name');
  app.post(accept.path, signedInRoute(apiAccess.contracts, { ...accept.schema, body: acceptContractRequestSchema }), async (request) =>
    presentContract(await acceptContract(ctx, { auth: requireAuth(request), ip: request.ip, contractId: request.params.id }, request.body)),
  );

  const decline = move('decline', 'The worker declines an offered agreement, optionally saying why');
  app.post(decline.path, signedInRoute(apiAccess.contracts, { ...decline.schema, body: declineContractRequestSchema }), async (request) =>
    presentContract(await declineContract(ctx, { auth: requireAuth(request), ip: request.ip, contractId: request.params.id }, request.body)),
  );

  const withdraw = move('withdraw', 'The care seeker withdraws an offer before the worker accepts it');
  app.post(withdraw.path, signedInRoute(apiAccess.contracts, withdraw.schema), async (request) =>
    presentContract(await withdrawContract(ctx, { auth: requireAuth(request), ip: request.ip, contractId: request.params.id })),
  );

  const terminate = move('terminate', 'Either party ends an active agreement with a reason and a last day; shifts after that day are cancelled');
  app.post(terminate.path, signedInRoute(apiAccess.contracts, { ...terminate.schema, body: terminateContractRequestSchema }), async (request) =>
    presentContract(await terminateContract(ctx, { auth: requireAuth(request), ip: request.ip, contractId: request.params.id }, request.body)),
  );

  route.get(
    '/contracts/:id/pdf',
    apiAccess.contractPdf,
    {
      summary: 'The agreement as a PDF, for its two parties and a coordinator acting for the care seeker',
      description: `${PDF_DOWNLOAD_DESCRIPTION} Administrators are refused (403): the agreement is between the parties.`,
      params: contractParamsSchema,
      response: { 200: z.any(), 400: apiErrorSchema, 404: apiErrorSchema },
    },
    async (auth, request, reply) => {
      const record = await contractForViewer(ctx.db, auth, request.params.id);
      const [tax] = await ctx.db.select({ abn: workerTaxDetails.abn }).from(workerTaxDetails).where(eq(workerTaxDetails.workerId, record.worker.id));
      const [signature] = await ctx.db.select({ ip: contracts.signedIp }).from(contracts).where(eq(contracts.id, record.contract.id));
      const pdf = await renderAgreementPdf({ brandName: app.config.BRAND_NAME, contract: presentContract(record), workerAbn: tax?.abn ?? null, signedIp: signature?.ip ?? null }, new Date());
      return sendDownload(reply, { bytes: pdf, fileName: `service-agreement-${record.contract.id.slice(0, 8)}.pdf` }, 'application/pdf');
    },
  );
};
