/**
 * One instance of the product in a process of its own, as a provider runs it, with the live test channel's plugin
 * (tests/helpers/fake-live-channel.ts) linking to LIVE_CHANNEL_URL. The configuration comes from the environment
 * (DATABASE_URL, PORT, DATA_DIR...), as for the binary. A test kills it with SIGKILL to see another instance take over.
 */
import { startServer } from "../../src/server";
import { liveChannelPlugin } from "./fake-live-channel";

const url = process.env.LIVE_CHANNEL_URL;
if (!url) throw new Error("LIVE_CHANNEL_URL is required");
await startServer({ channelPlugins: [liveChannelPlugin(url)] });
