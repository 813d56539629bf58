import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type GeocodeResult, geocodeMessages } from '../../../shared/schemas/geocode';
import { offsetPoint } from '../../../shared/walking';
import { ApiError, api } from '../../api/client';
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

/** What the page's map is given to place the pin: where it is, and what to do when it is moved there. */
export interface PinMapProps {
  latitude: number;
  longitude: number;
  /** The pin placed at a new point (a click or a drag on the map). */
  onMove: (latitude: number, longitude: number) => void;
}

/**
 * The map a page lends the editor to place the pin by pointer (features do not import each other:
 * the page that holds the form composes the map feature's picker into it). Drawn only once asked
 * for, so the map's code is fetched then and never with the page.
 */
export type PinMapSlot = (props: PinMapProps) => ReactNode;

/** The fields' point when both hold a number, else null. */
function pointOf(lat: HTMLInputElement | null, lng: HTMLInputElement | null) {
  if (!lat || !lng || lat.value.trim() === '' || lng.value.trim() === '') return null;
  const latitude = Number(lat.value);
  const longitude = Number(lng.value);
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null;
}

/**
 * Off campus (issue 33): where the home is. The latitude and longitude fields are the pin (what the
 * form sends, with or without the scripts); the move buttons nudge it by a step, north, south, east
 * or west, so it is placed by keyboard alone (WCAG 2.2's alternative to dragging), kept inside the
 * map's bounds. Others see an area of about 200 m around it until the group accepts their ping,
 * unless the admin chooses to show the exact location from the start.
 */
export function PinFieldset({
  kit,
  className = '',
  pinMap,
}: {
  kit: FormKit;
  className?: string;
  /** The page's map for placing the pin by pointer; without it (or without map tiles) the fields alone. */
  pinMap?: PinMapSlot;
}) {
  const college = useCollege();
  const { fid, err, controlProps, checkProps } = kit;
  const latitude = useRef<HTMLInputElement>(null);
  const longitude = useRef<HTMLInputElement>(null);
  const stepId = useId();
  const mapId = useId();
  const [step, setStep] = useState<number>(50);
  const [said, setSaid] = useState('');
  const [mapOpen, setMapOpen] = useState(false);
  /** The address search's places, or why it found none (a sentence), or null before one. */
  const [found, setFound] = useState<GeocodeResult[] | string | null>(null);
  const [finding, setFinding] = useState(false);
  /** Where the open map draws the pin: the fields' point, else the map's centre. */
  const [mapPin, setMapPin] = useState<{ latitude: number; longitude: number } | null>(null);
  // The move buttons need the scripts: drawn once they run, so none is shown that cannot work.
  const [scripts, setScripts] = useState(false);
  useEffect(() => setScripts(true), []);
  const map = college.map;
  const [[west, south], [east, north]] = map?.bounds ?? [
    [-180, -90],
    [180, 90],
  ];

  const centre = map ? { latitude: map.centre[1], longitude: map.centre[0] } : null;

  /** Writes a point into the fields (the form's state: what it sends), kept inside the bounds. */
  const place = (to: { latitude: number; longitude: number }) => {
    const lat = latitude.current;
    const lng = longitude.current;
    if (!lat || !lng) return;
    lat.value = degrees(clamp(to.latitude, south, north));
    lng.value = degrees(clamp(to.longitude, west, east));
    setMapPin({ latitude: Number(lat.value), longitude: Number(lng.value) });
    setSaid(`Pin at latitude ${lat.value}, longitude ${lng.value}.`);
  };

  const move = (bearing: number) => {
    const from = pointOf(latitude.current, longitude.current) ?? centre;
    if (from) place(offsetPoint(from, step, bearing));
  };

  /** Typed degrees move the open map's pin too. */
  const typed = () => {
    const point = pointOf(latitude.current, longitude.current);
    if (point) setMapPin(point);
  };

  /** A place the address search found: the pin goes there, and the list of places goes away. */
  const placeFound = (result: GeocodeResult) => {
    place({ latitude: result.latitude, longitude: result.longitude });
    setFound(null);
    latitude.current?.focus();
  };

  /** Asks our server's address search for what the Address field holds. */
  const findAddress = async () => {
    const address = latitude.current?.form?.elements.namedItem('address');
    const q = address instanceof HTMLInputElement ? address.value.trim() : '';
    if (q.length < 3) {
      setFound('Type the address in the Address field first.');
      return;
    }
    setFinding(true);
    try {
      const { results } = await api.get('/api/map/geocode', { query: { q } });
      setFound(results.length > 0 ? results : geocodeMessages.none);
    } catch (error) {
      setFound(error instanceof ApiError ? error.message : geocodeMessages.failed.message);
    } finally {
      setFinding(false);
    }
  };

  const openMap = () => {
    setMapPin(pointOf(latitude.current, longitude.current) ?? centre);
    setMapOpen((open) => !open);
  };
  // Offered when the page lends a map and the site has tiles to draw it from.
  const mapOffered = scripts && pinMap !== undefined && Boolean(map?.tiles);
  const shownPin = mapPin ?? centre;
  const geocoderOffered = scripts && Boolean(map?.geocoder);

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
          <input
            ref={latitude}
            inputMode="decimal"
            autoComplete="off"
            onInput={typed}
            {...controlProps('pinLatitude')}
          />
        </Field>
        <Field id={fid('pinLongitude')} label="Longitude" error={err('pinLongitude')}>
          <input
            ref={longitude}
            inputMode="decimal"
            autoComplete="off"
            onInput={typed}
            {...controlProps('pinLongitude')}
          />
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
          {mapOffered ? (
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              aria-expanded={mapOpen}
              aria-controls={mapId}
              onClick={openMap}
            >
              {mapOpen ? 'Close the map' : 'Place on a map'}
            </button>
          ) : null}
          <p className="visually-hidden" aria-live="polite">
            {said}
          </p>
        </div>
      ) : null}
      {geocoderOffered ? (
        <div className={styles.pinFind}>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            onClick={() => void findAddress()}
            disabled={finding}
          >
            Find the address on the map
          </button>
          <div aria-live="polite">
            {typeof found === 'string' ? <p className={styles.note}>{found}</p> : null}
            {Array.isArray(found) ? (
              <>
                <p className={styles.note}>Choose the place that is the home:</p>
                <ul className={styles.pinFound}>
                  {found.map((place) => (
                    <li key={`${place.label}|${place.latitude}|${place.longitude}`}>
                      <button
                        type="button"
                        className={`${buttonStyles.button} ${buttonStyles.secondary}`}
                        onClick={() => placeFound(place)}
                      >
                        {place.label}
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
      {mapOffered ? (
        <div id={mapId} className={styles.pinMap}>
          {mapOpen && shownPin
            ? pinMap({
                latitude: shownPin.latitude,
                longitude: shownPin.longitude,
                onMove: (lat, lng) => place({ latitude: lat, longitude: lng }),
              })
            : null}
        </div>
      ) : null}
      <div className={styles.checkboxField}>
        <input {...checkProps('pinExact')} />
        <label htmlFor={fid('pinExact')}>Show the exact location from the start</label>
      </div>
    </fieldset>
  );
}
