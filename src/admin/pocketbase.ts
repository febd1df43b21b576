/**
 * The admin's one PocketBase client. Same origin when the admin is served by our
 * PocketBase; PUBLIC_API_URL when the static output lives on another host. The SDK
 * keeps the session in localStorage ("pocketbase_auth"), so it survives reloads.
 */
import PocketBase from 'pocketbase';
import { API_BASE } from '../lib/forms/api';

export const pb = new PocketBase(API_BASE || window.location.origin);
// react-admin issues parallel queries on the same collection; the SDK's default
// auto-cancellation would abort all but the last.
pb.autoCancellation(false);
