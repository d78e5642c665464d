/** A ticket as the pending panel shows it (GET /api/usersMoments), the server's own schema type. */
export type { Moment } from "../../../../src/modules/moments/schema";
