// The judge portal, loaded as one chunk.
import './judge.css';
export { JudgeDashboardPage } from './pages/JudgeDashboardPage';
export { JudgeLivePage } from './pages/JudgeLivePage';
export { JudgeLoginPage } from './pages/JudgeLoginPage';
export { JudgeProjectPage } from './pages/JudgeProjectPage';
export { JudgeWelcomePage } from './pages/JudgeWelcomePage';
