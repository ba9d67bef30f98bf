// The judge portal, loaded as one chunk.
export { JudgeDashboardPage } from './JudgeDashboardPage';
export { JudgeLivePage } from './JudgeLivePage';
export { JudgeLoginPage } from './JudgeLoginPage';
export { JudgeProjectPage } from './JudgeProjectPage';
export { JudgeWelcomePage } from './JudgeWelcomePage';
