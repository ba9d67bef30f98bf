// The public expo, loaded as one chunk.
import './expo.css';
export { ExpoPage } from './pages/ExpoPage';
