import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';
import classes from './post-job.module.css';

/** Said beside every field only the poster sees (`jobPrivateFieldNames` in the contract). */
export const PRIVATE_FIELD_NOTE = 'Private: only you can see this. It is not shown in your job post.';

/** A box around private fields, headed so that what follows is known to be private. */
export function PrivateFields({ title, headingOrder, children }: { title: string; headingOrder: 2 | 3; children: ReactNode }) {
  return (
    <section className={classes.private} aria-labelledby="private-fields-title">
      <Title order={headingOrder} size="h4" id="private-fields-title">
        {title}
      </Title>
      <Text size="sm" mt={4} mb="md">
        {PRIVATE_FIELD_NOTE} Fill in what helps you and your worker with invoices and care.
      </Text>
      {children}
    </section>
  );
}
