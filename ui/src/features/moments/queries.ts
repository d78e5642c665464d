import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";
import type { Moment } from "./types";

/** The panel's tickets: open and pending ones the user may see, at most MOMENTS_CAP, latest activity first. */
export const momentsQuery = () =>
  queryOptions({
    queryKey: keys.moments,
    queryFn: ({ signal }) => api.get<Moment[]>("/api/usersMoments", undefined, signal),
  });
