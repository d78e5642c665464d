import type { DocumentDecoration } from "elysia";
import { z } from "zod";
import type { ErrorCode } from "./errors";

/** Path ids: positive integers only; anything else is "Invalid id" on that parameter, never a 500. */
export const pathId = z
  .string({ error: "Invalid id" })
  .regex(/^[1-9][0-9]{0,15}$/, "Invalid id")
  .transform(Number)
  .refine(Number.isSafeInteger, "Invalid id");

/** The params schema of a route whose path parameters are all ids: `idParams("ticketId", "tagId")`. */
export const idParams = <const K extends string>(...names: K[]) => z.object(Object.fromEntries(names.map((n) => [n, pathId])) as { [P in K]: typeof pathId });

/** Every error answer: the catalogue's code, a message, and for ERR_VALIDATION one message per refused field. */
export const errorAnswer = z
  .object({ error: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() })
  .meta({ id: "Error", example: { error: "ERR_VALIDATION", message: "Validation failed", fields: { name: "Required" } } });

/** The `{ message }` answers of deletes and other actions that return no row. */
export const messageAnswer = z.object({ message: z.string() });

/**
 * A row as the API shows it: the fields named are documented and checked, any other field of the serializer passes
 * through. Typed as the named fields only, so a serializer's interface (which has no index signature) satisfies it.
 */
export const row = <S extends z.core.$ZodLooseShape>(shape: S) => z.looseObject(shape) as unknown as z.ZodObject<S>;

/** An answer schema as a route declares it (see `answers`): the zod schema it documents, read by the API document and the tests. */
export interface DocumentedAnswer<S extends z.ZodType = z.ZodType> {
  readonly documents: S;
  /** What Elysia reads of a Standard Schema: the types of the handler's answer, and a validate that passes it as it is. */
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { value: unknown };
    readonly types?: { readonly input: z.input<S>; readonly output: z.output<S> };
  };
}
type Documented<M> = { [K in keyof M]: M[K] extends z.ZodType ? DocumentedAnswer<M[K]> : never };

/**
 * A route's answers, by status, for its `response` option. Each schema types what the handler returns and describes the
 * answer in the API document, but is not run on every answer: checking a page of 40 tickets field by field cost a fifth of
 * the inbox list's throughput (bench/tickets.ts). The serializers shape every answer; the API suite checks each answer it
 * receives against these schemas, and that the schema would neither drop nor change a field (tests/helpers/answers.ts).
 */
export function answers<M extends Record<number, z.ZodType>>(byStatus: M): Documented<M> {
  const out: Record<number, DocumentedAnswer> = {};
  for (const [status, schema] of Object.entries(byStatus)) {
    out[Number(status)] = {
      documents: schema,
      "~standard": { version: 1, vendor: "multi100", validate: (value: unknown) => ({ value }) },
    };
  }
  return out as Documented<M>;
}

/** The zod schema behind a route's declared answer (answers() wraps it), or the schema itself. */
export const answerSchema = (declared: unknown): unknown =>
  typeof declared === "object" && declared !== null && "documents" in declared ? declared.documents : declared;

/** A page of a list: the rows under `key`, the total count and whether another page follows. */
export const pageOf = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  row({ [key]: z.array(item), count: z.number(), hasMore: z.boolean() } as { [P in K]: z.ZodArray<T> } & { count: z.ZodNumber; hasMore: z.ZodBoolean });

/** The errors a route answers besides the ones every route has (ERR_VALIDATION, and 401/403 on authenticated routes). */
type RouteErrors = Partial<Record<number, ErrorCode | readonly ErrorCode[]>>;

/**
 * A route's entry in the API document: what it does, who may call it (the permission, in the permission table's
 * words) and the catalogue's codes it may answer.
 */
export function doc(summary: string, o: { permission?: string; errors?: RouteErrors; description?: string } = {}): DocumentDecoration {
  const description = [o.description, o.permission && `**Permission:** ${o.permission}`].filter(Boolean).join("\n\n");
  const responses: Record<string, { description: string }> = {};
  for (const [status, codes] of Object.entries(o.errors ?? {})) {
    responses[status] = { description: ([] as ErrorCode[]).concat(codes as ErrorCode | ErrorCode[]).join(", ") };
  }
  return { summary, ...(description && { description }), ...(Object.keys(responses).length && { responses }) };
}

/** A path id whose refusal names another field: the ticket id of /messages/:id is reported as `ticketId`. */
export const idParamAs = <const P extends string>(param: P, field: string) =>
  z.object({ [param]: z.string() } as { [K in P]: z.ZodString }).transform((p, ctx) => {
    const id = pathId.safeParse((p as Record<string, string>)[param]);
    if (id.success) return { [param]: id.data } as { [K in P]: number };
    ctx.addIssue({ code: "custom", path: [field], message: "Invalid id" });
    return z.NEVER;
  });
