import type { BattlestationDetail } from '@battledeck/shared/contract';
import { COLOUR_FAMILY_LABELS, MAIN_USE_LABELS, colourFamily } from '@battledeck/shared/plain-contract';
import styles from './desk-properties.module.css';

export const DESK_TEXTS = {
  heading: 'Desk',
  monitors: 'Monitors',
  mainUse: 'Main use',
  palette: 'Palette',
  noUse: 'Not given',
  noPalette: 'No colours yet',
} as const;

/**
 * The desk properties (issue 19, decision 017): monitors, main uses, and the cover photo's palette as
 * swatches, each named by its colour family and hex code (the colour alone tells a screen reader nothing).
 */
export function DeskProperties({ station }: { station: BattlestationDetail }) {
  const uses = station.main_uses ?? [];
  const palette = station.palette ?? [];
  return (
    <section className={styles.desk} aria-labelledby="desk-heading">
      <h2 id="desk-heading">{DESK_TEXTS.heading}</h2>
      <dl className={styles.facts}>
        <div>
          <dt>{DESK_TEXTS.monitors}</dt>
          <dd>{station.monitor_count ?? 0}</dd>
        </div>
        <div>
          <dt>{DESK_TEXTS.mainUse}</dt>
          <dd>{uses.length > 0 ? uses.map((use) => MAIN_USE_LABELS[use]).join(', ') : DESK_TEXTS.noUse}</dd>
        </div>
        <div>
          <dt>{DESK_TEXTS.palette}</dt>
          <dd>
            {palette.length > 0 ? (
              <ul className={styles.swatches} aria-label="Palette colours">
                {palette.map((hex) => (
                  <li key={hex} className={styles.swatch}>
                    <span className={styles.chip} style={{ backgroundColor: hex }} aria-hidden="true" />
                    <span className={styles.swatchName}>{COLOUR_FAMILY_LABELS[colourFamily(hex)]}</span>
                    <span className={styles.hex}>{hex}</span>
                  </li>
                ))}
              </ul>
            ) : (
              DESK_TEXTS.noPalette
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
