// The public portal, loaded as one chunk.
import './public.css';
export { AddSelfDonePage } from './AddSelfDonePage';
export { AddSelfPage } from './AddSelfPage';
export { LandingPage } from './LandingPage';
