import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shiftSchema } from '@tendly/domain/api/bookings';
import { conversationNextStepSchema } from '@tendly/domain/api/conversations';
import { apiRequest } from '../../platform/api-client';
import { contractQueryKeys, moveContract } from '../../platform/contracts-api';
import { useRealtimeEvents, useRealtimeReconnects } from '../../platform/realtime-events';

/** Issue 31, item 2: what comes next between the two sides of a conversation, as the server says. */
export const nextStepQueryKey = (conversationId: string) => ['conversations', conversationId, 'next-step'] as const;

export function fetchNextStep(conversationId: string, signal?: AbortSignal) {
  return apiRequest(`/conversations/${encodeURIComponent(conversationId)}/next-step`, { schema: conversationNextStepSchema, ...(signal ? { signal } : {}) });
}

/**
 * The next step, asked again whenever news arrives (a message, or a notification such as an offer,
 * an acceptance or a booking from the other side) and when the live stream reopens.
 */
export function useNextStep(conversationId: string, enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: nextStepQueryKey(conversationId), queryFn: ({ signal }) => fetchNextStep(conversationId, signal), staleTime: 0, enabled });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: nextStepQueryKey(conversationId) });
  useRealtimeEvents((event) => {
    if (event.type === 'message' || event.type === 'notifications') refresh();
  });
  useRealtimeReconnects(refresh);
  return query;
}

/** After a move from the conversation: the next step and the agreements are asked for again. */
function useAfterMove(conversationId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: nextStepQueryKey(conversationId) });
    void queryClient.invalidateQueries({ queryKey: contractQueryKeys.all });
  };
}

/** The worker signs the offered agreement from the conversation (POST /api/contracts/{id}/accept). */
export function useAcceptAgreement(conversationId: string, contractId: string) {
  const afterMove = useAfterMove(conversationId);
  return useMutation({
    mutationFn: (body: { signatureName: string; agreed: boolean }) => moveContract(contractId, { action: 'accept', body }),
    onSuccess: afterMove,
  });
}

/** The worker confirms the first shift from the conversation (POST /api/shifts/{id}/confirm). */
export function useConfirmShift(conversationId: string) {
  const afterMove = useAfterMove(conversationId);
  return useMutation({
    mutationFn: (shiftId: string) => apiRequest(`/shifts/${encodeURIComponent(shiftId)}/confirm`, { method: 'POST', schema: shiftSchema }),
    onSuccess: afterMove,
  });
}
