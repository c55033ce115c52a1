import { z } from 'zod';

const required = (key: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? key : undefined,
});

/** Spec §5: title required ('subject required'), description required ('details required'). */
export const feedbackSchema = z.strictObject({
  title: z
    .string(required('feedback.title_required'))
    .trim()
    .min(1, { error: 'feedback.title_required', abort: true })
    .max(200, 'feedback.title_max'),
  description: z
    .string(required('feedback.description_required'))
    .trim()
    .min(1, { error: 'feedback.description_required', abort: true })
    .max(5000, 'feedback.description_max'),
});
export type FeedbackInput = z.infer<typeof feedbackSchema>;

export const feedbackItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  created_at: z.string(),
  user: z.object({ id: z.string(), username: z.string(), email: z.string() }),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;
