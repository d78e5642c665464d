/** The core's channel contract (tests/contract/channel-contract.ts) against web chat, through visitor HTTP and sockets. */
import { runChannelContract } from "../../../tests/contract/channel-contract";
import { makeWebchatHarness } from "./contract-harness";

runChannelContract("webchat", makeWebchatHarness);
