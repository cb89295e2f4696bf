// The contract's schemas read the way a client reads a server's answers. The response schemas are strict
// (`z.strictObject`): the server checks every answer against them before it sends it, and the suite checks
// the answers with them, so a field the contract does not describe is a server bug found there. A client
// built against an older contract must not reject an answer for a field added later (docs/changelog.md calls
// added fields additive; the answer may already be paid for): the lenient reading drops keys it does not know
// and checks every key it knows as strictly as before. One definition of each schema, read two ways.
import { z } from "zod";

type Def = Record<string, unknown> & { type: string; catchall?: z.core.$ZodType };

const lenientCopies = new WeakMap<z.core.$ZodType, z.core.$ZodType>();

/** The same schema, with every object inside it (however deep) stripping unknown keys instead of refusing them. */
export function lenientSchema<T extends z.core.$ZodType>(schema: T): T {
  const known = lenientCopies.get(schema);
  if (known) return known as T;
  const def = schema._zod.def as unknown as Def;
  const changes = lenientParts(def);
  // Leaves (strings, numbers, enums, literals...) have nothing inside to relax: the schema itself serves.
  const copy = changes ? z.core.util.clone(schema, { ...def, ...changes } as T["_zod"]["def"]) : schema;
  lenientCopies.set(schema, copy);
  return copy;
}

/** The parts of a definition that hold other schemas, made lenient; undefined when it holds none. */
function lenientParts(def: Def): Record<string, unknown> | undefined {
  const each = (schemas: unknown) => (schemas as z.core.$ZodType[]).map((inner) => lenientSchema(inner));
  const one = (inner: unknown) => (inner === undefined ? undefined : lenientSchema(inner as z.core.$ZodType));
  switch (def.type) {
    case "object": {
      const shape = Object.fromEntries(Object.entries(def.shape as Record<string, z.core.$ZodType>).map(([key, inner]) => [key, lenientSchema(inner)]));
      // A strict object's catchall is `never`; without one, zod strips unknown keys. A loose catchall stays.
      const catchall = def.catchall === undefined || def.catchall._zod.def.type === "never" ? undefined : lenientSchema(def.catchall);
      return { shape, catchall };
    }
    case "array":
      return { element: one(def.element) };
    case "union":
      return { options: def.discriminator === undefined ? lenientOptions(def.options as z.core.$ZodType[]) : each(def.options) };
    case "intersection":
      return { left: one(def.left), right: one(def.right) };
    case "tuple":
      return { items: each(def.items), rest: def.rest === null ? null : one(def.rest) };
    case "record":
    case "map":
      return { keyType: one(def.keyType), valueType: one(def.valueType) };
    case "set":
      return { valueType: one(def.valueType) };
    case "pipe":
      return { in: one(def.in), out: one(def.out) };
    case "lazy": {
      const getter = def.getter as () => z.core.$ZodType;
      return { getter: () => lenientSchema(getter()) };
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
    case "success":
    case "promise":
      return { innerType: one(def.innerType) };
    default:
      return undefined;
  }
}

const keysOf = (schema: z.core.$ZodType) => (schema._zod.def.type === "object" ? Object.keys((schema as z.ZodObject).shape) : []);

/**
 * A union without a discriminator's options, read leniently. Strict options told themselves apart by their keys
 * (a full case is not a basic case with extra keys): stripping alone would read a full case with one bad field
 * as a basic case and drop the rest. So a strict option still refuses the keys only its siblings know.
 */
function lenientOptions(options: z.core.$ZodType[]): z.core.$ZodType[] {
  return options.map((option) => {
    const lenient = lenientSchema(option);
    const def = option._zod.def as unknown as Def;
    if (def.type !== "object" || def.catchall?._zod.def.type !== "never") return lenient;
    const own = new Set(keysOf(option));
    const theirs = options.flatMap(keysOf).filter((key) => !own.has(key));
    if (theirs.length === 0) return lenient;
    const refused = Object.fromEntries(theirs.map((key) => [key, z.never().optional()]));
    const lenientDef = lenient._zod.def as unknown as Def;
    return z.core.util.clone(lenient, { ...lenientDef, shape: { ...(lenientDef.shape as object), ...refused } } as typeof lenient._zod.def);
  });
}
