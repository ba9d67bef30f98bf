// The admin portal, loaded as one chunk.
export { AddJudgesPage } from './AddJudgesPage';
export { AddProjectsPage } from './AddProjectsPage';
export { AdminDashboardPage } from './AdminDashboardPage';
export { AdminLoginPage } from './AdminLoginPage';
export { AdminSettingsPage } from './AdminSettingsPage';
export { AuditLogPage } from './AuditLogPage';
export { QrCodePage } from './QrCodePage';
export { JudgeCodesPage } from './JudgeCodesPage';
