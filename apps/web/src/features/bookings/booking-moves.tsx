import { Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../platform/api-client';
import { Notice } from '../../platform/notice';
import { bookingQueryKeys } from './bookings-api';

/** What the moves on one shift and on a whole series share: how they are made and how a failure shows. */

/** Why a move on a shift or a series failed, as an alert; nothing while there is no error. */
export function MoveErrorNotice({ error, mt }: { error: unknown; mt?: 'xs' }) {
  if (error === null || error === undefined) return null;
  return (
    <Notice tone="error" role="alert" mt={mt}>
      <Text>{errorText(error)}</Text>
    </Notice>
  );
}

/** A move on one shift or a whole series; once it is made every bookings list is fetched again. */
export function useBookingMove<T, R>(move: (input: T) => Promise<R>, onDone: (moved: R) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: move,
    onSuccess: async (moved) => {
      await queryClient.invalidateQueries({ queryKey: bookingQueryKeys.all });
      onDone(moved);
    },
  });
}
