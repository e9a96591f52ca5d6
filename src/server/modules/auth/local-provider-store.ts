// In this process: the local provider serves one machine, and a restart at worst asks to sign in again.
import type { Adapter, AdapterFactory, AdapterPayload } from "oidc-provider";

interface Entry {
  value: unknown;
  expiresAt: number;
}

const DEFAULT_TTL_SECONDS = 60 * 60;
const GRANTABLE = new Set(["AccessToken", "AuthorizationCode", "RefreshToken", "DeviceCode", "BackchannelAuthenticationRequest"]);

export function createMemoryStore(maxEntries = 20_000): AdapterFactory {
  const entries = new Map<string, Entry>();
  // oidc-provider stamps its artifacts with the real clock, so expiry here uses it too.
  const now = () => Date.now();

  function get<T>(key: string): T | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  function set(key: string, value: unknown, expiresInSeconds = DEFAULT_TTL_SECONDS) {
    entries.delete(key);
    entries.set(key, { value, expiresAt: now() + expiresInSeconds * 1000 });
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(oldest);
    }
  }

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
        if (model === "Session" && payload.uid) set(`sessionUid:${payload.uid}`, id, expiresIn);
        if (GRANTABLE.has(model) && payload.grantId) {
          const grantKey = `grant:${payload.grantId}`;
          set(grantKey, [...(get<string[]>(grantKey) ?? []), key(id)], expiresIn);
        }
        if (payload.userCode) set(`userCode:${payload.userCode}`, id, expiresIn);
        set(key(id), payload, expiresIn);
      },
      async find(id: string) {
        return get<AdapterPayload>(key(id));
      },
      async findByUid(uid: string) {
        const id = get<string>(`sessionUid:${uid}`);
        return id === undefined ? undefined : get<AdapterPayload>(key(id));
      },
      async findByUserCode(userCode: string) {
        const id = get<string>(`userCode:${userCode}`);
        return id === undefined ? undefined : get<AdapterPayload>(key(id));
      },
      async consume(id: string) {
        const payload = get<AdapterPayload>(key(id));
        if (payload) payload.consumed = Math.floor(now() / 1000);
      },
      async destroy(id: string) {
        entries.delete(key(id));
      },
      async revokeByGrantId(grantId: string) {
        for (const tokenKey of get<string[]>(`grant:${grantId}`) ?? []) entries.delete(tokenKey);
        entries.delete(`grant:${grantId}`);
      },
    };
  };
}
