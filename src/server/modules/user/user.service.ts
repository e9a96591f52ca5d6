import type { Kysely } from "kysely";
import type { User, UserPreferences } from "../../../shared/api/user.ts";
import { todayInZone } from "../../../shared/rules/dates.ts";
import { AppError } from "../../app-error.ts";
import { writeUserData } from "../../db/user-data.ts";
import { scheduleAutoRollover } from "../rollover/auto-rollover-schedule.ts";
import type { Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { usersRepository } from "./user.repository.ts";

// A session whose user row is gone is no session: 401, as for a signed-out visitor.
const noUser = () => new AppError("unauthorized", "Not signed in");

export type UsersService = ReturnType<typeof usersService>;

export function usersService(deps: { kysely: Kysely<Database>; now: () => Date; dialect?: Dialect }) {
  const users = usersRepository(deps.kysely);

  /** UTC when there is no such user. */
  async function userTimeZone(userId: string): Promise<string> {
    return (await users.findTimeZone(userId)) ?? "UTC";
  }

  return {
    /** Undefined when there is no such user. */
    findTimeZone: users.findTimeZone,
    /** The export's profile; undefined when there is no such user. */
    findProfile: users.findProfile,
    /** Many users' data versions at once (a heartbeat's). */
    dataVersions: users.dataVersions,
    userTimeZone,

    /** The user's today in their zone (product-decisions.md: never the server's zone). */
    async userToday(userId: string): Promise<string> {
      return todayInZone(deps.now(), await userTimeZone(userId));
    },

    async getUser(userId: string): Promise<User> {
      const row = await users.findUser(userId);
      if (!row) throw noUser();
      return row;
    },

    async updatePreferences(userId: string, preferences: UserPreferences): Promise<User> {
      const now = deps.now();
      const current = await users.findUser(userId);
      if (!current) throw noUser();
      const asked = { ...current, ...preferences };
      if (asked.workdayStart >= asked.workdayEnd) throw new AppError("validation_failed", "workdayEnd must be after workdayStart");
      const changed = (["timeZone", "workdayStart", "workdayEnd"] as const).filter((field) => asked[field] !== current[field]);
      // The same values again change nothing a kept answer shows; the automatic rollover's slot is kept all the same.
      if (changed.length === 0) {
        await scheduleAutoRollover(deps.kysely, userId, now);
        return current;
      }
      return writeUserData(deps.kysely, userId, ["user"], async (trx) => {
        const values = Object.fromEntries(changed.map((field) => [field, asked[field]]));
        const row = await usersRepository(trx).updatePreferences(userId, values, now.toISOString());
        if (!row) throw noUser();
        await scheduleAutoRollover(trx, userId, now);
        return row;
      });
    },

    /** Removes every row of the user's in one transaction, only when the typed e-mail is theirs (any case); without one, their name. */
    async deleteAccount(userId: string, confirmEmail: string): Promise<void> {
      await deps.kysely.transaction().execute(async (trx) => {
        const repository = usersRepository(trx);
        // Locked first on PostgreSQL: a racing write waits for the deletion instead of deadlocking with it.
        const account = await repository.findNameAndEmail(userId, { lock: deps.dialect === "postgres" });
        if (!account) throw noUser();
        if ((account.email ?? account.name).trim().toLowerCase() !== confirmEmail.trim().toLowerCase()) {
          throw new AppError("bad_request", "The e-mail typed is not this account's: nothing was deleted");
        }
        await repository.deleteEverything(userId);
      });
    },
  };
}
