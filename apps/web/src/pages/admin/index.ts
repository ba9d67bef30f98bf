// The admin portal, loaded as one chunk.
import './admin.css';
export { AddJudgesPage } from './AddJudgesPage';
export { AddProjectsPage } from './AddProjectsPage';
export { AdminDashboardPage } from './AdminDashboardPage';
export { AdminLoginPage } from './AdminLoginPage';
export { AdminSettingsPage } from './AdminSettingsPage';
export { AuditLogPage } from './AuditLogPage';
export { HallLayoutPage } from './layout/HallLayoutPage';
export { QrCodePage } from './QrCodePage';
export { ResultsPage } from './results/ResultsPage';
export { JudgeCodesPage } from './JudgeCodesPage';
