import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fundingDetailsResponseSchema, fundingDetailsSchema, type FundingDetails } from '@tendly/domain/api/payments';
import { apiErrorSchema } from '@tendly/domain/errors';
import type { PayingForCareType } from '@tendly/domain/job-options';
import { apiAccess } from '@tendly/domain/permissions';
import type { DbExecutor } from '../../platform/db/client';
import { contracts } from '../../platform/db/schema/engagements';
import { fundingDetails } from '../../platform/db/schema/payments';
import { signedInRoutes } from '../../platform/http/signed-in-routes';

type FundingDetailsResponse = z.infer<typeof fundingDetailsResponseSchema>;

/** The funding of the care seeker's agreements, so /provider-details asks only for what is needed. */
async function fundingTypesOf(db: DbExecutor, userId: string): Promise<PayingForCareType[]> {
  const rows = await db.selectDistinct({ fundingType: contracts.fundingType }).from(contracts).where(eq(contracts.careSeekerId, userId));
  return rows.map((row) => row.fundingType as PayingForCareType).sort();
}

export async function fundingDetailsOf(db: DbExecutor, userId: string): Promise<FundingDetailsResponse> {
  const [[row], fundingTypes] = await Promise.all([db.select().from(fundingDetails).where(eq(fundingDetails.userId, userId)), fundingTypesOf(db, userId)]);
  return {
    participantFirstName: row?.participantFirstName ?? null,
    participantLastName: row?.participantLastName ?? null,
    dateOfBirth: row?.dateOfBirth ?? null,
    fundingType: row?.fundingType ?? null,
    ndisNumber: row?.ndisNumber ?? null,
    planStartDate: row?.planStartDate ?? null,
    planEndDate: row?.planEndDate ?? null,
    planManagerName: row?.planManagerName ?? null,
    planManagerEmail: row?.planManagerEmail ?? null,
    planManagerAbn: row?.planManagerAbn ?? null,
    agedCareProviderName: row?.agedCareProviderName ?? null,
    agedCareProviderEmail: row?.agedCareProviderEmail ?? null,
    agedCareProviderAbn: row?.agedCareProviderAbn ?? null,
    invoiceAddress: row?.invoiceAddress ?? null,
    fundingTypes,
  };
}

export async function saveFundingDetails(db: DbExecutor, userId: string, details: FundingDetails): Promise<FundingDetailsResponse> {
  await db
    .insert(fundingDetails)
    .values({ userId, ...details })
    .onConflictDoUpdate({ target: fundingDetails.userId, set: { ...details, updatedAt: sql`now()` } });
  return fundingDetailsOf(db, userId);
}

/**
 * A care seeker's participant and funding details (issues 15 and 16; spec /provider-details): the
 * person supported and their date of birth, who manages the funding, the NDIS number for agency
 * claims, the plan's dates, the plan manager or aged care provider who is sent the invoices (with
 * their ABN) and the invoice address. The nominee who approves hours is kept apart, on
 * /api/account/nominee. The care seeker's own, or their client's for a coordinator acting for them.
 */
export const fundingDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['payments'];
  const route = signedInRoutes(app, { tags });

  route.get(
    '/funding-details',
    apiAccess.fundingDetails,
    { summary: 'The person supported, their funding, plan, plan manager or aged care provider and invoice address, and the funding of the care seeker’s agreements', response: { 200: fundingDetailsResponseSchema } },
    (auth) => fundingDetailsOf(db, auth.user.id),
  );

  route.put(
    '/funding-details',
    apiAccess.fundingDetails,
    {
      summary: 'Save the participant and funding details (empty or missing fields clear them)',
      body: fundingDetailsSchema,
      response: { 200: fundingDetailsResponseSchema, 400: apiErrorSchema },
    },
    (auth, request) => saveFundingDetails(db, auth.user.id, request.body),
  );
};
