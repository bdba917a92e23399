import { fullName } from '@tendly/domain/format';
import type { NotificationKind } from '@tendly/domain/api/notifications';
import type { NewNotification } from '../../platform/notifications/notify';
import { contractNewsText, type ContractNews } from './contract-emails';

const kinds: Readonly<Record<ContractNews['kind'], NotificationKind>> = {
  offered: 'CONTRACT_OFFERED',
  accepted: 'CONTRACT_ACCEPTED',
  declined: 'CONTRACT_DECLINED',
  withdrawn: 'CONTRACT_WITHDRAWN',
  terminated: 'CONTRACT_ENDED',
  ended: 'CONTRACT_ENDED',
};

/** The in-app notification of the same news as the contract's email (issue 17), linking to the agreement. */
export function contractNotification(
  recipient: { id: string },
  otherParty: { firstName: string; lastName: string },
  contractId: string,
  news: ContractNews,
): NewNotification {
  const { heading, lines } = contractNewsText(news, fullName(otherParty));
  return { userId: recipient.id, kind: kinds[news.kind], title: heading, body: lines.join(' '), link: `/contracts/${contractId}` };
}
