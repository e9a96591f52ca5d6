// Answers are typed against their zod contract at compile time, so this writes exactly the contract's fields
// without re-checking every value.
import type { z } from "zod";

type Pick = (value: unknown) => unknown;

const asIs: Pick = (value) => value;

function pickerFor(schema: z.core.$ZodType): Pick {
  const def = schema._zod.def;
  switch (def.type) {
    case "object": {
      const fields = Object.entries((def as z.core.$ZodObjectDef).shape).map(([key, field]) => [key, pickerFor(field)] as const);
      return (value) => {
        if (value === null || typeof value !== "object") return value;
        const source = value as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const [key, pick] of fields) {
          if (source[key] !== undefined) out[key] = pick(source[key]);
        }
        return out;
      };
    }
    case "array": {
      const pick = pickerFor((def as z.core.$ZodArrayDef).element);
      return pick === asIs ? asIs : (value) => (Array.isArray(value) ? value.map(pick) : value);
    }
    case "nullable":
    case "optional": {
      const pick = pickerFor((def as z.core.$ZodNullableDef).innerType);
      return pick === asIs ? asIs : (value) => (value === null || value === undefined ? value : pick(value));
    }
    default:
      return asIs;
  }
}

export function contractSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  if (!isZodType(schema)) throw new Error("contractSerializerCompiler: the response schema is not a zod schema");
  const pick = pickerFor(schema);
  return (data) => JSON.stringify(pick(data));
}

function isZodType(value: unknown): value is z.core.$ZodType {
  return typeof value === "object" && value !== null && "_zod" in value;
}
