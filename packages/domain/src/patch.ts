import { z } from "zod";

type TPatchShape<T extends z.ZodRawShape> = {
  [K in keyof T]: z.ZodOptional<T[K] extends z.ZodDefault<infer Inner> ? Inner : T[K]>;
};

/**
 * The PATCH body of a create schema: every field optional, and a field left out stays out. zod's `.partial()` keeps
 * each `.default()`, so a PATCH of one field would come out with every defaulted field filled in and overwrite what
 * was saved (a lesson moved up would lose its text).
 */
export function zPatch<T extends z.ZodRawShape>(schema: z.ZodObject<T>): z.ZodObject<TPatchShape<T>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const inner = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
    shape[key] = inner.optional();
  }
  return z.object(shape) as unknown as z.ZodObject<TPatchShape<T>>;
}
