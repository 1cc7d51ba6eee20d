import { MAIN_USES, MAIN_USE_LABELS, MONITOR_COUNT_MAX, MONITOR_TYPE_PATH, type MainUse } from '@battledeck/shared/contract';
import { Select } from '@battledeck/shared/ui';
import { FormField } from '@battledeck/shared/widgets';
import { Controller, useWatch, type Control } from 'react-hook-form';
import type { StationFormOutput, StationFormValues } from '../utils/form-schema';
import styles from './station-form.module.css';

const USE_OPTIONS = MAIN_USES.map((use) => ({ value: use, label: MAIN_USE_LABELS[use] }));

/** The uses with `use` checked or not, in MAIN_USES order. */
const toggled = (uses: MainUse[], use: MainUse, checked: boolean) => MAIN_USES.filter((each) => (each === use ? checked : uses.includes(each)));

/** The monitor choices: counted from the Monitor parts (empty), or the owner's own number. */
function monitorOptions(counted: number) {
  return [
    { value: '', label: `Count my Monitor parts (${counted})` },
    ...Array.from({ length: MONITOR_COUNT_MAX + 1 }, (_, n) => ({ value: String(n), label: String(n) })),
  ];
}

interface DeskFieldProps {
  control: Control<StationFormValues, unknown, StationFormOutput>;
}

/**
 * The desk properties the owner gives (decision 017): main uses (any of them) and a correction of the monitor
 * count; the palette needs nothing here, it comes from the photos.
 */
export function DeskField({ control }: DeskFieldProps) {
  // The parts in the form now, as the server will count them when it saves (not the saved station's).
  const parts = useWatch({ control, name: 'parts' });
  const countedMonitors = parts.filter((part) => part.type_path === MONITOR_TYPE_PATH).length;
  return (
    <section className={styles.card} aria-labelledby="desk-heading">
      <h2 id="desk-heading">Desk</h2>
      <Controller
        name="main_uses"
        control={control}
        render={({ field }) => (
          <fieldset className={styles.uses}>
            <legend className={styles.usesLegend}>Main use</legend>
            {/* Native checkboxes: antd's Checkbox is not in the shared antd subset (shared/src/singletons/antd.ts). */}
            {USE_OPTIONS.map(({ value, label }) => (
              <label key={value} className={styles.use}>
                <input
                  type="checkbox"
                  name="main_uses"
                  value={value}
                  checked={field.value.includes(value)}
                  onChange={(event) => field.onChange(toggled(field.value, value, event.target.checked))}
                />
                {label}
              </label>
            ))}
          </fieldset>
        )}
      />
      <Controller
        name="monitor_count"
        control={control}
        render={({ field }) => (
          <FormField label="Monitors" htmlFor="station-monitors" extra="Counted from your Monitor parts unless you pick a number.">
            <Select id="station-monitors" name={field.name} value={field.value} onChange={(event) => field.onChange(event.target.value)} onBlur={field.onBlur} options={monitorOptions(countedMonitors)} />
          </FormField>
        )}
      />
    </section>
  );
}
