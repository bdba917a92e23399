import { Autocomplete, Text, type ComboboxItem } from '@mantine/core';
import type { FieldBinding } from './choice-fields';
import { useNdisSupportItems } from './ndis-support-items';
import classes from './post-job.module.css';

const SHOWN_AT_ONCE = 30;

/**
 * The NDIS support item of the job: a search over the catalogue's items by number or name, with
 * free text allowed for an item not in the list (the contract checks the number's format).
 */
export function NdisItemField({
  field,
  value,
  onChange,
}: {
  field: FieldBinding;
  value: string;
  onChange: (value: string) => void;
}) {
  const items = useNdisSupportItems(true);
  const names = new Map((items.data ?? []).map((item) => [item.number, item.name]));
  const chosenName = names.get(value.trim());

  function filter({ options, search }: { options: unknown[]; search: string }) {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    return options
      .filter((option): option is ComboboxItem => typeof option === 'object' && option !== null && 'value' in option)
      .filter((option) => {
        const text = `${option.value} ${names.get(option.value) ?? ''}`.toLowerCase();
        return words.every((word) => text.includes(word));
      })
      .slice(0, SHOWN_AT_ONCE);
  }

  return (
    <div>
      <Autocomplete
        id={field.id}
        name={field.name}
        error={field.error}
        onFocus={field.onFocus}
        label="NDIS support item (optional)"
        description={
          items.isError
            ? 'Enter the item number from the NDIS plan, such as 01_011_0107_1_1.'
            : 'Type a few words, such as self-care, or the item number from the NDIS plan.'
        }
        data={(items.data ?? []).map((item) => item.number)}
        filter={filter}
        renderOption={({ option }) => (
          <div>
            <Text size="sm" fw={600}>
              {option.value}
            </Text>
            <Text size="sm">{names.get(option.value)}</Text>
          </div>
        )}
        value={value}
        onChange={onChange}
        size="md"
        maw={560}
        withScrollArea={false}
        classNames={{ label: classes.groupLabel, options: classes.options }}
        comboboxProps={{ withinPortal: true }}
      />
      <Text size="sm" mt={chosenName ? 6 : 0} aria-live="polite">
        {chosenName ?? ''}
      </Text>
    </div>
  );
}
