// The admin portal, loaded as one chunk.
import './admin.css';
export { AddJudgesPage } from './pages/AddJudgesPage';
export { AddProjectsPage } from './pages/AddProjectsPage';
export { AdminDashboardPage } from './pages/AdminDashboardPage';
export { AdminLoginPage } from './pages/AdminLoginPage';
export { AdminSettingsPage } from './pages/AdminSettingsPage';
export { AuditLogPage } from './pages/AuditLogPage';
export { FeedbackPage } from './pages/FeedbackPage';
export { HallLayoutPage } from './pages/HallLayoutPage';
export { QrCodePage } from './pages/QrCodePage';
export { ResultsPage } from './pages/ResultsPage';
export { JudgeCodesPage } from './pages/JudgeCodesPage';
export { TableCardsPage } from './pages/TableCardsPage';
