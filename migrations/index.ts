import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_foundation";
import * as m0010 from "./0010_channels";
import * as m0020 from "./0020_tickets";
import * as m0021 from "./0021_contacts_search";
import * as m0030 from "./0030_channels_followups";
import * as m0031 from "./0031_send_retry";
import * as m0032 from "./0032_user_queues_company";
import * as m0033 from "./0033_refresh_tokens";
import * as m0034 from "./0034_connection_last_error";
import * as m0035 from "./0035_message_written_at";
import * as m0036 from "./0036_audit_log";
import * as m0037 from "./0037_chatbots";
import * as m0038 from "./0038_tag_lane_order";
import * as m0039 from "./0039_contact_wallet";
import * as m0040 from "./0040_ticket_tag_added_at";
import * as m0041 from "./0041_contact_imports";
import * as m0042 from "./0042_file_lists";
import * as m0043 from "./0043_contact_import_checks";
import * as m0044 from "./0044_ticket_tracking";
import * as m0045 from "./0045_bot_state";
import * as m0046 from "./0046_ticket_ratings";
import * as m0047 from "./0047_timed_rules";
import * as m0048 from "./0048_refresh_successor";
import * as m0049 from "./0049_store_secrets";
import * as m0050 from "./0050_message_search_scope";
import * as m0051 from "./0051_user_presence";
import * as m0052 from "./0052_dashboard";
import * as m0053 from "./0053_live_ticket_counts";
import * as m0054 from "./0054_tickets_user_covering";

/** Static map so the compiled binary carries every migration; key order is run order. */
export const migrations: Record<string, Migration> = {
  "0001_foundation": m0001,
  "0010_channels": m0010,
  "0020_tickets": m0020,
  "0021_contacts_search": m0021,
  "0030_channels_followups": m0030,
  "0031_send_retry": m0031,
  "0032_user_queues_company": m0032,
  "0033_refresh_tokens": m0033,
  "0034_connection_last_error": m0034,
  "0035_message_written_at": m0035,
  "0036_audit_log": m0036,
  "0037_chatbots": m0037,
  "0038_tag_lane_order": m0038,
  "0039_contact_wallet": m0039,
  "0040_ticket_tag_added_at": m0040,
  "0041_contact_imports": m0041,
  "0042_file_lists": m0042,
  "0043_contact_import_checks": m0043,
  "0044_ticket_tracking": m0044,
  "0045_bot_state": m0045,
  "0046_ticket_ratings": m0046,
  "0047_timed_rules": m0047,
  "0048_refresh_successor": m0048,
  "0049_store_secrets": m0049,
  "0050_message_search_scope": m0050,
  "0051_user_presence": m0051,
  "0052_dashboard": m0052,
  "0053_live_ticket_counts": m0053,
  "0054_tickets_user_covering": m0054,
};
