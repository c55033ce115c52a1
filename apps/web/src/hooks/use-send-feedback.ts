import type { FeedbackInput } from '@didban/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api';

export function useSendFeedback() {
  return useMutation({ mutationFn: (body: FeedbackInput) => api.feedback.send(body) });
}
