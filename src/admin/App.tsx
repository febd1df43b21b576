/**
 * The admin island (/admin): react-admin on PocketBase. Each resource's screens
 * load on demand (React.lazy in its folder's index.ts), so the first screen does
 * not pull every resource's code.
 */
import { lazy } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { createBrowserRouter, Route, RouterProvider } from 'react-router-dom';
import { createAuthProvider } from './authProvider';
import { AccessDenied } from './common/AccessDenied';
import { createAdminDataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { AdminLayout } from './layout/AdminLayout';
import { StackedNotifications } from './layout/StackedNotifications';
import { pb } from './pocketbase';
import { theme } from './theme';
import { LoginPage } from './auth/LoginPage';
import { RegisterPage } from './auth/RegisterPage';
import { ConfirmEmailChangePage, ResetPasswordPage, VerifyEmailPage } from './auth/TokenPages';
import users from './users';
import posts from './posts';
import menus from './menus';
import pages from './pages';
import testimonials from './testimonials';
import faq from './faq';
import partners from './partners';
import products from './products';
import lines from './lines';
import datasheets from './datasheets';
import software from './software';
import media from './media';
import audit from './audit';
import messages from './messages';
import newsletter from './newsletter';
import sends from './sends';
import comments from './comments';

const Dashboard = lazy(() => import('./dashboard/Dashboard'));
const ProfilePage = lazy(() => import('./profile/ProfilePage'));
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const BackupsPage = lazy(() => import('./backups/BackupsPage'));
const AnalyticsPage = lazy(() => import('./analytics/AnalyticsPage'));
const DeletedPostsPage = lazy(() => import('./posts/DeletedPostsPage'));
const DeletedMediaPage = lazy(() => import('./media/DeletedMediaPage'));
const DeletedProductsPage = lazy(() => import('./products/DeletedProductsPage'));
const PrivacyPage = lazy(() => import('./privacy/PrivacyPage'));

const dataProvider = createAdminDataProvider(pb);
const authProvider = createAuthProvider(pb);

function AdminPanel() {
  return (
    <Admin
      basename="/admin"
      title="Painel Administrativo"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      layout={AdminLayout}
      notification={StackedNotifications}
      loginPage={LoginPage}
      dashboard={Dashboard}
      accessDenied={AccessDenied}
      disableTelemetry
    >
      <Resource name="users" {...users} />
      <Resource name="posts" {...posts} />
      <Resource name="pages" {...pages} />
      <Resource name="menus" {...menus} />
      <Resource name="testimonials" {...testimonials} />
      <Resource name="faq" {...faq} />
      <Resource name="partners" {...partners} />
      <Resource name="products" {...products} />
      <Resource name="lines" {...lines} />
      <Resource name="datasheets" {...datasheets} />
      <Resource name="software" {...software} />
      <Resource name="media" {...media} />
      <Resource name="comments" {...comments} />
      <Resource name="messages" {...messages} />
      <Resource name="newsletter" {...newsletter} />
      <Resource name="sends" {...sends} />
      <Resource name="audit" {...audit} />
      <CustomRoutes>
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/backups" element={<BackupsPage />} />
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="/deleted-posts" element={<DeletedPostsPage />} />
        <Route path="/deleted-media" element={<DeletedMediaPage />} />
        <Route path="/deleted-products" element={<DeletedProductsPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/confirm-email-change" element={<ConfirmEmailChangePage />} />
      </CustomRoutes>
    </Admin>
  );
}

/**
 * Real paths (/admin/posts/abc), not react-admin's default hash router: PocketBase
 * serves the admin's page for every deep link under /admin/. react-admin mounts
 * under a parent route with the same basename. A data router, because forms warn
 * before leaving with unsaved changes (react-admin's warnWhenUnsavedChanges blocks
 * navigation through the router, which only a data router can do).
 */
const router = createBrowserRouter([{ path: '/admin/*', element: <AdminPanel /> }]);

export default function AdminApp() {
  return <RouterProvider router={router} />;
}
