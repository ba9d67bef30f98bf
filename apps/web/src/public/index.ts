// The public portal, loaded as one chunk.
import './public.css';
export { AddSelfDonePage } from './pages/AddSelfDonePage';
export { AddSelfPage } from './pages/AddSelfPage';
export { LandingPage } from './pages/LandingPage';
