import { Text } from '@mantine/core';
import classes from '../../platform/tag-list.module.css';

/** A short list of labels (languages, qualifications, tasks) shown as chips; a sentence when empty. */
export function TagList({ items, emptyText }: { items: readonly { code: string; label: string }[]; emptyText: string }) {
  if (items.length === 0) return <Text>{emptyText}</Text>;
  return (
    <ul className={classes.tags}>
      {items.map((item) => (
        <li key={item.code}>{item.label}</li>
      ))}
    </ul>
  );
}
