import { z } from 'zod';
import { MAX_PLAN_DAYS, MAX_WALLET_BUDGET_CENTS, walletCategoryCodes, walletSchemeCodes } from '../funding-wallet';
import { dayNumberOf } from '../pricing/local-clock';

/** GET/PUT /api/funding-wallet and GET /api/support-coordinator/wallets (issue 16: the funding wallet). */

const planDate = (label: string) => z.iso.date({ error: `Enter the plan ${label} date as a date (YYYY-MM-DD)` });

export const walletBudgetSchema = z.object({
  category: z.enum(walletCategoryCodes, { error: 'Choose a budget category from the list' }),
  amountCents: z
    .number({ error: 'Enter the budget as an amount in dollars and cents' })
    .min(0, { error: 'A budget cannot be less than $0' })
    .max(MAX_WALLET_BUDGET_CENTS, { error: 'A budget is at most $10,000,000' })
    .int({ error: 'Enter the budget to the cent' }),
});

export const saveWalletRequestSchema = z
  .object({
    planStartDate: planDate('start'),
    planEndDate: planDate('end'),
    budgets: z.array(walletBudgetSchema, { error: 'Send the budgets as a list' }).max(walletCategoryCodes.length, { error: 'Send each category once' }),
  })
  .superRefine((value, context) => {
    if (value.planEndDate <= value.planStartDate) {
      context.addIssue({ code: 'custom', path: ['planEndDate'], message: 'The plan end date must be after its start date' });
    } else if (dayNumberOf(value.planEndDate) - dayNumberOf(value.planStartDate) > MAX_PLAN_DAYS) {
      context.addIssue({ code: 'custom', path: ['planEndDate'], message: 'A plan runs for at most 5 years' });
    }
    const seen = new Set<string>();
    value.budgets.forEach((budget, index) => {
      if (seen.has(budget.category)) context.addIssue({ code: 'custom', path: ['budgets', index, 'category'], message: 'Send each category once' });
      seen.add(budget.category);
    });
  });
export type SaveWalletRequest = z.output<typeof saveWalletRequestSchema>;

export const burnDownPointSchema = z.object({
  weekEnd: z.string(),
  remainingCents: z.number().int(),
  isForecast: z.boolean(),
});

export const walletCategorySummarySchema = z.object({
  category: z.enum(walletCategoryCodes),
  /** The days this category's budget runs over: the plan, or the current quarter for Support at Home. */
  periodStart: z.string(),
  periodEnd: z.string(),
  budgetCents: z.number().int().nullable(),
  spentCents: z.number().int(),
  committedCents: z.number().int(),
  remainingCents: z.number().int().nullable(),
  percentSpent: z.number().int().nullable(),
  runOutDate: z.string().nullable(),
});
export type WalletCategorySummary = z.infer<typeof walletCategorySummarySchema>;

export const walletCategoryFiguresSchema = walletCategorySummarySchema.extend({ burnDown: z.array(burnDownPointSchema) });
export type WalletCategoryFigures = z.infer<typeof walletCategoryFiguresSchema>;

const planSchema = z.object({ startDate: z.string(), endDate: z.string() }).nullable();

export const walletSchema = z.object({
  scheme: z.enum(walletSchemeCodes),
  /** Null until the plan dates are set: there are no figures without them. */
  plan: planSchema,
  /** Today in the participant's state. */
  today: z.string(),
  categories: z.array(walletCategoryFiguresSchema),
});
export type Wallet = z.infer<typeof walletSchema>;

export const clientWalletSchema = z.object({
  clientId: z.uuid(),
  name: z.string(),
  scheme: z.enum(walletSchemeCodes),
  plan: planSchema,
  categories: z.array(walletCategorySummarySchema),
});
export type ClientWallet = z.infer<typeof clientWalletSchema>;

export const clientWalletListSchema = z.object({ clients: z.array(clientWalletSchema) });
export type ClientWalletList = z.infer<typeof clientWalletListSchema>;
