import type { Knex } from 'knex';
import type { FeedbackStore } from '../domain/identity.ports';

export function createFeedbackStore(db: Knex | Knex.Transaction): FeedbackStore {
  return {
    async insertFeedback(feedback) {
      const [row]: Array<{ id: string }> = await db('feedback')
        .insert({
          user_id: feedback.userId,
          email: feedback.email,
          rating: feedback.rating,
          comment: feedback.comment,
          page: feedback.page,
          user_agent: feedback.userAgent,
          created_at: feedback.now,
        })
        .returning('id');
      return { id: (row as { id: string }).id };
    },
  };
}
