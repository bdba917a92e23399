import { Button, NativeSelect, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCents } from '@tendly/domain/format';
import { ndisLineItems, ndisTimeBands, supportLevels, type NdisLineItemCode, type NdisTimeBand, type SupportLevel } from '@tendly/domain/ndis-line-items';
import { ApiError } from '../../platform/api-client';
import { fieldId, type FieldErrors } from '../../platform/form-state';
import { dollarsToCents, fetchPriceLimit } from '../../platform/contracts-api';
import classes from './contracts.module.css';

export interface NdisRateRow {
  lineItem: NdisLineItemCode;
  level: SupportLevel;
  timeOfDay: NdisTimeBand;
  /** Dollars, as typed. */
  amount: string;
}

export function emptyNdisRate(): NdisRateRow {
  return { lineItem: 'SELF_CARE', level: 'ONE', timeOfDay: 'WEEKDAY_DAYTIME', amount: '' };
}

export function ndisRatesRequest(rows: readonly NdisRateRow[]) {
  return rows.map((row) => ({
    lineItem: row.lineItem,
    level: row.level,
    timeOfDay: row.timeOfDay,
    amount: row.amount.trim() === '' ? undefined : (dollarsToCents(row.amount) ?? Number.NaN),
  }));
}

/** The NDIS rates of an agreement: each line item, level, time of day and rate, with the item's price limit beside it. */
export function NdisRatesEditor({
  formId,
  rows,
  errors,
  date,
  postcode,
  onChange,
  onAdd,
  clearError,
}: {
  formId: string;
  rows: readonly NdisRateRow[];
  errors: FieldErrors;
  date: string;
  postcode: string | null;
  onChange: (rows: NdisRateRow[]) => void;
  onAdd: () => void;
  clearError: (name: string) => void;
}) {
  const update = (index: number, change: Partial<NdisRateRow>) => onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>NDIS rates</legend>
      <Text size="sm">Each support item claimed under this agreement, with its rate. No rate may be above the item’s NDIS price limit.</Text>
      {errors.ndisRates && (
        <Text id={fieldId(formId, 'ndisRates')} tabIndex={-1} size="sm" c="red.9" fw={700} mt="xs">
          {errors.ndisRates}
        </Text>
      )}
      {rows.map((row, index) => (
        <fieldset key={index} className={classes.contact}>
          <legend className={classes.subLegend}>NDIS rate {index + 1}</legend>
          <div className={classes.ndisRow}>
            <NativeSelect
              id={fieldId(formId, `ndisRates.${index}.lineItem`)}
              label="Line item"
              value={row.lineItem}
              error={errors[`ndisRates.${index}.lineItem`]}
              data={ndisLineItems.map((item) => ({ value: item.code, label: item.label }))}
              onChange={(event) => update(index, { lineItem: event.currentTarget.value as NdisLineItemCode })}
            />
            <NativeSelect
              id={fieldId(formId, `ndisRates.${index}.level`)}
              label="Level"
              value={row.level}
              data={supportLevels.map((level) => ({ value: level.code, label: level.label }))}
              onChange={(event) => update(index, { level: event.currentTarget.value as SupportLevel })}
            />
            <NativeSelect
              id={fieldId(formId, `ndisRates.${index}.timeOfDay`)}
              label="Time of day"
              value={row.timeOfDay}
              error={errors[`ndisRates.${index}.timeOfDay`]}
              data={ndisTimeBands.map((band) => ({ value: band.code, label: band.label }))}
              onChange={(event) => {
                clearError(`ndisRates.${index}.timeOfDay`);
                update(index, { timeOfDay: event.currentTarget.value as NdisTimeBand });
              }}
            />
            <TextInput
              id={fieldId(formId, `ndisRates.${index}.amount`)}
              label="Rate ($)"
              leftSection="$"
              inputMode="decimal"
              required
              value={row.amount}
              error={errors[`ndisRates.${index}.amount`]}
              aria-invalid={errors[`ndisRates.${index}.amount`] ? true : undefined}
              aria-describedby={`${formId}-ndis-limit-${index}`}
              onFocus={() => clearError(`ndisRates.${index}.amount`)}
              onChange={(event) => update(index, { amount: event.currentTarget.value })}
            />
          </div>
          <PriceLimitNote id={`${formId}-ndis-limit-${index}`} row={row} date={date} postcode={postcode} />
          <Button variant="outline" color="red.9" size="xs" mt="xs" onClick={() => onChange(rows.filter((_, at) => at !== index))}>
            Remove NDIS rate {index + 1}
          </Button>
        </fieldset>
      ))}
      <Button variant="outline" color="blue.9" mt="sm" onClick={onAdd}>
        Add an NDIS rate
      </Button>
    </fieldset>
  );
}

function PriceLimitNote({ id, row, date, postcode }: { id: string; row: NdisRateRow; date: string; postcode: string | null }) {
  const limit = useQuery({
    queryKey: ['ndis-price-limit', row.lineItem, row.level, row.timeOfDay, date, postcode],
    queryFn: ({ signal }) => fetchPriceLimit({ lineItem: row.lineItem, level: row.level, timeOfDay: row.timeOfDay, date, postcode }, signal),
    retry: false,
    staleTime: 60 * 60_000,
  });
  const amount = dollarsToCents(row.amount);
  const above = limit.data?.priceLimit != null && amount !== null && amount > limit.data.priceLimit;
  return (
    <Text id={id} size="sm" mt={4} c={above ? 'red.9' : 'gray.7'} aria-live="polite">
      {limit.data
        ? `${limit.data.supportItemName} (${limit.data.supportItemNumber}): price limit ${limit.data.priceLimit === null ? 'not set' : formatCents(limit.data.priceLimit)}${limit.data.unit === 'H' ? ' an hour' : ' each'}.${above ? ' This rate is above the limit.' : ''}`
        : limit.isError
          ? limit.error instanceof ApiError
            ? limit.error.message
            : 'We could not find the price limit just now.'
          : 'Finding the price limit…'}
    </Text>
  );
}
