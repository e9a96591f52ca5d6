import type { Kysely } from "kysely";
import type { User, UserPreferences } from "../../../shared/api/user.ts";
import { AppError } from "../../app-error.ts";
import type { Database } from "../../db/schema.ts";
import { usersRepository } from "./user.repository.ts";

// A session whose user row is gone is no session: 401, as for a signed-out visitor.
const noUser = () => new AppError("unauthorized", "Not signed in");

export function usersService(deps: { kysely: Kysely<Database>; now: () => Date }) {
  const users = usersRepository(deps.kysely);
  return {
    async getUser(userId: string): Promise<User> {
      const row = await users.findUser(userId);
      if (!row) throw noUser();
      return row;
    },

    /** Keeps the browser's IANA zone (already checked against the zone database by the schema). */
    async updatePreferences(userId: string, preferences: UserPreferences): Promise<User> {
      const row = await users.updateTimeZone(userId, preferences.timeZone, deps.now().toISOString());
      if (!row) throw noUser();
      return row;
    },
  };
}
