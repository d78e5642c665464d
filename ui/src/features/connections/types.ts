import type { ConnectionStatus } from "../../../../src/channels/adapter";
import type { ConnectionsService } from "../../../../src/modules/connections/service";
import type { ConnectionView } from "../../../../src/modules/connections/serialize";

/** The server's own shapes (type-only imports: nothing of the server is bundled). */
export type { ConnectionStatus };
/** A connection as GET /api/whatsapp answers a holder of connections-page:view (token only for addConnection). */
export type Connection = Omit<ConnectionView, "token" | "qrcode"> & { token?: string; qrcode?: string };
/** One entry of GET /api/channels: a plugin's manifest with its config as JSON Schema and the plan's verdict. */
export type ChannelInfo = ReturnType<ConnectionsService["channels"]>[number];
export type ScheduleEntry = Connection["schedules"][number];

/** PUT /api/whatsapp/:id and the media routes answer the connection and whether its session had to pair again. */
export type SavedConnection = Connection & { sessionReset?: boolean };

/** GET /api/whatsapp/all?summary=1 (super user). */
export interface ConnectionsSummary {
  companies: { companyId: number; companyName: string; active: number; deactivated: number; total: number }[];
  totals: { active: number; deactivated: number; total: number };
}

/** GET /api/whatsapp/all?companyId= (super user): viewer shapes with the company's name. */
export type CompanyConnection = Connection & { companyName: string };
