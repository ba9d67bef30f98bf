// The judge portal, loaded as one chunk.
import './judge.css';
export { JudgeDashboardPage } from './JudgeDashboardPage';
export { JudgeLivePage } from './JudgeLivePage';
export { JudgeLoginPage } from './JudgeLoginPage';
export { JudgeProjectPage } from './JudgeProjectPage';
export { JudgeWelcomePage } from './JudgeWelcomePage';
