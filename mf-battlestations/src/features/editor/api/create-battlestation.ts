import { apiUpload, invalidateAfterStationWrite, toFormData } from '@battledeck/shared/api';
import type { CreateBattlestationFields, CreateBattlestationResponse } from '@battledeck/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StationPayload } from '../utils/form-changes';

export interface UploadVariables<F> {
  payload: StationPayload<F>;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POST /battlestations/ (multipart, with upload progress): text fields, then the photos as `images`. */
export function createBattlestation({ payload, onProgress, signal }: UploadVariables<CreateBattlestationFields>): Promise<CreateBattlestationResponse> {
  return apiUpload<CreateBattlestationResponse>('/battlestations/', {
    method: 'POST',
    form: toFormData({ ...payload.fields }, { images: payload.files }),
    onProgress,
    signal,
  });
}

/** A new station shows in every list, the featured grid, the owner's profile and its parts' counts. */
export function useCreateBattlestation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBattlestation,
    onSuccess: () => invalidateAfterStationWrite(queryClient, { parts: true }),
  });
}
