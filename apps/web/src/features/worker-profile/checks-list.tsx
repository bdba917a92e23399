import { Text } from '@mantine/core';
import type { WorkerProfile } from '@tendly/domain/api/search';
import { formatDate } from './profile-format';
import classes from './worker-profile.module.css';

type Checks = WorkerProfile['checks'];

/** The three background checks of the home page's safety pitch (spec section 1). */
const checkNames: readonly { key: keyof Checks; label: string }[] = [
  { key: 'policeCheck', label: 'National police check' },
  { key: 'ndisScreening', label: 'NDIS Worker Screening Check' },
  { key: 'workingWithChildren', label: 'Working with Children Check' },
];

/** Each check with whether our team verified it and on which day, in words (not only a tick). */
export function ChecksList({ checks }: { checks: Checks }) {
  return (
    <ul className={classes.plainList}>
      {checkNames.map(({ key, label }) => {
        const check = checks[key];
        return (
          <li key={key} className={classes.checkItem} data-verified={check.verified || undefined}>
            <span aria-hidden="true" className={classes.mark}>
              {check.verified ? '✓' : '–'}
            </span>
            <div>
              <Text fw={600}>{label}</Text>
              <Text size="sm">
                {check.verified
                  ? check.verifiedAt
                    ? `Verified on ${formatDate(check.verifiedAt)}`
                    : 'Verified'
                  : 'Not verified yet'}
              </Text>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
