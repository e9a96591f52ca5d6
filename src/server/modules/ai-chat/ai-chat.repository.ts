import type { Kysely } from "kysely";
import { compiledQuery } from "../../db/compiled-query.ts";
import type { AiConversationRow, Database } from "../../db/schema.ts";

// Compiled once: every chat exchange is recorded.
const insertConversationQuery = compiledQuery((db, p: AiConversationRow) =>
  db.insertInto("aiConversations").values({
    id: p.id,
    userId: p.userId,
    provider: p.provider,
    inputTokens: p.inputTokens,
    outputTokens: p.outputTokens,
    createdAt: p.createdAt,
  }),
);

export function aiChatRepository(db: Kysely<Database>) {
  return {
    async insertConversation(userId: string, record: Omit<AiConversationRow, "userId">): Promise<void> {
      await insertConversationQuery.execute(db, { ...record, userId });
    },
  };
}
