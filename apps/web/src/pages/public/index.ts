// The public portal, loaded as one chunk.
export { AddSelfDonePage } from './AddSelfDonePage';
export { AddSelfPage } from './AddSelfPage';
export { LandingPage } from './LandingPage';
