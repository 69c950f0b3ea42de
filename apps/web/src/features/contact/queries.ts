import type { TContactStatus } from "@plugs/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchAssignees, fetchMessage, fetchMessages, replyToMessage, updateMessage } from "./api.ts";
import { contactKeys } from "./keys.ts";

export { contactKeys };

export function useMessages(status: TContactStatus | "all", cursor: string | null) {
  return useQuery({
    queryKey: contactKeys.list(status, cursor),
    queryFn: () => fetchMessages(status, cursor),
    placeholderData: keepPreviousData,
  });
}

export function useMessage(id: string) {
  return useQuery({ queryKey: contactKeys.message(id), queryFn: () => fetchMessage(id) });
}

export function useAssignees() {
  return useQuery({ queryKey: contactKeys.assignees(), queryFn: fetchAssignees, staleTime: 60_000 });
}

/** A change to one message: its page shows the answer at once, the lists refetch. */
function useMessageMutation<TInput>(mutationFn: (input: TInput) => ReturnType<typeof fetchMessage>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (message) => {
      queryClient.setQueryData(contactKeys.message(message.id), message);
      await queryClient.invalidateQueries({ queryKey: [...contactKeys.all, "list"] });
    },
  });
}

export function useUpdateMessage() {
  return useMessageMutation(updateMessage);
}

export function useReplyToMessage() {
  return useMessageMutation(replyToMessage);
}
