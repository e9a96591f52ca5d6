// AI queries only. Every function takes the user's id first.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

export interface ConversationRecord {
  id: string;
  provider: string;
  message: string;
  response: string;
  createdAt: string;
}

export function aiRepository(db: Kysely<Database>) {
  return {
    /** One chat exchange, kept for the AI analytics (spec section 3 "AI analytics and planning history"). */
    async insertConversation(userId: string, record: ConversationRecord): Promise<void> {
      await db
        .insertInto("aiConversations")
        .values({ ...record, userId })
        .execute();
    },

    async listConversations(userId: string): Promise<ConversationRecord[]> {
      return db
        .selectFrom("aiConversations")
        .select(["id", "provider", "message", "response", "createdAt"])
        .where("userId", "=", userId)
        .orderBy("createdAt")
        .orderBy("id")
        .execute();
    },
  };
}
