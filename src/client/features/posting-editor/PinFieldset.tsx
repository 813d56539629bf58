import { useEffect, useId, useRef, useState } from 'react';
import { offsetPoint } from '../../../shared/walking';
import { useCollege } from '../../shell/config-context';
import buttonStyles from '../../ui/Button.module.css';
import { Field } from '../../ui/Field';
import type { FormKit } from './form-kit';
import styles from './PostingForm.module.css';

/** How far one press of a move button moves the pin, in metres. */
const STEPS = [10, 50, 200] as const;

const MOVES = [
  { label: 'Move north', bearing: 0 },
  { label: 'Move west', bearing: (3 * Math.PI) / 2 },
  { label: 'Move east', bearing: Math.PI / 2 },
  { label: 'Move south', bearing: Math.PI },
] as const;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const degrees = (n: number) => String(Math.round(n * 1e6) / 1e6);

/**
 * Off campus (issue 33): where the home is. The latitude and longitude fields are the pin (what the
 * form sends, with or without the scripts); the move buttons nudge it by a step, north, south, east
 * or west, so it is placed by keyboard alone (WCAG 2.2's alternative to dragging), kept inside the
 * map's bounds. Others see an area of about 200 m around it until the group accepts their ping,
 * unless the admin chooses to show the exact location from the start.
 */
export function PinFieldset({ kit, className = '' }: { kit: FormKit; className?: string }) {
  const college = useCollege();
  const { fid, err, controlProps, checkProps } = kit;
  const latitude = useRef<HTMLInputElement>(null);
  const longitude = useRef<HTMLInputElement>(null);
  const stepId = useId();
  const [step, setStep] = useState<number>(50);
  const [said, setSaid] = useState('');
  // The move buttons need the scripts: drawn once they run, so none is shown that cannot work.
  const [scripts, setScripts] = useState(false);
  useEffect(() => setScripts(true), []);
  const map = college.map;
  const [[west, south], [east, north]] = map?.bounds ?? [
    [-180, -90],
    [180, 90],
  ];

  const move = (bearing: number) => {
    const lat = latitude.current;
    const lng = longitude.current;
    if (!lat || !lng) return;
    const from =
      lat.value.trim() !== '' &&
      lng.value.trim() !== '' &&
      Number.isFinite(Number(lat.value)) &&
      Number.isFinite(Number(lng.value))
        ? { latitude: Number(lat.value), longitude: Number(lng.value) }
        : map
          ? { latitude: map.centre[1], longitude: map.centre[0] }
          : null;
    if (!from) return;
    const to = offsetPoint(from, step, bearing);
    lat.value = degrees(clamp(to.latitude, south, north));
    lng.value = degrees(clamp(to.longitude, west, east));
    setSaid(`Pin at latitude ${lat.value}, longitude ${lng.value}.`);
  };

  return (
    <fieldset className={`${styles.fieldset} ${className}`}>
      <legend className={styles.legend}>Pin on the map</legend>
      <p className={styles.note}>
        {map
          ? `Where the home is, in degrees (latitude ${south} to ${north}, longitude ${west} to ${east}). `
          : 'Where the home is, in degrees. '}
        Walking minutes to campus are worked out from it. Other students see an area of about 200 m around it until your
        group accepts their ping.
      </p>
      <div className={styles.grid}>
        <Field id={fid('pinLatitude')} label="Latitude" error={err('pinLatitude')}>
          <input ref={latitude} inputMode="decimal" autoComplete="off" {...controlProps('pinLatitude')} />
        </Field>
        <Field id={fid('pinLongitude')} label="Longitude" error={err('pinLongitude')}>
          <input ref={longitude} inputMode="decimal" autoComplete="off" {...controlProps('pinLongitude')} />
        </Field>
      </div>
      {scripts ? (
        <div className={styles.pinMoves}>
          <div className={styles.pinStep}>
            <label htmlFor={stepId}>Step</label>
            <select id={stepId} value={step} onChange={(event) => setStep(Number(event.target.value))}>
              {STEPS.map((metres) => (
                <option key={metres} value={metres}>
                  {metres} m
                </option>
              ))}
            </select>
          </div>
          {MOVES.map((m) => (
            <button
              key={m.label}
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              onClick={() => move(m.bearing)}
            >
              {m.label}
            </button>
          ))}
          <p className="visually-hidden" aria-live="polite">
            {said}
          </p>
        </div>
      ) : null}
      <div className={styles.checkboxField}>
        <input {...checkProps('pinExact')} />
        <label htmlFor={fid('pinExact')}>Show the exact location from the start</label>
      </div>
    </fieldset>
  );
}
