import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../api/keys";
import { bodyFromForm, type FileList, type FileListForm, type FileListsPage } from "./types";

/** GET /api/files: the company's file lists by name, 20 a page, searched by name. */
export const fileListsQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: keys.fileListsPage(search),
    queryFn: ({ pageParam, signal }) => api.get<FileListsPage>("/api/files", { searchParam: search, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });

/** GET /api/files/list: every list's id and name, for pickers (the chatbot's file option). */
export const fileListPickerQuery = () =>
  queryOptions({ queryKey: keys.fileListPicker, queryFn: ({ signal }) => api.get<{ id: number; name: string }[]>("/api/files/list", undefined, signal) });

const refresh = (qc: ReturnType<typeof useQueryClient>) => qc.invalidateQueries({ queryKey: keys.fileListsAll });

/** Saves the list and its files' names and order; the answer names each file's id, in the same order. */
export function useSaveFileList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FileListForm }) =>
      id ? api.put<FileList>(`/api/files/${id}`, bodyFromForm(form)) : api.post<FileList>("/api/files", bodyFromForm(form)),
    onSuccess: () => refresh(qc),
  });
}

/** Uploads the file of one of the list's files (replacing the one it had). */
export function useUploadListFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ fileListId, optionId, file }: { fileListId: number; optionId: number; file: File }) => {
      const form = new FormData();
      form.set("fileId", String(fileListId));
      form.set("typeArch", "fileList");
      form.set("id", String(optionId));
      form.set("files", file, file.name);
      return api.post<FileList>(`/api/files/uploadList/${fileListId}`, form);
    },
    onSuccess: () => refresh(qc),
  });
}

export function useDeleteFileList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/files/${id}`),
    onSuccess: () => refresh(qc),
  });
}
