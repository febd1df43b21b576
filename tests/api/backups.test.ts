/** The admin's backups (tests/api/suites/backups.ts) with uploads and backups on the local disk. */
import { backupTests } from './suites/backups';

backupTests('local');
