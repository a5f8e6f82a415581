// How far one sees in Napoleon's Eagles weather ('Visibility', optional; rules notes §15): every sighting distance
// is cut by the same factor. The engine (what a unit may fire at or charge) and the play view (what the table shows
// of the enemy) must agree on it, so it is said once here.
import type { Weather } from '../model.js';

const WEATHER_SIGHT: Readonly<Record<Weather, number>> = {
  clear: 1,
  hot: 1,
  'light-rain': 0.5,
  'light-snow': 0.5,
  'heavy-rain': 0.25,
  'heavy-snow': 0.25,
  // "¼ or less": the text's own figure.
  fog: 0.25,
  // "haze, mist ½ to ¾" and "light haze ¾": the scenario's one haze stands for light haze, mist for the thicker end.
  mist: 0.5,
  haze: 0.75,
};

/** The factor the weather puts on every sighting distance; 1 without weather. */
export function weatherSightFactor(weather: Weather | null | undefined): number {
  return weather ? WEATHER_SIGHT[weather] : 1;
}
