import { Badge } from '@mantine/core';
import { contractStatusLabels, type Contract } from '@tendly/domain/api/contracts';

const statusColours: Readonly<Record<Contract['status'], string>> = {
  OFFERED: 'blue.9',
  ACTIVE: 'teal.9',
  DECLINED: 'gray.7',
  WITHDRAWN: 'gray.7',
  ENDED: 'gray.7',
  TERMINATED: 'red.9',
};

export function ContractStatusBadge({ status }: { status: Contract['status'] }) {
  return (
    <Badge variant="filled" color={statusColours[status]} radius="sm" tt="none">
      {contractStatusLabels[status]}
    </Badge>
  );
}
