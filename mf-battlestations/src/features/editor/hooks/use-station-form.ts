import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { stationFormSchema, type StationFormOutput, type StationFormValues } from '../utils/form-schema';
import { useUnsavedChanges } from './use-leave-guard';

/**
 * The shared create/edit form state: react-hook-form with the contract's rules (validated on submit, then
 * again on blur, SPEC §5), whether anything changed since `initialValues` (Save and the leave guard follow
 * it), and `resetTo` after a save.
 */
export function useStationForm(initialValues: StationFormValues, hasChanges: (initial: StationFormValues, values: StationFormValues) => boolean) {
  const [initial, setInitial] = useState(initialValues);
  const form = useForm<StationFormValues, unknown, StationFormOutput>({
    resolver: zodResolver(stationFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: initialValues,
  });
  const values = useWatch({ control: form.control }) as StationFormValues;
  const dirty = hasChanges(initial, values);
  const guard = useUnsavedChanges(dirty);
  const { reset } = form;
  const resetTo = useCallback(
    (next: StationFormValues) => {
      setInitial(next);
      reset(next);
    },
    [reset],
  );
  return { form, initial, values, dirty, guard, resetTo };
}
