// A team's status page (issue 24), loaded as one chunk: a team's phone fetches nothing else.
import './team.css';
export { TeamStatusPage } from './pages/TeamStatusPage';
