import { Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { saveWalletRequestSchema, type Wallet } from '@tendly/domain/api/funding-wallet';
import { walletCategoryCodes, walletCategoryLabels, walletSchemeCategories, type WalletCategory } from '@tendly/domain/funding-wallet';
import { centsToDollars, dollarsToCents } from '@tendly/domain/validation/worker-profile';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { ApiError, errorText, hasFieldErrors } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { ErrorNotice, Notice } from '../../platform/notice';
import { useFieldFocus } from '../../platform/form-state';
import { saveWallet, walletQueryKey } from './funding-wallet-api';

const BAD_DOLLARS = 'Enter the budget in dollars, like 25000 or 25000.50';

interface Values {
  planStartDate: string;
  planEndDate: string;
  budgets: Partial<Record<WalletCategory, string>>;
}

/** The categories the form asks for: the funding scheme's, and any other that has a budget or spending. */
export function formCategoriesOf(wallet: Wallet): WalletCategory[] {
  const shown = new Set<WalletCategory>([...walletSchemeCategories[wallet.scheme], ...wallet.categories.map((figures) => figures.category)]);
  return walletCategoryCodes.filter((category) => shown.has(category));
}

function valuesOf(wallet: Wallet): Values {
  return {
    planStartDate: wallet.plan?.startDate ?? '',
    planEndDate: wallet.plan?.endDate ?? '',
    budgets: Object.fromEntries(wallet.categories.map((figures) => [figures.category, centsToDollars(figures.budgetCents)])),
  };
}

const budgetField = (category: WalletCategory) => `budget-${category}`;

/** The API's and the schema's errors keyed by this form's fields ("budgets.1.amountCents" → the second budget sent). */
function formErrors(found: Record<string, string>, sent: readonly WalletCategory[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(found)) {
    const budget = /^budgets\.(\d+)\./.exec(key);
    const category = budget ? sent[Number(budget[1])] : undefined;
    result[category ? budgetField(category) : key] = message;
  }
  return result;
}

/**
 * The plan's dates and each category's budget, saved together (PUT /api/funding-wallet). An empty
 * budget is no budget: the category still shows what is spent, without a share or a forecast.
 */
export function WalletForm({ wallet }: { wallet: Wallet }) {
  const queryClient = useQueryClient();
  const categories = formCategoriesOf(wallet);
  const [values, setValues] = useState<Values>(() => valuesOf(wallet));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const { fieldRef, focusFirst } = useFieldFocus(['planStartDate', 'planEndDate', ...categories.map(budgetField)]);
  const sentRef = useRef<WalletCategory[]>([]);
  const save = useMutation({
    mutationFn: saveWallet,
    onSuccess: (answer) => {
      queryClient.setQueryData(walletQueryKey, answer);
      setValues(valuesOf(answer));
      setSaved(true);
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const found = formErrors(error.fieldErrors, sentRef.current);
        setErrors(found);
        focusFirst(found);
      }
    },
  });
  const isOnFields = hasFieldErrors(save.error);
  const overall = save.error !== null && !isOnFields ? errorText(save.error) : null;

  const change = (name: string, update: (current: Values) => Values) => {
    setValues(update);
    setErrors((current) => (current[name] ? { ...current, [name]: '' } : current));
    setSaved(false);
  };
  const input = (name: string, label: string, value: string, onChange: (value: string) => void, options: { type?: 'date'; description?: string; inputMode?: 'decimal' } = {}) => (
    <TextInput
      key={name}
      ref={fieldRef(name)}
      id={`wallet-${name}`}
      label={label}
      type={options.type ?? 'text'}
      description={options.description}
      inputMode={options.inputMode}
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={errors[name] || undefined}
    />
  );

  return (
    <form
      noValidate
      aria-labelledby="wallet-form-heading"
      onSubmit={(event) => {
        event.preventDefault();
        if (save.isPending) return;
        const found: Record<string, string> = {};
        const budgets: { category: WalletCategory; amountCents: number }[] = [];
        for (const category of categories) {
          const cents = dollarsToCents(values.budgets[category] ?? '');
          if (cents === null) continue;
          if (Number.isNaN(cents)) found[budgetField(category)] = BAD_DOLLARS;
          else budgets.push({ category, amountCents: cents });
        }
        const sent = budgets.map((budget) => budget.category);
        const parsed = saveWalletRequestSchema.safeParse({ planStartDate: values.planStartDate, planEndDate: values.planEndDate, budgets });
        const all = { ...(parsed.success ? {} : formErrors(fieldErrors(parsed.error), sent)), ...found };
        if (!parsed.success || Object.keys(found).length > 0) {
          setErrors(all);
          focusFirst(all);
          return;
        }
        setErrors({});
        sentRef.current = sent;
        save.mutate(parsed.data);
      }}
    >
      <Stack gap="md">
        <Title order={2} id="wallet-form-heading">
          Plan dates and budgets
        </Title>
        <Text>Enter the dates of the plan and the budget for each category, as your plan or package shows them. Leave a budget empty if the plan has none.</Text>
        <Group grow align="flex-start">
          {input('planStartDate', 'Plan start date', values.planStartDate, (value) => change('planStartDate', (current) => ({ ...current, planStartDate: value })), { type: 'date' })}
          {input('planEndDate', 'Plan end date', values.planEndDate, (value) => change('planEndDate', (current) => ({ ...current, planEndDate: value })), { type: 'date' })}
        </Group>
        {categories.map((category) =>
          input(
            budgetField(category),
            `${walletCategoryLabels[category]} budget ($)`,
            values.budgets[category] ?? '',
            (value) => change(budgetField(category), (current) => ({ ...current, budgets: { ...current.budgets, [category]: value } })),
            { inputMode: 'decimal', ...(category === 'QUARTERLY' ? { description: 'The budget for each quarter (July to September, October to December, January to March, April to June)' } : {}) },
          ),
        )}
        <ErrorNotice message={overall} />
        <div role="status" aria-live="polite">
          {saved && (
            <Notice tone="success">
              <Text>Your plan dates and budgets have been saved.</Text>
            </Notice>
          )}
        </div>
        <BusyButton type="submit" busy={save.isPending} style={{ alignSelf: 'flex-start' }}>
          Save plan and budgets
        </BusyButton>
      </Stack>
    </form>
  );
}
