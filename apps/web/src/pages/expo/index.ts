// The public expo, loaded as one chunk.
export { ExpoPage } from './ExpoPage';
