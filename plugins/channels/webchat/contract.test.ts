/** The core's channel contract (src/channels/contract.ts) against web chat, through visitor HTTP and sockets. */
import { runChannelContract } from "../../../src/channels/contract";
import { makeWebchatHarness } from "./contract-harness";

runChannelContract("webchat", makeWebchatHarness);
